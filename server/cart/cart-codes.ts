/**
 * A shopper applies a discount code to their cart or takes it off (storefront contract 2.2.0
 * `applyCartDiscount`, `removeCartDiscount`; issue 42, decision 088). The code is checked
 * against the cart as it is now, on the locked cart row, and kept as its upper case
 * (`carts.discount_code`); every later answer applies it again (./cart-discount.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import { codeKey, findCode } from '../discounts/discount-codes.ts';
import type { DiscountErrorCode } from '../discounts/errors.ts';
import { DISCOUNT_MESSAGES } from '../discounts/messages.ts';
import { type Cart, cartAnswer, cartLines, ensureCart, loadCart, lockCart } from './cart.ts';
import { codeRefusal, refusalWords } from './cart-discount.ts';

const refused = (message: string) =>
  new DomainError<DiscountErrorCode>('invalid_discount_code', message, { field: 'code' });

/**
 * Applies the code `entry` (any case, spaces around it ignored) to the cart of customer
 * `userId` at shop `tenantId`, replacing the one before, and answers the cart.
 * @throws DomainError `invalid_discount_code` (400 on `code`): "This code is not valid." for a
 *   code the shop does not have (or a NUL character), else the reason it does not apply now
 *   (./../discounts/messages.ts); the cart keeps its earlier code then.
 */
export async function applyCartCode(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  entry: string,
  now = new Date(),
): Promise<Cart> {
  const key = codeKey(entry);
  if (key.includes('\0')) throw refused(DISCOUNT_MESSAGES.unknown);
  const cartId = await ensureCart(db, tenantId, userId);
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, cartId);
    const code = await findCode(trx, tenantId, key);
    if (!code) throw refused(DISCOUNT_MESSAGES.unknown);
    const lines = await cartLines(trx, cartId, tenantId, now);
    const refusal = await codeRefusal(trx, code, userId, lines, now);
    if (refusal !== null) throw refused(await refusalWords(trx, tenantId, code, refusal));
    await trx.updateTable('carts').set({ discount_code: key }).where('id', '=', cartId).execute();
    // The lines just checked are the cart's: only its code changed since.
    return cartAnswer(trx, cartId, tenantId, lines, now);
  });
}

/** Takes the code off the cart of customer `userId` (nothing when none) and answers the cart. */
export async function removeCartCode(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
): Promise<Cart> {
  const cartId = await ensureCart(db, tenantId, userId);
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, cartId);
    await trx.updateTable('carts').set({ discount_code: null }).where('id', '=', cartId).execute();
    return loadCart(trx, cartId, tenantId);
  });
}
