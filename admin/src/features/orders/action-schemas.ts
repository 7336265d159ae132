/**
 * The order moves' forms: their rules and messages (zod), checked before anything is sent. The
 * server checks again and its field messages land beside the same fields.
 *
 * Amounts are typed as a member would ("45", "45.5", "£45.00") and sent as the contract's
 * two-decimal string ("45.00"); common/money.ts does the arithmetic in pence, never floats. The
 * messages write amounts in the shop's currency (`currency`, an ISO 4217 code; null while it is
 * unknown: no symbol).
 */
import { z } from 'zod';
import {
  formatPrice,
  MAX_MOVE_AMOUNT_CENTS,
  toDecimal,
  toMinorUnits,
} from '../../../../common/money';
import { CARRIERS } from './labels';

/**
 * An amount above zero and at most `maxCents` (when given), as "45.00"; never above the moves'
 * one limit (common/money.ts MAX_MOVE_AMOUNT_CENTS, the contract's PositiveMoneyInput and the
 * server's). A currency symbol typed before it ("£", "€", "CA$") and thousands commas are
 * dropped.
 * @param currency the shop's ISO 4217 code, for the limit's message
 * @param tooMuch the message when it is over `maxCents`
 */
export function amountField(currency: string | null, maxCents?: number, tooMuch?: string) {
  return z
    .string()
    .trim()
    .min(1, 'Enter the amount.')
    .transform((value, ctx) => {
      const cents = toMinorUnits(value.replace(/^[^\d.-]+/, '').replace(/,/g, ''));
      if (cents === null || cents < 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 45.00.' });
        return z.NEVER;
      }
      if (cents === 0) {
        ctx.addIssue({ code: 'custom', message: 'The amount must be more than 0.00.' });
        return z.NEVER;
      }
      if (cents > MAX_MOVE_AMOUNT_CENTS) {
        ctx.addIssue({ code: 'custom', message: amountOverLimit(currency) });
        return z.NEVER;
      }
      if (maxCents !== undefined && cents > maxCents) {
        ctx.addIssue({ code: 'custom', message: tooMuch ?? `At most ${toDecimal(maxCents)}.` });
        return z.NEVER;
      }
      return toDecimal(cents);
    });
}

/** The words for an amount above the order moves' limit, in the shop's `currency`. */
export const amountOverLimit = (currency: string | null) =>
  `Enter at most ${formatPrice(toDecimal(MAX_MOVE_AMOUNT_CENTS), currency)}.`;

/**
 * The words of mark paid's amount against the order's total (the server's, where it has them),
 * amounts in the shop's `currency`.
 */
export const MARK_PAID_MESSAGES = {
  belowTotal: (total: string, currency: string | null) =>
    `The amount received is less than the order's total of ${formatPrice(total, currency)}.`,
  overpaymentOwnerOnly: (total: string, currency: string | null) =>
    `The amount received is more than the order's total of ${formatPrice(total, currency)}; only an owner can record an overpayment.`,
  confirmOverpayment: (over: string, currency: string | null) =>
    `Confirm the overpayment of ${formatPrice(over, currency)}, or enter the order's total.`,
} as const;

/**
 * Mark paid: the amount received (the total by default), the payer's reference, and an owner's
 * confirmation of an overpayment. The amount is at least the order's `total`; more is an
 * overpayment, which only a member who `mayConfirm` (an owner) records, by ticking the
 * confirmation (the server refuses it otherwise, with the same words on `amount`). The
 * confirmation is sent only for an amount above the total. Amounts in messages are in the shop's
 * `currency` (ISO 4217, null while unknown).
 */
export function markPaidSchema(total: string, mayConfirm: boolean, currency: string | null) {
  const totalCents = toMinorUnits(total) ?? 0;
  return z
    .object({
      amount: amountField(currency),
      payer_reference: z
        .string()
        .trim()
        .min(1, "Enter the payer's reference, as it shows on the shop's statement.")
        .max(140, 'Keep the reference under 140 characters.'),
      confirm_overpayment: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const over = (toMinorUnits(values.amount) ?? 0) - totalCents;
      if (over < 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: MARK_PAID_MESSAGES.belowTotal(total, currency),
        });
      } else if (over > 0 && !mayConfirm) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: MARK_PAID_MESSAGES.overpaymentOwnerOnly(total, currency),
        });
      } else if (over > 0 && !values.confirm_overpayment) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirm_overpayment'],
          message: MARK_PAID_MESSAGES.confirmOverpayment(toDecimal(over), currency),
        });
      }
    })
    .transform((values) => {
      const over = (toMinorUnits(values.amount) ?? 0) - totalCents;
      return { ...values, confirm_overpayment: over > 0 && values.confirm_overpayment };
    });
}
export type MarkPaidInput = z.input<ReturnType<typeof markPaidSchema>>;
export type MarkPaidValues = z.output<ReturnType<typeof markPaidSchema>>;

