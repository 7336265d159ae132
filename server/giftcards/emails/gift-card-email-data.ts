/**
 * The data of a gift card's e-mail to its recipient (decision 090), queued by
 * ../gift-card-issue.ts when the card is delivered and rendered by ./gift-card-email.tsx; the
 * app's renderer picks it by its `kind` (server/emails.ts).
 *
 * The code is in this data, in the outbox row, until it is sent (then blanked: server/emails.ts
 * `withoutCredentials`): the one place besides the e-mail itself where it exists in full (the
 * card keeps only its hash and last four).
 * As with every outbox e-mail, a field is only ever added as optional.
 */
import { emailShopCheck, type EmailShop } from '../../platform/mail/templates/email-shop.ts';
import {
  currency,
  EmailDataError,
  isRecord,
  maybeBlank,
  money,
  object,
  text,
} from '../../platform/mail/templates/json-checks.ts';

/** A gift card (or store credit) for its recipient. Texts are the buyer's or owner's plain text. */
export interface GiftCardEmailData {
  kind: 'gift_card';
  shop: EmailShop;
  recipientName: string;
  /** Who gave it: the buyer's name, or the shop's for store credit. */
  fromName: string;
  /** The buyer's message (line breaks kept); "" for none. */
  message: string;
  /** The full code, `GIFT-XXXX-...`. */
  code: string;
  amount: string;
  currency: string;
  /** The storefront's balance page. */
  balanceUrl: string;
}

/** The outbox `kind` of {@link GiftCardEmailData}. */
export const GIFT_CARD_KIND = 'gift_card';

/** True when an outbox row's `kind` is a gift card's e-mail. */
export function isGiftCardEmailKind(kind: unknown): kind is typeof GIFT_CARD_KIND {
  return kind === GIFT_CARD_KIND;
}

const check = object<GiftCardEmailData>({
  kind: text,
  shop: emailShopCheck,
  recipientName: text,
  fromName: text,
  message: maybeBlank,
  code: text,
  amount: money,
  currency,
  balanceUrl: text,
});

/**
 * Checks that `value` (an outbox row's JSON) is a `GiftCardEmailData` and returns it typed.
 * @throws EmailDataError naming every field that is missing or malformed (permanent).
 */
export function parseGiftCardEmailData(value: unknown): GiftCardEmailData {
  if (!isRecord(value) || !isGiftCardEmailKind(value.kind)) {
    throw new EmailDataError([`kind: '${GIFT_CARD_KIND}'`]);
  }
  const issues: string[] = [];
  check(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as GiftCardEmailData;
}
