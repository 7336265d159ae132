/**
 * The workshop's settings (owner only; decisions 041 and 043), one `shop_settings` row a shop: the
 * ISO weekdays it works, the working days a piece in stock takes to leave (fewest and most), and
 * the minimum age a buyer of an age-restricted piece confirms. The product pages' dispatch dates
 * (server/catalog/dispatch-dates.ts) and the age gate (server/checkout/age-gate.ts) read them; the
 * caller's `changed` makes the cached catalogue answers and pages follow.
 */
import type { Schemas } from '../../common/admin-contract.ts';
import { shopRules } from '../catalog/dispatch-dates.ts';
import { FieldCheck, saveSettingsChange, settingsTransaction } from './checks.ts';
import type { Db, SettingsContext, Trx } from './checks.ts';

export type WorkshopSettings = Schemas['WorkshopSettings'];

/** The youngest and oldest minimum age a shop may set. */
export const MINIMUM_AGE_RANGE = [16, 25] as const;
/** Most working days a piece may take to leave. */
export const MAX_DISPATCH_DAYS = 60;

async function workshopOf(db: Db | Trx, tenantId: number): Promise<WorkshopSettings> {
  const [rules, row] = await Promise.all([
    shopRules(db, tenantId),
    db
      .selectFrom('shop_settings')
      .select('default_country')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  return {
    working_days: [...rules.workingDays].sort((a, b) => a - b),
    ready_dispatch_days_min: rules.readyDays[0],
    ready_dispatch_days_max: rules.readyDays[1],
    minimum_age: rules.minimumAge,
    default_country: row?.default_country ?? null,
  };
}

/** The countries of the shop's shipping zones (ISO codes). */
async function zoneCountries(db: Db | Trx, tenantId: number): Promise<Set<string>> {
  const zones = await db
    .selectFrom('shipping_zones')
    .select('countries')
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Set(zones.flatMap((z) => JSON.parse(z.countries) as string[]));
}

/** Shop `tenantId`'s workshop settings (the defaults for a shop that never set them). */
export async function getWorkshopSettings(db: Db, tenantId: number): Promise<WorkshopSettings> {
  return workshopOf(db, tenantId);
}

/**
 * Saves the workshop's settings (all of them; `default_country` only when sent, null for the
 * first zone's first country); logs `settings.workshop.update` with what changed. The default
 * country is where the storefront's "+ delivery from" is quoted to (UK DMCC Act 2024).
 * @throws DomainError `invalid_settings` (a day out of 1-7, an age out of 16-25, the most
 *   dispatch days below the fewest, a default country none of the shop's zones holds).
 */
export async function updateWorkshopSettings(
  ctx: SettingsContext,
  input: WorkshopSettings,
): Promise<WorkshopSettings> {
  const check = new FieldCheck();
  const days = [...new Set(input.working_days)].sort((a, b) => a - b);
  if (days.length === 0) check.add('working_days', 'Choose at least one working day.');
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
    check.add('working_days', 'Weekdays are 1 (Monday) to 7 (Sunday).');
  const [youngest, oldest] = MINIMUM_AGE_RANGE;
  if (
    !Number.isInteger(input.minimum_age) ||
    input.minimum_age < youngest ||
    input.minimum_age > oldest
  )
    check.add('minimum_age', `Enter an age from ${youngest} to ${oldest}.`);
  const { ready_dispatch_days_min: min, ready_dispatch_days_max: max } = input;
  for (const [field, value] of [
    ['ready_dispatch_days_min', min],
    ['ready_dispatch_days_max', max],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > MAX_DISPATCH_DAYS)
      check.add(field, `Enter a number of days from 0 to ${MAX_DISPATCH_DAYS}.`);
  }
  if (Number.isInteger(min) && Number.isInteger(max) && max < min)
    check.add('ready_dispatch_days_max', `At least the fewest days (${min}).`);
  const tenantId = ctx.acting.tenantId;
  const country = input.default_country;
  if (country !== undefined && country !== null) {
    if (!(await zoneCountries(ctx.db, tenantId)).has(country))
      check.add('default_country', 'Choose a country one of your shipping zones ships to.');
  }
  check.done();
  return settingsTransaction(ctx, async (trx) => {
    const before = await workshopOf(trx, tenantId);
    const after: WorkshopSettings = {
      working_days: days,
      ready_dispatch_days_min: min,
      ready_dispatch_days_max: max,
      minimum_age: input.minimum_age,
      default_country: country === undefined ? before.default_country : country,
    };
    const values = {
      working_days: days.join(','),
      ready_dispatch_days_min: min,
      ready_dispatch_days_max: max,
      minimum_age: input.minimum_age,
      default_country: after.default_country ?? null,
    };
    await saveSettingsChange(trx, ctx, 'settings.workshop.update', 'workshop', before, after, () =>
      trx
        .insertInto('shop_settings')
        .values({ tenant_id: tenantId, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute(),
    );
    return after;
  });
}