/** Ship: the carrier and its tracking number (letters, digits, spaces, hyphens; 1-64). */
export const shipSchema = z.object({
  carrier: z.enum(CARRIERS, { message: 'Choose the carrier.' }),
  tracking_number: z
    .string()
    .trim()
    .min(1, 'Enter the tracking number the carrier gave you.')
    .max(64, 'A tracking number has at most 64 characters.')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use only letters, digits, spaces and hyphens.'),
});
export type ShipInput = z.input<typeof shipSchema>;
export type ShipValues = z.output<typeof shipSchema>;

const reason = z
  .string()
  .trim()
  .min(1, 'Give a reason: the customer reads it.')
  .max(500, 'Keep the reason under 500 characters.');

/** Cancel: the reason the customer is told. */
export const cancelSchema = z.object({ reason });
export type CancelValues = z.infer<typeof cancelSchema>;

/** A line of the order as the refund form offers it: what is left of it to refund. */
export interface RefundableLine {
  id: number;
  /** The price of one piece, as the contract's decimal string. */
  unitPrice: string;
  /** Pieces not yet refunded. */
  left: number;
}

/**
 * Refund: the pieces picked (each with how many and whether they go back in stock; none for an
 * amount alone, such as the shipping), an amount, and the reason the customer is told. The
 * amount is at most what can still be refunded (`refundable`) and, when pieces are picked, at
 * most what they cost (the server checks both again: server/orders/refund-lines.ts). The shop's
 * `currency` (ISO 4217, null while unknown) for the limits' messages.
 */
export function refundSchema(
  refundable: string,
  currency: string | null,
  lines: readonly RefundableLine[] = [],
) {
  const max = toMinorUnits(refundable) ?? 0;
  const byId = new Map(lines.map((line) => [String(line.id), line]));
  return z
    .object({
      amount: amountField(currency, max, `At most ${toDecimal(max)} can be refunded.`),
      reason,
      lines: z
        .array(
          z.object({
            item_id: z.string(),
            picked: z.boolean(),
            quantity: z.string(),
            restock: z.boolean(),
          }),
        )
        .default([]),
    })
    .superRefine((values, ctx) => {
      const most = picksValue(values.lines, byId);
      if (most !== null && (toMinorUnits(values.amount) ?? 0) > most) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `At most ${toDecimal(most)} for the pieces picked.`,
        });
      }
    })
    .transform(({ lines: picks, ...values }) => {
      const picked = picks
        .filter((pick) => pick.picked)
        .map((pick) => ({
          item_id: Number(pick.item_id),
          quantity: Number(pick.quantity),
          restock: pick.restock,
        }));
      const sent: {
        amount: string;
        reason: string;
        lines?: { item_id: number; quantity: number; restock: boolean }[];
      } = picked.length > 0 ? { ...values, lines: picked } : values;
      return sent;
    });
}
export type RefundInput = z.input<ReturnType<typeof refundSchema>>;
export type RefundValues = z.output<ReturnType<typeof refundSchema>>;

/**
 * What the picked pieces cost, in cents (unit price times how many), or null when none is
 * picked: the refund's amount follows it.
 */
export function picksValue(
  picks: readonly { item_id: string; picked: boolean; quantity: string }[],
  lines: ReadonlyMap<string, RefundableLine>,
): number | null {
  let cents = 0;
  let any = false;
  for (const pick of picks) {
    const line = lines.get(pick.item_id);
    if (!pick.picked || !line) continue;
    any = true;
    const quantity = Math.min(Math.max(1, Number(pick.quantity) || 1), line.left);
    cents += (toMinorUnits(line.unitPrice) ?? 0) * quantity;
  }
  return any ? cents : null;
}

/** Paid back by hand: an optional note for the shop (the transfer's reference), at most 200. */
export const paidBackSchema = z.object({
  note: z.string().trim().max(200, 'Keep the note under 200 characters.'),
});
export type PaidBackValues = z.infer<typeof paidBackSchema>;
