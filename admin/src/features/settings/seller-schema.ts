/**
 * The seller's form (site settings, "Who the seller is"): what the storefront's footer and the
 * invoices show (E-Commerce Regulations 2002 reg. 6) and the VAT the prices include; and which
 * address packing slips print (this one, or the workshop's). The same
 * checks as the server (server/settings/site.ts), so most mistakes show before saving; the
 * server's refusals land beside the same fields.
 */
import { z } from 'zod';
import type { SiteSetupChange } from './api';

/** Spaces, dots and hyphens typed in a number are dropped, letters upper-cased. */
const code = (typed: string) => typed.replace(/[\s.-]/g, '').toUpperCase();
const VAT_NUMBER = /^[A-Z]{2}[A-Z0-9]{8,12}$/;
const RATE = /^\d{1,2}(\.\d{1,2})?$/;
const REQUIRED_WHILE_REGISTERED = 'Required while the shop is VAT registered.';

export const sellerSchema = z
  .object({
    legal_name: z.string().trim().min(1, 'Enter the seller’s legal name.').max(200),
    legal_address: z.string().trim().min(1, 'Enter a postal address.').max(500),
    legal_email: z.string().trim().max(254).email('Enter a valid email address.'),
    company_number: z
      .string()
      .transform(code)
      .refine(
        (n) => n === '' || /^[A-Z0-9]{2,20}$/.test(n),
        'Enter the registration number in letters and digits, such as 01234567.',
      ),
    vat_registered: z.boolean(),
    slip_address: z.enum(['legal', 'workshop'], { message: 'Choose the address slips print.' }),
    vat_number: z
      .string()
      .transform(code)
      .refine(
        (n) => n === '' || VAT_NUMBER.test(n),
        'Enter a 2-letter country prefix and 8 to 12 letters or digits, such as GB123456789.',
      ),
    vat_rate: z
      .string()
      .trim()
      .refine(
        (r) => r === '' || (RATE.test(r) && Number(r) <= 30),
        'Enter a rate from 0 to 30 percent, with at most two decimals.',
      ),
  })
  .superRefine((values, ctx) => {
    if (!values.vat_registered) return;
    if (values.vat_number === '')
      ctx.addIssue({ code: 'custom', path: ['vat_number'], message: REQUIRED_WHILE_REGISTERED });
    if (values.vat_rate === '')
      ctx.addIssue({ code: 'custom', path: ['vat_rate'], message: REQUIRED_WHILE_REGISTERED });
  });
export type SellerValues = z.input<typeof sellerSchema>;
export type SellerOutput = z.output<typeof sellerSchema>;

/** The seller's form as the API takes it: empty numbers and rate are none. */
export function toSellerBody(values: SellerOutput): SiteSetupChange {
  return {
    legal_name: values.legal_name,
    legal_address: values.legal_address,
    legal_email: values.legal_email,
    company_number: values.company_number === '' ? null : values.company_number,
    vat_registered: values.vat_registered,
    vat_number: values.vat_number === '' ? null : values.vat_number,
    vat_rate: values.vat_rate === '' ? null : values.vat_rate,
    slip_address: values.slip_address,
  };
}
