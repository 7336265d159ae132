/**
 * How a member types an amount in the back office's forms (a product's price, an option's
 * price difference, a shipping rate): `MONEY_PATTERN`, up to 7 digits then up to 2 decimals
 * ("45", "45.5", "9999999.99"), no sign and no thousands separator. Pure, so the forms' zod
 * schemas and the products list's edits in place read the one rule. Each form says what to
 * type in its own words; the server checks again (the contract's `MoneyInput`).
 */
export const MONEY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
