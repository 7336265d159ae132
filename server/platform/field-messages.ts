/**
 * The field errors every validation of the API words alike (Django REST framework's wording,
 * which the contract's examples quote).
 */

/** A required field that is missing. */
export const REQUIRED_MESSAGE = 'This field is required.';

/** A required text that is empty after trimming. */
export const BLANK_MESSAGE = 'This field may not be blank.';

/** A text holding a NUL character (PostgreSQL cannot store one). */
export const NUL_MESSAGE = 'Null characters are not allowed.';

/**
 * A text longer than `max` characters (a whole number), in the words every form answers:
 * "Ensure this field has no more than 100 characters.". Throws nothing.
 */
export const tooLongMessage = (max: number): string =>
  `Ensure this field has no more than ${max} characters.`;
