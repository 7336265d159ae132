/**
 * Whether a shop sells, in the words and limits the server, the storefront and the back office
 * share (issue 38, decision 079 "Launch"): a shop starts `closed` ("Opening soon") until its
 * owner launches it, is then `open`, and may be closed again for a holiday (`holiday`: browsing
 * stays, ordering stops, with the owner's message). The contract quotes these messages; tests
 * assert them verbatim.
 */

/** The states of a shop, as the contracts name them (SiteSettings.status, ShopLaunch.status). */
export type ShopStatusName = 'closed' | 'open' | 'holiday';

/** The longest holiday message an owner may write, in characters. */
export const CLOSED_MESSAGE_MAX_LENGTH = 500;

/** A preview password's length bounds, in characters. */
export const PREVIEW_PASSWORD_MIN_LENGTH = 6;
export const PREVIEW_PASSWORD_MAX_LENGTH = 100;

/**
 * Ordering from a shop on holiday whose owner left no message (409). A constant of its own, so
 * the storefront's first script carries this sentence and not the others.
 */
export const ON_HOLIDAY_MESSAGE = 'The shop is closed for a holiday and is not taking orders.';

/** What a shopper (or a client of the API) is told while a shop does not sell. */
export const SHOP_STATUS_MESSAGES = {
  /** A storefront request to a shop that has not launched (403). */
  notOpenYet: 'This shop is not open yet.',
  /** Ordering from a shop on holiday whose owner left no message (409). */
  onHoliday: ON_HOLIDAY_MESSAGE,
  /** The preview form's refusal of a wrong password (400 on `password`). */
  wrongPreviewPassword: 'That password is not right.',
} as const;

/**
 * What a shop on holiday tells the shopper who tries to order: the owner's message, or
 * {@link ON_HOLIDAY_MESSAGE} when they left none (null, blank).
 */
export function holidayMessage(closedMessage: string | null | undefined): string {
  return closedMessage?.trim() || ON_HOLIDAY_MESSAGE;
}
