/**
 * The shop's words about discount codes (issue 42, decision 088): why a code is refused when a
 * shopper applies it, and the notice the cart answer carries once when the server removes a
 * code that no longer applies. Tests compare them exactly.
 */
export const DISCOUNT_MESSAGES = {
  unknown: 'This code is not valid.',
  inactive: 'This code is no longer available.',
  notStarted: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  alreadyUsed: 'You have already used this code.',
  /** `amount` formatted in the shop's currency ("€50.00"). */
  belowMinimum: (amount: string) => `This code needs an order of at least ${amount}.`,
  nothingEligible: 'This code does not apply to the items in your cart.',
  /** The notice of a code the server took off the cart, with the reason above. */
  removed: (code: string, reason: string) => `The code ${code} was removed. ${reason}`,
  /** A checkout that lost the race for a code's last use (409, no order placed). */
  lostAtCheckout: (code: string, reason: string) =>
    `The code ${code} could not be used. ${reason} Please check your total and try again.`,
} as const;
