/** What the shop says about gift cards (decision 090); tests assert these words exactly. */
export const GIFT_CARD_MESSAGES = {
  invalid: 'This gift card code is not valid.',
  invalidNamed: (lastFour: string) => `The gift card ending ${lastFour} cannot be used.`,
  empty: (lastFour: string) => `The gift card ending ${lastFour} has no balance left.`,
  balanceChanged: 'A gift card was just used elsewhere. Please check your order again.',
  notFound: 'Not found.',
  cancelled: 'This gift card is already cancelled.',
  balanceChangedWhileCancelling:
    'This gift card was just used: its balance changed. Open it again and cancel it then.',
  creditAmount: (max: string) => `Enter an amount above 0.00 and at most ${max}.`,
  creditName: "Enter the recipient's name (at most 120 characters).",
  creditReason: 'Give a reason of at most 500 characters.',
} as const;
