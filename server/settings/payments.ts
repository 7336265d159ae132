/**
 * The shop's payment settings (owner only): which methods it offers (card, bank transfer, the
 * custom method), the bank details, the custom method's label, instructions and redirect
 * address, and the card provider with its credentials. The credentials are checked and sealed
 * by the same code as `npm run payments:configure` (`PaymentProviders.configure`,
 * server/payments/registry.ts) and never leave the server again: the answers and the activity
 * log say which provider is set and when, never a value.
 *
 * Which methods the storefront offers is decided by server/payments/methods.ts on every
 * request (a method's switch on, and for card a provider with credentials), so a change is
 * offered at once; the caller's `changed` makes the cached pages follow.
 */
import type { Selectable } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { PaymentSettingsTable } from '../payments/tables.ts';
import type { CredentialsMode, ProviderName } from '../payments/tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { CARD_PROVIDERS, type PaymentProviders } from '../payments/registry.ts';
import { paymentError } from '../payments/errors.ts';
import {
  type CredentialsCheckInput,
  type CredentialsCheckResult,
  ProviderRefused,
  ProviderUnavailable,
} from '../payments/provider.ts';
import {
  FieldCheck,
  invalidSettings,
  recordSettingsChange,
  saveSettingsChange,
  settingsTransaction,
} from './checks.ts';
import type { Db, SettingsContext, Trx } from './checks.ts';

export type PaymentSetup = Schemas['PaymentSetup'];
export type PaymentSetupChange = Schemas['PaymentSetupChange'];
export type CardCredentialsInput = Schemas['CardCredentialsInput'];

/** What the activity log says of credentials instead of their values. */
export const CREDENTIALS_REPLACED = 'credentials replaced';

type Row = Selectable<PaymentSettingsTable>;

/** The switches and texts the owner edits (everything but the card provider). */
type Editable = Omit<PaymentSetup, 'card_provider'>;

function editableOf(row: Row | undefined): Editable {
  return {
    enable_card_payment: row ? toBool(row.enable_card_payment) : false,
    enable_bank_transfer: row ? toBool(row.enable_bank_transfer) : false,
    enable_custom_payment: row ? toBool(row.enable_custom_payment) : false,
    bank_account_details: row?.bank_account_details ?? null,
    custom_payment_label: row?.custom_payment_label ?? null,
    custom_payment_instructions: row?.custom_payment_instructions ?? null,
    custom_payment_redirect_url: row?.custom_payment_redirect_url ?? null,
  };
}

function setupOf(row: Row | undefined): PaymentSetup {
  return {
    ...editableOf(row),
    card_provider: {
      provider: row?.provider ?? 'sandbox',
      credentials_set: Boolean(row?.credentials),
      credentials_updated_at: row?.credentials_updated_at
        ? toIsoString(row.credentials_updated_at)
        : null,
      credentials_checked_at: row?.credentials_checked_at
        ? toIsoString(row.credentials_checked_at)
        : null,
      credentials_checked_mode: row?.credentials_checked_at
        ? (row.credentials_checked_mode ?? null)
        : null,
    },
  };
}

