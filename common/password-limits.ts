/**
 * A password's length bounds, in code points, read by the server (which enforces them) and by
 * the forms that check them before sending: at least 8 characters for everyone (the shoppers'
 * floor, spec section 4), at most 200 for a member of staff.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
