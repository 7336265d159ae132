/**
 * A list's `?page=` as every back-office list reads it from the address: a whole number from 1
 * to 1,000,000, absent on the first page (so `/orders` and `/orders?page=1` are one address),
 * and anything else read as the first page rather than an error screen.
 */
import { z } from 'zod';

export const pageSearch = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .transform((page) => (page > 1 ? page : undefined))
  .optional()
  .catch(undefined);
