/**
 * A gift card's balance from its code (the storefront's balance page; decision 090). The HTTP
 * layer throttles the calls per client address first (server/http/wiring/gift-card-throttle.ts),
 * as logins are: with 98-bit codes guessing is hopeless anyway, and the throttle keeps it so.
 * The answer names the card by its last four only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import { toDecimal } from '../../common/money.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { codeHash, normalizeCode } from './gift-card-codes.ts';
import type { GiftCardErrorCode } from './errors.ts';
import { GIFT_CARD_MESSAGES } from './messages.ts';

/** The contract's GiftCardBalance. */
export interface GiftCardBalance {
  last_four: string;
  balance: string;
  currency: string;
  expires_at: string | null;
  status: 'active' | 'cancelled';
}

/**
 * The balance of shop `tenantId`'s card with code `typed` (case, spaces and dashes ignored).
 * @throws DomainError `gift_card_not_found` ("This gift card code is not valid.") for a code
 *   that is no delivered card of the shop (a scheduled card has no code yet).
 */
export async function giftCardBalance(
  db: Kysely<Database>,
  tenantId: number,
  typed: string,
): Promise<GiftCardBalance> {
  const code = normalizeCode(typed);
  const card =
    code === null
      ? undefined
      : await db
          .selectFrom('gift_cards')
          .select(['last_four', 'balance_cents', 'currency', 'expires_at', 'status'])
          .where('tenant_id', '=', tenantId)
          .where('code_hash', '=', codeHash(tenantId, code))
          .executeTakeFirst();
  if (!card || card.status === 'scheduled' || card.last_four === null) {
    throw new DomainError<GiftCardErrorCode>('gift_card_not_found', GIFT_CARD_MESSAGES.invalid);
  }
  return {
    last_four: card.last_four,
    balance: toDecimal(card.status === 'cancelled' ? 0 : card.balance_cents),
    currency: card.currency,
    expires_at: card.expires_at === null ? null : toIsoString(card.expires_at),
    status: card.status,
  };
}