async function settingsRow(db: Db | Trx, tenantId: number): Promise<Row | undefined> {
  return db
    .selectFrom('payment_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Makes the shop's (empty, everything off) payment settings row when it has none. */
async function ensureRow(trx: Trx, tenantId: number): Promise<Row> {
  const row = await settingsRow(trx, tenantId);
  if (row) return row;
  await trx
    .insertInto('payment_settings')
    .values({
      tenant_id: tenantId,
      enable_card_payment: 0,
      enable_bank_transfer: 0,
      enable_custom_payment: 0,
      gateway_secret: '',
    })
    .execute();
  return (await settingsRow(trx, tenantId))!;
}

/** Shop `tenantId`'s payment settings; never a credential. */
export async function getPaymentSetup(db: Db, tenantId: number): Promise<PaymentSetup> {
  return setupOf(await settingsRow(db, tenantId));
}

/** An `https://` address with a host and no user name or password in it, or null. */
export function httpsAddress(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username || url.password) return null;
  return url.toString();
}

/** A text setting: trimmed, null when blank; errors collected in `check`. */
function optionalText(
  check: FieldCheck,
  field: keyof Editable,
  value: string | null,
  max: number,
  multiline: boolean,
): string | null | undefined {
  if (value === null) return null;
  const text = check.text(field, value, { max, multiline });
  return text === '' ? null : text;
}

/**
 * Changes the fields of `change` that are sent; logs `settings.payments.update` with what
 * changed. A method switched on needs its settings (bank details, the custom label, for card
 * the provider's credentials).
 * @throws DomainError `invalid_settings`.
 */
export async function updatePaymentSetup(
  ctx: SettingsContext,
  change: PaymentSetupChange,
): Promise<PaymentSetup> {
  const check = new FieldCheck();
  const next: Partial<Editable> = {};
  for (const field of [
    'enable_card_payment',
    'enable_bank_transfer',
    'enable_custom_payment',
  ] as const) {
    if (change[field] !== undefined) next[field] = change[field];
  }
  if (change.bank_account_details !== undefined)
    next.bank_account_details = optionalText(
      check,
      'bank_account_details',
      change.bank_account_details,
      2000,
      true,
    );
  if (change.custom_payment_label !== undefined)
    next.custom_payment_label = optionalText(
      check,
      'custom_payment_label',
      change.custom_payment_label,
      100,
      false,
    );
  if (change.custom_payment_instructions !== undefined)
    next.custom_payment_instructions = optionalText(
      check,
      'custom_payment_instructions',
      change.custom_payment_instructions,
      2000,
      true,
    );
  if (change.custom_payment_redirect_url !== undefined) {
    const given = optionalText(
      check,
      'custom_payment_redirect_url',
      change.custom_payment_redirect_url,
      500,
      false,
    );
    if (given === null || given === undefined) next.custom_payment_redirect_url = given;
    else {
      const address = httpsAddress(given);
      if (address === null) check.add('custom_payment_redirect_url', 'Enter an https:// address.');
      else next.custom_payment_redirect_url = address;
    }
  }
  check.done();
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const row = await ensureRow(trx, tenantId);
    const before = editableOf(row);
    const after: Editable = { ...before };
    for (const [key, value] of Object.entries(next)) {
      if (value !== undefined) (after as Record<string, unknown>)[key] = value;
    }
    const rules = new FieldCheck();
    if (after.enable_card_payment && !before.enable_card_payment && !row.credentials)
      rules.add('enable_card_payment', "Add the card provider's credentials first.");
    if (after.enable_bank_transfer && !after.bank_account_details)
      rules.add('bank_account_details', 'Bank transfer needs the bank details buyers pay to.');
    if (after.enable_custom_payment && !after.custom_payment_label)
      rules.add('custom_payment_label', 'The custom method needs a name buyers see.');
    rules.done();
    await saveSettingsChange(trx, ctx, 'settings.payments.update', 'payments', before, after, () =>
      trx
        .updateTable('payment_settings')
        .set({
          ...after,
          enable_card_payment: after.enable_card_payment ? 1 : 0,
          enable_bank_transfer: after.enable_bank_transfer ? 1 : 0,
          enable_custom_payment: after.enable_custom_payment ? 1 : 0,
        })
        .where('tenant_id', '=', tenantId)
        .execute(),
    );
    return setupOf(await settingsRow(trx, tenantId));
  });
}

/**
 * Names the card provider and replaces its credentials, sealed by `providers.configure` in the
 * same transaction as the activity entry `settings.payments.credentials_replace` (which says
 * "credentials replaced", never a value).
 * @throws DomainError `invalid_settings` on `credentials` (the provider's own message, which
 *   names a field, never its value) or `provider`.
 */
