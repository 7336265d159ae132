/**
 * How the reviews and comments of an erased account are signed (UK GDPR art. 17, decision 076):
 * the account's name goes, the words stay under this name.
 */

/** The name the storefront shows on the reviews and comments of an erased account. */
export const FORMER_CUSTOMER = 'Former customer';
