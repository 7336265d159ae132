/**
 * The gift card form's rules (decision 090), as the server checks them again: an amount among
 * the product's or within its custom range, the recipient's name and e-mail, an optional
 * message of at most 500 characters, and a day from today. zod/mini, as the checkout's.
 */
import * as z from 'zod/mini';
import { toDecimal, toMinorUnits } from '../../../common/money';

/** The form's words; tests assert them exactly. */
export const GIFT_CARD_FORM_MESSAGES = {
  amount: 'Choose an amount.',
  range: (min: string, max: string) => `Choose an amount from ${min} to ${max}.`,
  name: "Enter the recipient's name.",
  email: 'Enter a valid email address.',
  message: 'Write a message of at most 500 characters.',
  date: 'Choose today or a later date.',
  added: (name: string) => `Added a gift card for ${name} to your cart.`,
} as const;

/** The form's values: `amount` the chosen preset or `custom`, then the custom amount typed. */
export interface GiftCardValues {
  amount: string;
  custom: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  deliver_on: string;
}

/**
 * The schema of the form for an offer, with `today` (YYYY-MM-DD) the first day allowed.
 * The amount sent is the preset, or the custom amount within `min`..`max`.
 */
export function giftCardSchema(
  offer: { min_amount: string | null; max_amount: string | null },
  today: string,
) {
  const { min_amount: min, max_amount: max } = offer;
  return z
    .object({
      amount: z.string().check(z.minLength(1, GIFT_CARD_FORM_MESSAGES.amount)),
      custom: z.string(),
      recipient_name: z
        .string()
        .check(z.trim(), z.minLength(1, GIFT_CARD_FORM_MESSAGES.name), z.maxLength(120)),
      recipient_email: z.string().check(z.trim(), z.email(GIFT_CARD_FORM_MESSAGES.email)),
      message: z.string().check(z.maxLength(500, GIFT_CARD_FORM_MESSAGES.message)),
      deliver_on: z
        .string()
        .check(
          z.refine(
            (day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= today,
            GIFT_CARD_FORM_MESSAGES.date,
          ),
        ),
    })
    .check(
      z.refine(
        (values) => {
          if (values.amount !== 'custom') return true;
          const cents = toMinorUnits(values.custom.trim());
          return (
            cents !== null &&
            min !== null &&
            max !== null &&
            cents >= toMinorUnits(min)! &&
            cents <= toMinorUnits(max)!
          );
        },
        {
          message: GIFT_CARD_FORM_MESSAGES.range(min ?? '', max ?? ''),
          path: ['custom'],
        },
      ),
    );
}

/** The amount the form sends, as a decimal string ("37.50"). */
export function chosenAmount(values: GiftCardValues): string {
  if (values.amount !== 'custom') return values.amount;
  return toDecimal(toMinorUnits(values.custom.trim())!);
}
