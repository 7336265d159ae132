/**
 * The renderer of every noun's e-mails, for the outbox (server/platform/mail/outbox.ts): a
 * row's `kind` names the noun that owns it, the back office's e-mails to people
 * (server/staff/emails/, the failed backup's among them) or the orders' (server/orders/emails/),
 * and that noun checks and renders it. Beside ./app.ts because it composes domains, which the
 * platform may not import.
 *
 * A noun's renderer is imported with the first e-mail it renders, never before: the compiled
 * server renders in the e-mail worker thread (./email-worker.ts), and from source (tests,
 * `npm run dev`) the outbox renders in the API process; either way an idle API process never
 * loads React Email.
 */
import type { OutboxEmailData, RenderOutboxEmail } from './platform/mail/email-worker-thread.ts';
import type { EmailData } from './orders/emails/email-kinds.ts';
import {
  isStaffEmailKind,
  type StaffEmailData,
  type StaffInvitationEmailData,
  type StaffPasswordResetEmailData,
} from './staff/emails/staff-email-data.ts';
import { type BackupFailedEmailData, isBackupEmailKind } from './staff/emails/backup-email-data.ts';
import {
  isRecallEmailKind,
  type ProductRecallEmailData,
} from './catalog/emails/recall-email-data.ts';
import {
  type BackInStockConfirmEmailData,
  type BackInStockEmails,
  isBackInStockEmailKind,
} from './catalog/emails/back-in-stock-email-data.ts';
import {
  type GiftCardEmailData,
  isGiftCardEmailKind,
} from './giftcards/emails/gift-card-email-data.ts';

/**
 * The fields of each kind of e-mail that work only as a secret: the gift card's code (money to
 * whoever holds it) and the one-time links. The outbox blanks them once the e-mail is sent
 * (server/platform/mail/outbox.ts `afterSent`); until then they are needed to send it again.
 */
const CREDENTIALS = {
  gift_card: ['code'],
  back_in_stock_confirm: ['confirmUrl'],
  staff_invitation: ['acceptUrl'],
  staff_password_reset: ['resetUrl'],
} satisfies {
  gift_card: (keyof GiftCardEmailData)[];
  back_in_stock_confirm: (keyof BackInStockConfirmEmailData)[];
  staff_invitation: (keyof StaffInvitationEmailData)[];
  staff_password_reset: (keyof StaffPasswordResetEmailData)[];
};

/**
 * A sent e-mail's data as its outbox row keeps it: each credential of its kind ({@link
 * CREDENTIALS}) blanked to "", the rest as it was (the back office lists what was sent).
 */
export function withoutCredentials(data: OutboxEmailData): OutboxEmailData {
  const secrets: readonly string[] =
    (CREDENTIALS as Record<string, readonly string[]>)[data.kind] ?? [];
  if (secrets.length === 0) return data;
  const kept: Record<string, unknown> = { ...data };
  for (const key of secrets) if (key in kept) kept[key] = '';
  return kept as unknown as OutboxEmailData;
}

/**
 * Renders an outbox row's data with its noun's renderer.
 * @throws EmailDataError when the data is not a valid e-mail of its kind (permanent)
 */
export const renderOutboxEmail: RenderOutboxEmail = async (data) => {
  if (isStaffEmailKind(data.kind)) {
    const { renderStaffEmail } = await import('./staff/emails/render-staff-email.ts');
    return renderStaffEmail(data as StaffEmailData);
  }
  if (isBackupEmailKind(data.kind)) {
    const { renderBackupEmail } = await import('./staff/emails/backup-email.tsx');
    return renderBackupEmail(data as BackupFailedEmailData);
  }
  if (isRecallEmailKind(data.kind)) {
    const { renderRecallEmail } = await import('./catalog/emails/recall-email.tsx');
    return renderRecallEmail(data as ProductRecallEmailData);
  }
  if (isBackInStockEmailKind(data.kind)) {
    const { renderBackInStockEmail } = await import('./catalog/emails/back-in-stock-email.tsx');
    return renderBackInStockEmail(data as BackInStockEmails);
  }
  if (isGiftCardEmailKind(data.kind)) {
    const { renderGiftCardEmail } = await import('./giftcards/emails/gift-card-email.tsx');
    return renderGiftCardEmail(data as GiftCardEmailData);
  }
  const { renderEmail } = await import('./orders/emails/render-email.ts');
  return renderEmail(data as EmailData);
};
