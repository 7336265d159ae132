/**
 * The first-run set-up form's rules and messages (zod; react-hook-form checks them before
 * anything is sent, and the server checks again with the words of server/shops/shop-input.ts,
 * shown beside the fields when it refuses). The same questions as `npm run shop:create`.
 */
import { z } from 'zod';
import { newPassword, NOT_THE_SAME } from '../../components/password-rules';

/** What the form holds: every field a string, the optional name '' when left out. */
export const setupSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, "Enter the set-up code from the server's log.")
      .max(40, 'That code is too long.'),
    shop_name: z
      .string()
      .trim()
      .min(1, 'Give the shop a name.')
      .max(100, 'Keep the name to 100 characters.'),
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Enter the domain the shop answers at, such as shop.example.com.')
      .max(253, 'That domain is too long.')
      .refine(
        (domain) => !/[/:\s]/.test(domain) && domain.includes('.'),
        'Enter the domain alone, such as shop.example.com: no https://, port or path.',
      ),
    currency: z.string().min(1, 'Choose the currency the shop prices in.'),
    country: z.string().min(1, "Choose the shop's country."),
    owner_email: z
      .string()
      .trim()
      .min(1, 'Enter your e-mail address.')
      .max(254, 'That e-mail address is too long.')
      .email('Enter a valid e-mail address.'),
    owner_name: z.string().trim().max(150, 'Keep the name under 150 characters.'),
    password: newPassword,
    password_confirm: z.string().min(1, 'Type the password again.'),
  })
  .refine((values) => values.password === values.password_confirm, {
    message: NOT_THE_SAME,
    path: ['password_confirm'],
  });
export type SetupInput = z.input<typeof setupSchema>;
export type SetupValues = z.output<typeof setupSchema>;
