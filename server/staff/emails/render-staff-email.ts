/**
 * Renders a back-office e-mail (./staff-email-data.ts) into a subject, an HTML part and a
 * plain-text part with the platform's server/platform/mail/templates/render-component.ts, as
 * server/orders/emails/render-email.ts renders an order e-mail. Loaded lazily, with the first
 * e-mail, by the renderer of every noun's e-mails (server/emails.ts).
 */
import type { ComponentType } from 'react';
import type { EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import {
  parseStaffEmailData,
  type StaffEmailData,
  type StaffEmailKind,
} from './staff-email-data.ts';
import {
  ContactReplyEmail,
  STAFF_EMAIL_SUBJECTS,
  StaffFailedMailEmail,
  StaffInvitationEmail,
  StaffPasswordResetEmail,
  StaffSecondStepLockedEmail,
  StaffTwoStepResetEmail,
} from './staff-emails.tsx';

/** The component of every kind. */
export const STAFF_EMAIL_COMPONENTS: {
  [K in StaffEmailKind]: ComponentType<EmailProps<Extract<StaffEmailData, { kind: K }>>>;
} = {
  staff_invitation: StaffInvitationEmail,
  contact_reply: ContactReplyEmail,
  staff_password_reset: StaffPasswordResetEmail,
  staff_second_step_locked: StaffSecondStepLockedEmail,
  staff_two_step_reset: StaffTwoStepResetEmail,
  staff_failed_mail: StaffFailedMailEmail,
};

/**
 * Renders one back-office e-mail.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @returns `{ subject, html, text }`, and the shop's address as `replyTo` on its answer to a
 *   contact message
 * @throws EmailDataError when the data is not a valid `StaffEmailData` (permanent).
 */
export async function renderStaffEmail(data: StaffEmailData): Promise<RenderedEmail> {
  const checked = parseStaffEmailData(data);
  const Component = STAFF_EMAIL_COMPONENTS[checked.kind] as ComponentType<
    EmailProps<StaffEmailData>
  >;
  const subject = (STAFF_EMAIL_SUBJECTS[checked.kind] as (d: StaffEmailData) => string)(checked);
  const email = renderComponent(Component, checked, subject);
  // The shop's answer to a contact message is answered back to the shop, whatever the sender.
  return checked.kind === 'contact_reply'
    ? { ...email, replyTo: checked.shop.contactEmail }
    : email;
}
