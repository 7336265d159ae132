/**
 * The sales view's address (`/sales?period=&from=&to=`): the period (the last 7 days unless it
 * names another), and for a range its first and last day as `YYYY-MM-DD`. Anything else reads as
 * the default rather than an error screen; the server checks the range itself (400 with the
 * field's words, shown on the screen).
 */
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = z.string().regex(DAY).optional().catch(undefined);

export const salesSearchSchema = z.object({
  period: z.enum(['today', 'last_7_days', 'last_30_days', 'range']).optional().catch(undefined),
  from: day,
  to: day,
});

export type SalesRouteSearch = z.infer<typeof salesSearchSchema>;

/** The range form's fields: both days, the last not before the first. */
export const rangeSchema = z
  .object({
    from: z.string().regex(DAY, 'Enter a valid date.'),
    to: z.string().regex(DAY, 'Enter a valid date.'),
  })
  .refine((range) => range.to >= range.from, {
    path: ['to'],
    message: 'The last day cannot be before the first.',
  });

export type RangeValues = z.infer<typeof rangeSchema>;
