/**
 * The gift card domain's error codes (server/http/domain-errors.ts maps each to its status):
 * - `gift_card_invalid`: a code at checkout that no active card with money on it answers (400);
 * - `gift_card_balance_changed`: another checkout spent the card meanwhile (409);
 * - `gift_card_not_found`: no such card (the balance page's unknown code, a back-office id; 404);
 * - `gift_card_cancelled`: the card is already cancelled (409);
 * - `invalid_gift_card_input`: the back office's store credit or cancel refused (400).
 */
export type GiftCardErrorCode =
  | 'gift_card_invalid'
  | 'gift_card_balance_changed'
  | 'gift_card_not_found'
  | 'gift_card_cancelled'
  | 'invalid_gift_card_input';
