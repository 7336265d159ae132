/**
 * The data of the two e-mails of "E-mail me when it is back" (issue 42, decision 092; queued by
 * ../back-in-stock.ts, rendered by ./back-in-stock-email.tsx; the app's renderer picks them by
 * their `kind`, server/emails.ts):
 * - `back_in_stock_confirm`: the double opt-in, a link that makes the request active;
 * - `back_in_stock`: the one message when the piece can be bought again.
 *
 * As with every outbox e-mail, a field is only ever added as optional, and a change of meaning is
 * a new kind: a row written by one release may be sent by the next.
 */
import {
  emailShopCheck,
  type EmailShop,
  type IsoDateTime,
} from '../../platform/mail/templates/email-shop.ts';
import {
  dateTime,
  EmailDataError,
  httpUrl,
  isRecord,
  object,
  text,
} from '../../platform/mail/templates/json-checks.ts';

/** The link that confirms a request, sent to the address it was made for. */
export interface BackInStockConfirmEmailData {
  kind: 'back_in_stock_confirm';
  shop: EmailShop;
  productName: string;
  productUrl: string;
  /**
   * `/back-in-stock/confirm?token=…`: a credential, kept in the outbox row until the e-mail is
   * sent (then blanked: server/emails.ts `withoutCredentials`) and in the e-mail.
   */
  confirmUrl: string;
  /** When the link stops working. */
  expiresAt: IsoDateTime;
}

/** The one message when the piece is back. */
export interface BackInStockEmailData {
  kind: 'back_in_stock';
  shop: EmailShop;
  productName: string;
  productUrl: string;
}

export type BackInStockEmails = BackInStockConfirmEmailData | BackInStockEmailData;

/** The outbox kinds of these e-mails. */
export const BACK_IN_STOCK_KINDS = ['back_in_stock_confirm', 'back_in_stock'] as const;

/** True when an outbox row's `kind` is one of these e-mails. */
export function isBackInStockEmailKind(kind: unknown): kind is BackInStockEmails['kind'] {
  return (BACK_IN_STOCK_KINDS as readonly unknown[]).includes(kind);
}

const checkConfirm = object<BackInStockConfirmEmailData>({
  kind: text,
  shop: emailShopCheck,
  productName: text,
  productUrl: httpUrl,
  confirmUrl: httpUrl,
  expiresAt: dateTime,
});

const checkBack = object<BackInStockEmailData>({
  kind: text,
  shop: emailShopCheck,
  productName: text,
  productUrl: httpUrl,
});

/**
 * Checks that `value` (an outbox row's JSON) is one of these e-mails' data and returns it typed.
 * @throws EmailDataError naming every field that is missing or malformed (permanent).
 */
export function parseBackInStockEmailData(value: unknown): BackInStockEmails {
  if (!isRecord(value) || !isBackInStockEmailKind(value.kind)) {
    throw new EmailDataError([`kind: one of ${BACK_IN_STOCK_KINDS.join(', ')}`]);
  }
  const issues: string[] = [];
  (value.kind === 'back_in_stock' ? checkBack : checkConfirm)(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as BackInStockEmails;
}
