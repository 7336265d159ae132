/**
 * A gift card line's choice (decision 090): the amount, the recipient, the buyer's message and
 * the day it is e-mailed, as the product page sends it (contract: GiftCardChoice) and as the
 * cart line and the order line keep it (JSON in `cart_items.gift_card`, `order_items.gift_card`;
 * the order line adds the voucher kind). Checked here, when the line is added to the cart,
 * against the product's amounts and today (UTC). In the cart's domain, so the cart checks it and
 * the gift card domain (above it) reads it.
 */
import type { FieldErrors } from '../platform/domain-error.ts';
import { DomainError } from '../platform/domain-error.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import { CONTROL, CONTROL_BUT_LINES } from '../platform/text-checks.ts';
import type { CartErrorCode } from './errors.ts';
import { offeredAmounts } from '../catalog/gift-card-amounts.ts';

/** The voucher's VAT kind (decision 090): `spv` taxed when sold, `mpv` taxed when spent. */
export type VoucherKind = 'spv' | 'mpv';

/** What the shop says of a gift card choice; tests assert these words exactly. */
export const GIFT_CARD_CHOICE_MESSAGES = {
  amountChoice: 'Choose one of the amounts offered.',
  amountRange: (min: string, max: string) => `Choose an amount from ${min} to ${max}.`,
  pastDate: 'Choose today or a later date.',
  tooFarDate: 'Choose a date within a year.',
  email: 'Enter a valid email address.',
  name: 'Enter a name of at most 120 characters.',
  message: 'Write a message of at most 500 characters.',
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  required: 'Choose the amount, the recipient and the date of the gift card.',
  notGiftCard: 'This product is not a gift card.',
} as const;

/** What the buyer chose, cents inside. */
export interface GiftCardChoice {
  amount_cents: number;
  recipient_name: string;
  recipient_email: string;
  /** "" for none. */
  message: string;
  /** YYYY-MM-DD (UTC), today or later. */
  deliver_on: string;
  /** Set on the order line when the order is placed. */
  voucher?: VoucherKind;
}

/** The product's offer: its amounts and the custom range (cents; null: none). */
export interface GiftCardOffer {
  gift_card_amounts: string;
  gift_card_min_cents: number | null;
  gift_card_max_cents: number | null;
}

/** The request's shape (contract: GiftCardChoice; money as a decimal string). */
export interface GiftCardChoiceInput {
  amount: string;
  recipient_name: string;
  recipient_email: string;
  message?: string;
  deliver_on: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a buyer's choice for `offer` on day `today` (YYYY-MM-DD).
 * @returns the choice with the amount in cents and texts trimmed.
 * @throws DomainError `invalid_gift_card` with every field error at once (`gift_card.amount`:
 *   not offered or outside the custom range; `gift_card.recipient_email`; `gift_card.deliver_on`
 *   before today or more than a year ahead; blank or NUL texts).
 */
export function checkChoice(
  input: GiftCardChoiceInput,
  offer: GiftCardOffer,
  today: string,
): GiftCardChoice {
  const errors: FieldErrors = {};
  const cents = toMinorUnits(input.amount);
  const amounts = offeredAmounts(offer);
  const { gift_card_min_cents: min, gift_card_max_cents: max } = offer;
  const inRange = cents !== null && min !== null && max !== null && cents >= min && cents <= max;
  if (cents === null || cents <= 0 || (!amounts.includes(cents) && !inRange)) {
    errors['gift_card.amount'] = [
      min !== null && max !== null
        ? GIFT_CARD_CHOICE_MESSAGES.amountRange(toDecimal(min), toDecimal(max))
        : GIFT_CARD_CHOICE_MESSAGES.amountChoice,
    ];
  }
  const name = input.recipient_name.trim();
  if (name === '') errors['gift_card.recipient_name'] = ['This field may not be blank.'];
  else if (CONTROL.test(name) || name.length > 120)
    errors['gift_card.recipient_name'] = [GIFT_CARD_CHOICE_MESSAGES.name];
  const email = input.recipient_email.trim();
  if (!EMAIL.test(email) || CONTROL.test(email) || email.length > 254)
    errors['gift_card.recipient_email'] = [GIFT_CARD_CHOICE_MESSAGES.email];
  const message = (input.message ?? '').trim();
  if (CONTROL_BUT_LINES.test(message) || message.length > 500)
    errors['gift_card.message'] = [GIFT_CARD_CHOICE_MESSAGES.message];
  const day = input.deliver_on;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    errors['gift_card.deliver_on'] = [GIFT_CARD_CHOICE_MESSAGES.dateFormat];
  } else if (day < today) {
    errors['gift_card.deliver_on'] = [GIFT_CARD_CHOICE_MESSAGES.pastDate];
  } else if (day > addDays(today, 366)) {
    errors['gift_card.deliver_on'] = [GIFT_CARD_CHOICE_MESSAGES.tooFarDate];
  }
  if (Object.keys(errors).length > 0) {
    throw new DomainError<CartErrorCode>('invalid_gift_card', 'The gift card is refused.', {
      fields: errors,
    });
  }
  return {
    amount_cents: cents!,
    recipient_name: name,
    recipient_email: email,
    message,
    deliver_on: day,
  };
}

/** A line's stored choice (JSON text; null for a line that is no gift card). */
export function parseChoice(text: string | null): GiftCardChoice | null {
  if (text === null) return null;
  return JSON.parse(text) as GiftCardChoice;
}

/** The choice as the contract answers it (money as a decimal string; cents left out). */
export function choiceAnswer(choice: GiftCardChoice) {
  return {
    amount: toDecimal(choice.amount_cents),
    recipient_name: choice.recipient_name,
    recipient_email: choice.recipient_email,
    message: choice.message,
    deliver_on: choice.deliver_on,
    ...(choice.voucher ? { voucher: choice.voucher } : {}),
  };
}

/** The UTC day (YYYY-MM-DD) of `now`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
