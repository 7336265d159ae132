/**
 * The checks of a staff account's fields (decision 020), shared by creating a member
 * (./members.ts), an invitation and its acceptance (./invitations.ts), a password change or
 * reset and sign-in: the roles, the e-mail as the staff table keeps it (trimmed, lowercased,
 * at most 254 characters), the display name (1 to 150 code points) and the password policy
 * (8 to 200 code points, no NUL: ./messages.ts says each mistake).
 *
 * Errors: `weak_password` on `password`; `staff_invalid` with each bad field. Nothing here
 * reads the database. Spec: openapi/admin.yaml, tag staff.
 */
import type { StaffRole } from './tables.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from './messages.ts';

/** The roles a member may have. */
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'staff'];

// The same check as the shoppers' registration (server/accounts/registration.ts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** True for `owner` or `staff`. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** An e-mail as the staff table keeps it: trimmed and lowercased. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The mistakes of a new password, empty when it is acceptable: the shoppers' rule (at least 8
 * code points, no NUL character) and at most 200 code points.
 */
export function staffPasswordErrors(password: string): string[] {
  if (password.includes('\u0000')) return [STAFF_MESSAGES.passwordNul];
  const length = [...password].length;
  if (length < STAFF_PASSWORD_MIN) return [STAFF_MESSAGES.passwordTooShort];
  if (length > STAFF_PASSWORD_MAX) return [STAFF_MESSAGES.passwordTooLong];
  return [];
}

/**
 * Refuses a password the policy does not accept.
 * @throws DomainError `weak_password` on the field `password`.
 */
export function checkStaffPassword(password: string): void {
  const [problem] = staffPasswordErrors(password);
  if (problem)
    throw new DomainError<StaffErrorCode>('weak_password', problem, { field: 'password' });
}

/** The mistake of an e-mail (already normalized), or null. */
export function staffEmailError(email: string): string | null {
  return email.length > 254 || CONTROL.test(email) || !EMAIL.test(email)
    ? STAFF_MESSAGES.emailInvalid
    : null;
}

/** The mistake of a display name (already trimmed), or null. */
function nameError(name: string): string | null {
  if (name === '') return STAFF_MESSAGES.nameRequired;
  if ([...name].length > 150 || CONTROL.test(name)) return STAFF_MESSAGES.nameInvalid;
  return null;
}

/** `staff_invalid` with each bad field's messages, the first as its message. */
export function invalidStaffMember(fields: FieldErrors): DomainError<StaffErrorCode> {
  const [field] = Object.keys(fields);
  const message = (field && fields[field]?.[0]) || 'Invalid staff member.';
  return new DomainError<StaffErrorCode>('staff_invalid', message, { fields });
}

/** What {@link createStaffMember} takes. */
export interface NewStaffMember {
  tenantId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The plain password (checked against the policy, then hashed). */
  password: string;
}

/**
 * The field checks of a new member, every field at once, without touching the database.
 * @throws DomainError `weak_password` (field `password`) when only the password is wrong;
 *   `staff_invalid` (fields) for the e-mail, the name or the role (with the password's mistake
 *   beside them).
 */
export function checkNewStaffMember(member: Omit<NewStaffMember, 'tenantId'>): {
  email: string;
  name: string;
} {
  const email = normalizeStaffEmail(member.email);
  const name = member.name.trim();
  const fields: FieldErrors = {};
  const emailProblem = staffEmailError(email);
  if (emailProblem) fields.email = [emailProblem];
  const nameProblem = nameError(name);
  if (nameProblem) fields.name = [nameProblem];
  if (!isStaffRole(member.role)) fields.role = [STAFF_MESSAGES.roleInvalid];
  const passwordProblems = staffPasswordErrors(member.password);
  if (Object.keys(fields).length > 0) {
    if (passwordProblems.length > 0) fields.password = passwordProblems;
    throw invalidStaffMember(fields);
  }
  checkStaffPassword(member.password);
  return { email, name };
}
