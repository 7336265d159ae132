/**
 * The shop's shipping zones (owner only; decision 042): the countries it ships to with the same
 * methods. A country belongs to one zone at most (the quote takes the first zone that has it,
 * so a second one would never be used). A zone with methods is not deleted (its methods go
 * first, each checked against the open orders). Checkout (server/shipping/shipping.ts) reads
 * the zones on every quote, so a change is offered at once; the caller's `changed` makes the
 * storefront's cached pages follow.
 */
import type { Selectable } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { isCountryCode } from '../../common/iso-countries.ts';
import type { ShippingZonesTable } from '../shipping/tables.ts';
import { toBool } from '../platform/db/mapping.ts';
import { FieldCheck, settingsConflict, settingsNotFound, settingsTransaction } from './checks.ts';
import type { Db, SettingsContext } from './checks.ts';
import { nextPosition, ShippingRows } from './shipping-rows.ts';

export type ShippingZone = Schemas['ShippingZone'];
export type ShippingZoneInput = Schemas['ShippingZoneInput'];
export type ShippingZoneChange = Schemas['ShippingZoneChange'];

/** Most zones a shop has. */
export const MAX_ZONES = 50;

/** The zones as ./shipping-rows.ts reads and logs them. */
const ZONES = new ShippingRows(
  'shipping_zones',
  'zone',
  (row: Selectable<ShippingZonesTable>): ShippingZone => ({
    id: row.id,
    name: row.name,
    countries: JSON.parse(row.countries) as string[],
    age_restricted_allowed: toBool(row.age_restricted_allowed),
    position: row.position,
  }),
);

/** Shop `tenantId`'s zones in their order. */
export const listShippingZones = (db: Db, tenantId: number): Promise<ShippingZone[]> =>
  ZONES.list(db, tenantId);

/**
 * The zone's countries upper-cased, each once, in the order given; errors on `countries` for a
 * code that is no country, and for one another zone (not `zoneId`) has.
 */
function checkCountries(
  check: FieldCheck,
  given: readonly string[],
  others: readonly ShippingZone[],
): string[] {
  const codes = [...new Set(given.map((c) => c.trim().toUpperCase()))];
  for (const code of codes) {
    if (!isCountryCode(code)) {
      check.add(
        'countries',
        `"${code.replace(/[^\x20-\x7e]/g, '?')}" is not a country code (ISO 3166-1 alpha-2, such as GB).`,
      );
      continue;
    }
    const holder = others.find((z) => z.countries.includes(code));
    if (holder) check.add('countries', `${code} is already in the zone "${holder.name}".`);
  }
  return codes;
}

/**
 * Adds a zone last; logs `shipping_zone.create`.
 * @throws DomainError `invalid_settings`, `settings_conflict` (50 zones).
 */
export async function createShippingZone(
  ctx: SettingsContext,
  input: ShippingZoneInput,
): Promise<ShippingZone> {
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const zones = await ZONES.list(trx, tenantId);
    if (zones.length >= MAX_ZONES)
      throw settingsConflict(`A shop has at most ${MAX_ZONES} shipping zones.`);
    const check = new FieldCheck();
    const name = check.text('name', input.name, { max: 100, required: true });
    const countries = checkCountries(check, input.countries, zones);
    check.done();
    const values = {
      tenant_id: tenantId,
      name: name!,
      countries: JSON.stringify(countries),
      age_restricted_allowed: input.age_restricted_allowed ? 1 : 0,
      position: nextPosition(zones),
    };
    const { id } = await trx
      .insertInto('shipping_zones')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    const zone: ShippingZone = {
      id,
      name: values.name,
      countries,
      age_restricted_allowed: Boolean(input.age_restricted_allowed),
      position: values.position,
    };
    await ZONES.recordCreate(trx, ctx, zone);
    return zone;
  });
}

/**
 * Changes the fields of `change` that are sent; logs `shipping_zone.update` with what changed.
 * @throws DomainError `settings_not_found` (another shop's too), `invalid_settings`.
 */
export async function updateShippingZone(
  ctx: SettingsContext,
  zoneId: number,
  change: ShippingZoneChange,
): Promise<ShippingZone> {
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const zones = await ZONES.list(trx, tenantId);
    const before = zones.find((z) => z.id === zoneId);
    if (!before) throw settingsNotFound();
    const check = new FieldCheck();
    const after = { ...before };
    if (change.name !== undefined) {
      after.name = check.text('name', change.name, { max: 100, required: true }) ?? before.name;
    }
    if (change.countries !== undefined) {
      after.countries = checkCountries(
        check,
        change.countries,
        zones.filter((z) => z.id !== zoneId),
      );
    }
    if (change.age_restricted_allowed !== undefined) {
      after.age_restricted_allowed = change.age_restricted_allowed;
    }
    check.done();
    await ZONES.saveChange(trx, ctx, before, after, () =>
      trx
        .updateTable('shipping_zones')
        .set({
          name: after.name,
          countries: JSON.stringify(after.countries),
          age_restricted_allowed: after.age_restricted_allowed ? 1 : 0,
        })
        .where('id', '=', zoneId)
        .where('tenant_id', '=', tenantId)
        .execute(),
    );
    return after;
  });
}

/**
 * Deletes a zone without methods; logs `shipping_zone.delete` with the zone as it was.
 * @throws DomainError `settings_not_found`, `settings_conflict` (it has methods).
 */
export async function deleteShippingZone(ctx: SettingsContext, zoneId: number): Promise<void> {
  await settingsTransaction(ctx, async (trx, tenantId) => {
    const zone = await ZONES.find(trx, tenantId, zoneId);
    const methods = await trx
      .selectFrom('shipping_methods')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('zone_id', '=', zoneId)
      .execute();
    if (methods.length > 0) {
      throw settingsConflict(
        `This zone still has ${methods.length} shipping method${methods.length === 1 ? '' : 's'}: delete or move ${methods.length === 1 ? 'it' : 'them'} first.`,
      );
    }
    await ZONES.delete(trx, ctx, zone);
  });
}

/**
 * Puts the zones in the order of `ids` (every zone of the shop once); logs
 * `shipping_zone.reorder` with the ids before and after.
 * @throws DomainError `invalid_settings` on `ids`.
 */
export const reorderShippingZones = (
  ctx: SettingsContext,
  ids: readonly number[],
): Promise<ShippingZone[]> => ZONES.reorder(ctx, ids);
