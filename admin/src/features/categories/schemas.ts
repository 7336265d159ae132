/**
 * The category form's rules and words (zod), checked before anything is sent; the server
 * checks again (and cleans the description) and its field messages land beside the same fields.
 */
import { z } from 'zod';

export const categorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the category’s name.')
    .max(100, 'Keep the name under 100 characters.'),
  slug: z
    .string()
    .trim()
    .max(100, 'Keep the address under 100 characters.')
    .regex(
      /^([a-z0-9]+(-[a-z0-9]+)*)?$/,
      'Use lowercase letters, digits and single hyphens, such as kitchen-knives.',
    ),
  description: z.string().max(20000, 'The description is too long (20,000 characters at most).'),
  /** A new product in it starts "Sold to adults only" (issue 40). */
  adults_only: z.boolean(),
});
export type CategoryValues = z.output<typeof categorySchema>;
