/**
 * The shop's currency (site settings, issue 38): every price the storefront shows, every order,
 * payment and e-mail is in it. An owner may choose any currency with two decimals (GBP, EUR,
 * USD first) until the shop takes its first order; from then on it is fixed, and the screen says
 * so and why instead of offering the choice (the server refuses a change anyway, 400 on
 * `currency`). Changing it changes no price, only what they are in.
 */
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { shopCurrencyChoices } from '../../../../common/currencies';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useUpdateSite, type SiteSetup } from './api';
import { useSavedForm } from './saved-form';

/** The currencies offered first: those of the shops' own markets. */
const FIRST = ['GBP', 'EUR', 'USD'];

/**
 * "GBP · British Pound" (as the first-run set-up writes it), or the code alone where the browser
 * has no name for it.
 */
function currencyLabel(code: string, names?: Intl.DisplayNames): string {
  const name = (names ?? new Intl.DisplayNames(['en'], { type: 'currency' })).of(code);
  return name && name !== code ? `${code} · ${name}` : code;
}

/** "British Pound (GBP)": a currency named in a sentence. */
function currencyName(code: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** Every currency a shop may choose, GBP, EUR and USD first, then the rest by code. */
function currencyOptions(): { code: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  const all = shopCurrencyChoices().map((code) => ({ code, label: currencyLabel(code, names) }));
  const first = FIRST.flatMap((code) => all.filter((option) => option.code === code));
  const rest = all.filter((option) => !FIRST.includes(option.code));
  return [...first, ...rest];
}

/**
 * The site settings' Currency panel for `site` (SiteSetup): the choice of currency while
 * `currency_fixed` is false, else the currency and why it is fixed.
 */
export function CurrencyForm({ site }: { site: SiteSetup }) {
  return (
    <Panel titleId="currency-title" title="Currency">
      {site.currency_fixed ? <FixedCurrency site={site} /> : <CurrencyChoice site={site} />}
    </Panel>
  );
}

/** The currency once the shop has orders: shown, with why it cannot change. */
function FixedCurrency({ site }: { site: SiteSetup }) {
  return (
    <>
      <p data-testid="shop-currency">
        Prices are in <strong>{currencyName(site.currency)}</strong>.
      </p>
      <p className="muted">
        The currency is fixed: the shop has taken orders, and its orders and payments are in{' '}
        {site.currency}.
      </p>
    </>
  );
}

/** The currency before the first order: a choice of every currency with two decimals. */
function CurrencyChoice({ site }: { site: SiteSetup }) {
  const update = useUpdateSite();
  const options = useMemo(() => currencyOptions(), []);
  const form = useForm<{ currency: string }>({ values: { currency: site.currency } });
  const { SelectField } = fieldsOf(form);
  const { submit, message } = useSavedForm(form, ['currency'], async (values) => {
    await update.mutateAsync({ currency: values.currency });
    return `Saved. The shop shows its prices in ${values.currency} within a second; the amounts stay as they are.`;
  });
  return (
    <Form form={form} idPrefix="currency" onSubmit={submit} aria-labelledby="currency-title">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <SelectField
        name="currency"
        label="Currency"
        hint="Every price, order and payment of the shop is in it. It can change until the shop's first order, not after."
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FormButtons busy={update.isPending} label="Save the currency" />
    </Form>
  );
}
