/** The gift card domain's error codes (server/http/domain-errors.ts maps each to its status). */
export type GiftCardErrorCode =
  'gift_card_invalid' | 'gift_card_balance_changed' | 'gift_card_not_found' | 'gift_card_cancelled';
