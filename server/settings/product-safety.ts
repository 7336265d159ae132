/**
 * The shop's default product safety information (owner only; EU General Product Safety
 * Regulation (EU) 2023/988 arts 16 and 19, decision 083): the manufacturer, the EU responsible
 * person, the warnings and their pictogram that every product's page shows where the product has
 * no value of its own (common/product-safety.ts `resolveSafety`). One JSON column of the shop's
 * `shop_settings` row; the field rules are the products' (server/catalog/product-safety.ts).
 * The caller's `changed` makes the cached product pages follow.
 */
import type { SafetyFields } from '../../common/product-safety.ts';
import { safetyJson } from '../../common/product-safety.ts';
import { checkSafetyInput, shopSafetyDefault } from '../catalog/product-safety.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import {
  invalidSettings,
  saveSettingsChange,
  settingsTransaction,
  type Db,
  type SettingsContext,
} from './checks.ts';

/** Shop `tenantId`'s default safety fields ('' and null where none is set). */
export async function getProductSafetyDefault(db: Db, tenantId: number): Promise<SafetyFields> {
  return shopSafetyDefault(db, tenantId);
}

/**
 * Saves the fields sent of the shop's default (one left out keeps its value; '' or null clears
 * it); logs `settings.product_safety.update` with what changed.
 * @throws DomainError `invalid_settings` (400) with each refused field (NUL or control
 *   characters, too long, a contact that is neither an e-mail nor a web address, an unknown
 *   pictogram).
 */
export async function updateProductSafetyDefault(
  ctx: SettingsContext,
  input: unknown,
): Promise<SafetyFields> {
  const tenantId = ctx.acting.tenantId;
  return settingsTransaction(ctx, async (trx) => {
    const before = await shopSafetyDefault(trx, tenantId);
    const errors: FieldErrors = {};
    const after = checkSafetyInput(errors, '', input, before);
    if (Object.keys(errors).length > 0) throw invalidSettings(errors);
    const values = { product_safety: safetyJson(after) };
    await saveSettingsChange(
      trx,
      ctx,
      'settings.product_safety.update',
      'product_safety',
      before,
      after,
      () =>
        trx
          .insertInto('shop_settings')
          .values({ tenant_id: tenantId, ...values })
          .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
          .execute(),
    );
    return after;
  });
}
