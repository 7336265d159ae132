/**
 * "VAT for buyers abroad" (site settings; issue 41, decision 087): the shop's country, and for
 * a shop established in an EU member state the choice the One-Stop Shop gives it (Directive
 * 2006/112/EC art. 33(a), 59c, 369a-369k): one rate for every order, or the VAT of the EU
 * country the order goes to (exports outside the EU then go without VAT, art. 146), with prices
 * kept gross or recomputed from the net, and its OSS number. A shop elsewhere (a UK shop) is
 * told the OSS does not apply to it. The server checks the same (server/settings/site.ts) and
 * its refusals land beside the fields.
 */
import { useForm, useWatch } from 'react-hook-form';
import {
  EU_VAT_RATES,
  EU_VAT_RATES_CHECKED_ON,
  EU_VAT_RATES_SOURCE,
  euCountryName,
  isEuCountry,
} from '../../../../common/eu-vat-rates';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { FieldError } from '../../components/form-field';
import { useUpdateSite, type SiteSetup } from './api';
import { useSavedForm } from './saved-form';

interface VatAbroadValues {
  vat_country: string;
  vat_mode: 'single' | 'destination';
  vat_prices: 'same_gross' | 'recompute_net';
  oss_number: string;
}

/** "United Kingdom" for "GB" (the browser's English names), the code when it has none. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** Why the One-Stop Shop does not apply to a shop established in `country` (not in the EU). */
export function notEuWords(country: string): string {
  const the = ['GB', 'US', 'NL', 'AE', 'CZ'].includes(country) ? 'the ' : '';
  const where = country === '' ? 'outside the EU' : `in ${the}${countryName(country)}`;
  const uk =
    country === 'GB'
      ? ' Sales from Great Britain to EU buyers are imports there; goods sold from Northern Ireland (XI) follow EU rules, which this shop does not tell apart: ask your accountant.'
      : '';
  return `The One-Stop Shop is the EU's scheme for sellers established in an EU member state: it does not apply to a shop ${where}, which charges its one VAT rate on every order.${uk}`;
}

/** The panel for `site` (SiteSetup). */
export function VatAbroadForm({ site }: { site: SiteSetup }) {
  const update = useUpdateSite();
  const form = useForm<VatAbroadValues>({
    values: {
      vat_country: site.vat_country ?? '',
      vat_mode: site.vat_mode ?? 'single',
      vat_prices: site.vat_prices ?? 'same_gross',
      oss_number: site.oss_number ?? '',
    },
  });
  const { InputField } = fieldsOf(form);
  const country = (useWatch({ control: form.control, name: 'vat_country' }) ?? '')
    .trim()
    .toUpperCase();
  const mode = useWatch({ control: form.control, name: 'vat_mode' });
  const inEu = isEuCountry(country);
  // A radio group shows its refusal under the group (the server's, on `vat_mode`).
  const modeError = form.formState.errors.vat_mode?.message;
  const { submit, message } = useSavedForm(
    form,
    ['vat_country', 'vat_mode', 'vat_prices', 'oss_number'],
    async (values) => {
      const eu = isEuCountry(values.vat_country.trim().toUpperCase());
      await update.mutateAsync({
        vat_country: values.vat_country.trim() === '' ? null : values.vat_country.trim(),
        // Outside the EU there is no choice: one rate.
        vat_mode: eu ? values.vat_mode : 'single',
        vat_prices: values.vat_prices,
        oss_number: values.oss_number.trim() === '' ? null : values.oss_number,
      });
      return eu && values.vat_mode === 'destination'
        ? 'Saved. New orders to other EU countries pay their VAT; placed orders keep theirs.'
        : 'Saved. Every new order pays the shop’s one rate; placed orders keep theirs.';
    },
  );
  const homeRate = site.vat_rate ? `${Number(site.vat_rate)} %` : 'your rate';
  return (
    <Panel titleId="vat-abroad-title" title="VAT for buyers abroad">
      <Form form={form} idPrefix="vat-abroad" onSubmit={submit} aria-labelledby="vat-abroad-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <InputField
          name="vat_country"
          label="The shop's country"
          hint="Where the business is established, as a two-letter code such as IE or GB."
          type="text"
          maxLength={2}
          autoCapitalize="characters"
          fieldClass="field-country"
        />
        {!inEu ? (
          <p className="muted" data-testid="oss-not-applicable">
            {notEuWords(country)}
          </p>
        ) : (
          <>
            <fieldset className="settings-fieldset">
              <legend>Which VAT an order pays</legend>
              <div className="slip-address-choices">
                <label className="check">
                  <input type="radio" value="single" {...form.register('vat_mode')} />
                  <span>
                    One rate for every order: {euCountryName(country)}&rsquo;s {homeRate}. For a
                    shop whose sales to consumers in other EU countries stay under €10,000 a year
                    (art. 59c).
                  </span>
                </label>
                <label className="check">
                  <input type="radio" value="destination" {...form.register('vat_mode')} />
                  <span>
                    The VAT of the EU country the order is delivered to, declared each quarter
                    through the One-Stop Shop (Sales → EU VAT). Orders in {euCountryName(country)}{' '}
                    keep {homeRate}; orders delivered outside the EU pay no VAT (an export).
                  </span>
                </label>
              </div>
              <FieldError id="vat-abroad-vat_mode-error" error={modeError} />
            </fieldset>
            {mode === 'destination' ? (
              <fieldset className="settings-fieldset">
                <legend>Prices at another rate</legend>
                <p className="field-hint">
                  Product pages always show your prices, which include {homeRate}; the checkout
                  applies the destination&rsquo;s rate once the buyer gives the country.
                </p>
                <div className="slip-address-choices">
                  <label className="check">
                    <input type="radio" value="same_gross" {...form.register('vat_prices')} />
                    <span>Same price everywhere: the VAT included in it changes</span>
                  </label>
                  <label className="check">
                    <input type="radio" value="recompute_net" {...form.register('vat_prices')} />
                    <span>
                      Same price before VAT: the price follows the rate (70.00 at 23 % is 68.29 at
                      20 %)
                    </span>
                  </label>
                </div>
              </fieldset>
            ) : null}
            <InputField
              name="oss_number"
              label="OSS number (optional)"
              hint="The VAT number you declare under in the One-Stop Shop, such as IE1234567T. The Sales screen's return shows it."
              type="text"
              maxLength={30}
              autoCapitalize="characters"
            />
            <p className="small muted">
              The {Object.keys(EU_VAT_RATES).length} standard rates come from the{' '}
              {EU_VAT_RATES_SOURCE}, checked on {EU_VAT_RATES_CHECKED_ON}. Check them before each
              quarter&rsquo;s return.
            </p>
          </>
        )}
        <FormButtons busy={update.isPending} label="Save VAT for buyers abroad" />
      </Form>
    </Panel>
  );
}
