/** The staff screen's forms: inviting, changing a role, the security setting. */
import { z } from 'zod';
import { ROLES } from './api';

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter their e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .email('Enter a valid e-mail address.'),
  role: z.enum(ROLES, { message: 'Choose a role.' }),
});
export type InviteValues = z.infer<typeof inviteSchema>;

export const roleSchema = z.object({ role: z.enum(ROLES, { message: 'Choose a role.' }) });
export type RoleValues = z.infer<typeof roleSchema>;

export const securitySchema = z.object({ require_totp: z.boolean() });
export type SecurityValues = z.infer<typeof securitySchema>;