export async function replaceCardCredentials(
  ctx: SettingsContext,
  providers: Pick<PaymentProviders, 'configure'>,
  input: CardCredentialsInput,
): Promise<PaymentSetup> {
  const name: ProviderName = input.provider;
  const check = new FieldCheck();
  if (name !== 'stripe' && name !== '2c2p') check.add('provider', 'Choose Stripe or 2C2P.');
  else {
    try {
      CARD_PROVIDERS[name].parseCredentials(input.credentials);
    } catch (error) {
      check.add('credentials', (error as Error).message);
    }
  }
  check.done();
  const at = ctx.now?.() ?? new Date();
  return settingsTransaction(ctx, async (trx, tenantId) => {
    const row = await ensureRow(trx, tenantId);
    await providers.configure(tenantId, name, input.credentials, trx, at);
    await recordSettingsChange(trx, ctx, 'settings.payments.credentials_replace', 'payments', {
      before: { provider: row.provider, credentials: row.credentials ? 'set' : 'none' },
      after: { provider: name, credentials: CREDENTIALS_REPLACED },
    });
    return setupOf(await settingsRow(trx, tenantId));
  });
}

/** What the owner reads when testing keys there are none of. */
export const NO_CREDENTIALS_TO_TEST = "Save the card provider's credentials first.";

/**
 * Tests the shop's current card credentials with their provider (the launch checklist's
 * "card keys tested with the provider", issue 38) and records the outcome while they are still
 * the ones tested: accepted, `credentials_checked_at` and whether they are `live` or `test`;
 * refused, both cleared (the card no longer counts). Logged as
 * `settings.payments.credentials_check` with the outcome before and after, never a value.
 * @param request what the provider is sent (the shop's currency and addresses), by provider.
 * @throws DomainError `invalid_settings` on `credentials`: none saved, or the provider refused
 *   them (its words for the owner; the refusal is recorded first);
 *   `provider_unavailable` (502) when the provider could not be reached (nothing recorded).
 */
export async function checkCardCredentials(
  ctx: SettingsContext,
  providers: Pick<PaymentProviders, 'current'>,
  request: (provider: ProviderName) => Promise<CredentialsCheckInput>,
): Promise<PaymentSetup> {
  const tenantId = ctx.acting.tenantId;
  const current = await providers.current(tenantId);
  if (current === null) throw invalidSettings({ credentials: [NO_CREDENTIALS_TO_TEST] });
  const label = CARD_PROVIDERS[current.name].label;
  let outcome: CredentialsCheckResult | ProviderRefused;
  try {
    outcome = await current.provider.checkCredentials(await request(current.name));
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      throw paymentError(
        'provider_unavailable',
        `${label} could not be reached, so the credentials were not tested. Try again in a moment.`,
      );
    }
    if (!(error instanceof ProviderRefused)) throw error;
    outcome = error;
  }
  const at = ctx.now?.() ?? new Date();
  const mode: CredentialsMode | null =
    outcome instanceof ProviderRefused ? null : outcome.live ? 'live' : 'test';
  const setup = await settingsTransaction(ctx, async (trx) => {
    const row = await ensureRow(trx, tenantId);
    const tested = await trx
      .updateTable('payment_settings')
      .set({
        credentials_checked_at: mode ? at.toISOString() : null,
        credentials_checked_mode: mode,
      })
      .where('tenant_id', '=', tenantId)
      .where('credentials', '=', current.sealed)
      .executeTakeFirst();
    // Replaced while the provider answered: the new credentials keep their own (untested) state.
    if (Number(tested.numUpdatedRows) === 1) {
      await recordSettingsChange(trx, ctx, 'settings.payments.credentials_check', 'payments', {
        before: checkState(row),
        after: {
          provider: current.name,
          checked: mode ?? 'refused',
          checked_at: mode ? at.toISOString() : null,
        },
      });
    }
    return setupOf(await settingsRow(trx, tenantId));
  });
  if (outcome instanceof ProviderRefused) {
    throw invalidSettings({ credentials: [outcome.message] });
  }
  return setup;
}

/** A row's last test as the activity log shows it: never, live or test, and when. */
function checkState(row: Row) {
  return {
    provider: row.provider,
    checked: row.credentials_checked_at ? (row.credentials_checked_mode ?? 'test') : 'never',
    checked_at: row.credentials_checked_at ? toIsoString(row.credentials_checked_at) : null,
  };
}
