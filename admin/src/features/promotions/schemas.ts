/**
 * The sale form's rules and words (zod), checked before anything is sent; the server checks
 * again and its field messages land beside the same fields. Times are `datetime-local` values
 * in the browser's time zone, sent as ISO times in UTC; an empty start is the moment it is sent.
 */
import { z } from 'zod';

const when = (words: string, blank: boolean) =>
  z
    .string()
    .refine(
      (value) =>
        (blank && value === '') || (value !== '' && !Number.isNaN(new Date(value).getTime())),
      words,
    );

/** A start as sent: an empty one is now. */
const startOf = (value: string) => (value === '' ? new Date() : new Date(value));

export const saleSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the sale’s name.')
      .max(100, 'Keep the name under 100 characters.'),
    percent: z.coerce
      .number({ message: 'Enter a whole percent from 1 to 90.' })
      .int('Enter a whole percent from 1 to 90.')
      .min(1, 'Enter a whole percent from 1 to 90.')
      .max(90, 'Enter a whole percent from 1 to 90.'),
    /** A category id, or '' for chosen products only. */
    category_id: z.string(),
    product_ids: z.array(z.number()),
    /** '' starts it now. */
    starts_at: when('Enter when the sale starts, or leave it empty to start now.', true),
    ends_at: when('Enter when the sale ends.', false),
  })
  .refine((v) => new Date(v.ends_at).getTime() > startOf(v.starts_at).getTime(), {
    message: 'The end must be after the start.',
    path: ['ends_at'],
  })
  .refine((v) => v.category_id !== '' || v.product_ids.length > 0, {
    message: 'Choose a category or at least one product.',
    path: ['category_id'],
  });
export type SaleValues = z.output<typeof saleSchema>;
export type SaleInputValues = z.input<typeof saleSchema>;

/** The form's values as the API takes them. */
export function toSaleBody(values: SaleValues) {
  return {
    name: values.name,
    percent: values.percent,
    category_id: values.category_id === '' ? null : Number(values.category_id),
    product_ids: values.product_ids,
    starts_at: startOf(values.starts_at).toISOString(),
    ends_at: new Date(values.ends_at).toISOString(),
  };
}
