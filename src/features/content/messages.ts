/**
 * The contact form's messages (spec section 8), apart from its zod schema (schemas.ts) so the
 * API module, which every page loads, does not bring zod with it.
 */
export const CONTACT_FORM_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email address.',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
  /** Spec section 8: the message was received. */
  success: 'Thank you for your message! We will get back to you soon.',
  /** Spec section 8: a failure without a detail or field errors. */
  failed: 'Failed to send message. Please try again later.',
} as const;
