/**
 * Renders a back-office e-mail (./staff-email-data.ts) into a subject, an HTML part and a
 * plain-text part, as ./render-email.ts renders an order e-mail.
 */
import type { ComponentType } from 'react';
import type { EmailProps } from './layout.tsx';
import { renderComponent, type RenderedEmail } from './render-email.ts';
import {
  parseStaffEmailData,
  type StaffEmailData,
  type StaffEmailKind,
} from './staff-email-data.ts';
import {
  ContactReplyEmail,
  STAFF_EMAIL_SUBJECTS,
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
};

/**
 * Renders one back-office e-mail.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @throws EmailDataError when the data is not a valid `StaffEmailData` (permanent).
 */
export async function renderStaffEmail(data: StaffEmailData): Promise<RenderedEmail> {
  const checked = parseStaffEmailData(data);
  const Component = STAFF_EMAIL_COMPONENTS[checked.kind] as ComponentType<
    EmailProps<StaffEmailData>
  >;
  const subject = (STAFF_EMAIL_SUBJECTS[checked.kind] as (d: StaffEmailData) => string)(checked);
  return renderComponent(Component, checked, subject);
}
