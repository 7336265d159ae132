/**
 * Selling blades within the law (decision 043; the UK's Offensive Weapons Act 2019, part 3): a
 * cart that holds an age-restricted piece is bought only by a buyer who gives a date of birth
 * that makes them at least the shop's minimum age on the day, and confirms that the parcel will
 * be handed only to an adult. The attestation (date of birth, time, the words confirmed) is kept
 * on the order.
 */
import { DomainError } from '../platform/domain-error.ts';
import type { CheckoutErrorCode } from './errors.ts';

export const AGE_MESSAGES = {
  missing:
    'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
  invalidDate: 'Enter a real date of birth.',
  underAge: (minimumAge: number) =>
    `You must be ${minimumAge} or over to buy age-restricted items.`,
} as const;

/** What the buyer confirms, in the shop's words. */
export function attestationText(minimumAge: number): string {
  return `I am ${minimumAge} or over, and the parcel will be handed only to an adult.`;
}

/**
 * Whole years from `birth` to `on` (UTC calendar dates): a birthday on the day counts, and
 * someone born on 29 February comes of age on 1 March in a year without one.
 */
export function ageOn(birth: { year: number; month: number; day: number }, on: Date): number {
  const year = on.getUTCFullYear();
  const month = on.getUTCMonth() + 1;
  const day = on.getUTCDate();
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

/** A real calendar date `YYYY-MM-DD` from 1900 to `today`, or null. */
function parseBirthDate(text: string, today: Date) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  if (year < 1900 || date.getTime() > today.getTime()) return null;
  return { year, month, day };
}

/**
 * Checks the buyer's attestation for a cart with an age-restricted piece.
 * @returns what the order keeps: the date of birth and the words confirmed.
 * @throws DomainError `age_attestation_missing` (field `age_attestation`) when it is missing or
 *   not confirmed; `invalid_date_of_birth` or `under_age` (field `age_attestation.date_of_birth`)
 *   for a date that is not real or a buyer under age.
 */
export function checkAttestation(
  attestation: { date_of_birth: string; confirmed: boolean } | undefined,
  minimumAge: number,
  now: Date,
): { dateOfBirth: string; text: string } {
  if (!attestation || attestation.confirmed !== true) {
    throw new DomainError<CheckoutErrorCode>('age_attestation_missing', AGE_MESSAGES.missing, {
      field: 'age_attestation',
    });
  }
  const birth = parseBirthDate(attestation.date_of_birth, now);
  if (!birth) {
    throw new DomainError<CheckoutErrorCode>('invalid_date_of_birth', AGE_MESSAGES.invalidDate, {
      field: 'age_attestation.date_of_birth',
    });
  }
  if (ageOn(birth, now) < minimumAge) {
    throw new DomainError<CheckoutErrorCode>('under_age', AGE_MESSAGES.underAge(minimumAge), {
      field: 'age_attestation.date_of_birth',
    });
  }
  return { dateOfBirth: attestation.date_of_birth, text: attestationText(minimumAge) };
}
