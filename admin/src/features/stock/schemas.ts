/**
 * The stock forms' rules and words (zod), checked before anything is sent; the server checks
 * again and its field messages land beside the same fields.
 *
 * A quantity is typed as a member would ("5", "-2", "+3") and sent as a whole number: with
 * "Set stock" the count the shelf holds now (0 or more), with "Adjust stock" how many came in
 * (positive) or went out (negative, never 0). A million pieces at most.
 */
import { z } from 'zod';

/** The reasons a member gives, in the order the form lists them, with their labels. */
export const STOCK_REASONS = [
  { value: 'received', label: 'Received (made or delivered)' },
  { value: 'broken', label: 'Broken or damaged' },
  { value: 'fair', label: 'Sold at a fair or market' },
  { value: 'correction', label: 'Correction (a count)' },
  { value: 'other', label: 'Other' },
] as const;
export type StockReason = (typeof STOCK_REASONS)[number]['value'];

/** How the history names every reason, `initial` included (the stock a product started with). */
export const REASON_LABELS: Record<string, string> = {
  ...Object.fromEntries(STOCK_REASONS.map((r) => [r.value, r.label])),
  initial: 'Initial stock',
};

/** The most pieces a product's stock may count, or a change move (the server's bound too). */
export const MAX_STOCK = 1_000_000;

export const stockChangeSchema = z
  .object({
    mode: z.enum(['set', 'adjust']),
    quantity: z.string().trim().min(1, 'Enter a number.'),
    reason: z.enum(STOCK_REASONS.map((r) => r.value) as [StockReason, ...StockReason[]], {
      message: 'Choose a reason.',
    }),
    note: z.string().trim().max(500, 'Keep the note under 500 characters.'),
  })
  .transform((values, ctx) => {
    const text = values.quantity.replace(/^\+/, '');
    const n = /^-?\d{1,7}$/.test(text) ? Number(text) : NaN;
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message });
      return z.NEVER;
    };
    if (!Number.isInteger(n)) return issue('Enter a whole number, such as 5 or -2.');
    if (values.mode === 'set' && n < 0) return issue('A count cannot be below 0.');
    if (values.mode === 'adjust' && n === 0) return issue('Enter how many came in or went out.');
    if (Math.abs(n) > MAX_STOCK) return issue(`At most ${MAX_STOCK.toLocaleString('en-GB')}.`);
    return { ...values, quantity: n };
  });
export type StockChangeInput = z.input<typeof stockChangeSchema>;
export type StockChangeValues = z.output<typeof stockChangeSchema>;

/** The low-stock threshold: empty for never, else a whole number from 0 to 100,000. */
export const thresholdSchema = z.object({
  low_stock_threshold: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      if (!/^\d{1,6}$/.test(value) || Number(value) > 100_000) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter a whole number from 0 to 100000, or leave it empty.',
        });
        return z.NEVER;
      }
      return Number(value);
    }),
});
export type ThresholdInput = z.input<typeof thresholdSchema>;
export type ThresholdValues = z.output<typeof thresholdSchema>;
