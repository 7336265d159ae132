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
import type { RenderOutboxEmail } from './platform/mail/email-worker-thread.ts';
import type { EmailData } from './orders/emails/email-kinds.ts';
import { isStaffEmailKind, type StaffEmailData } from './staff/emails/staff-email-data.ts';
import { type BackupFailedEmailData, isBackupEmailKind } from './staff/emails/backup-email-data.ts';
import {
  isRecallEmailKind,
  type ProductRecallEmailData,
} from './catalog/emails/recall-email-data.ts';
import {
  type BackInStockEmails,
  isBackInStockEmailKind,
} from './catalog/emails/back-in-stock-email-data.ts';
import {
  type GiftCardEmailData,
  isGiftCardEmailKind,
} from './giftcards/emails/gift-card-email-data.ts';

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
