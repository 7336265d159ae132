/**
 * "Who the seller is" (site settings): the legal name, geographic address, e-mail, company and
 * VAT numbers the storefront's footer and the invoices show (E-Commerce Regulations 2002 reg.
 * 6, Companies Act 2006 trading disclosures), and whether the prices include VAT and at what
 * rate. A new rate applies to orders placed from then on; placed orders keep theirs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { useUpdateSite, type SiteSetup } from './api';
import { useSavedForm } from './saved-form';
import { sellerSchema, toSellerBody, type SellerOutput, type SellerValues } from './seller-schema';

export function SellerForm({ site }: { site: SiteSetup }) {
  const update = useUpdateSite();
  const form = useForm<SellerValues, unknown, SellerOutput>({
    resolver: zodResolver(sellerSchema),
    values: {
      legal_name: site.legal_name,
      legal_address: site.legal_address,
      legal_email: site.legal_email,
      company_number: site.company_number ?? '',
      vat_registered: site.vat_registered,
      vat_number: site.vat_number ?? '',
      vat_rate: site.vat_rate ?? '',
    },
  });
  const { errors } = form.formState;
  const { submit, message } = useSavedForm(
    form,
    [
      'legal_name',
      'legal_address',
      'legal_email',
      'company_number',
      'vat_registered',
      'vat_number',
      'vat_rate',
    ],
    async (values) => {
      await update.mutateAsync(toSellerBody(values));
      return 'Saved. The footer and new invoices show the seller as saved; placed orders keep their VAT rate.';
    },
  );
  return (
    <section className="panel" aria-labelledby="seller-title">
      <h2 id="seller-title">Who the seller is</h2>
      <p className="muted">
        The law asks a shop to name its seller: the storefront&apos;s footer and every invoice show
        these.
      </p>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="seller-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <FormField
          id="seller-name"
          label="Legal name"
          hint="The registered company name, or the sole trader's name and trading name."
          error={errors.legal_name?.message}
        >
          <input id="seller-name" type="text" maxLength={200} {...form.register('legal_name')} />
        </FormField>
        <FormField
          id="seller-address"
          label="Address"
          hint="A geographic address (not a PO box), one line each."
          error={errors.legal_address?.message}
        >
          <textarea
            id="seller-address"
            rows={4}
            maxLength={500}
            {...form.register('legal_address')}
          />
        </FormField>
        <FormField id="seller-email" label="E-mail" error={errors.legal_email?.message}>
          <input
            id="seller-email"
            type="email"
            autoComplete="off"
            {...form.register('legal_email')}
          />
        </FormField>
        <FormField
          id="seller-company"
          label="Company number"
          hint="Leave it empty when the seller is not a company."
          error={errors.company_number?.message}
        >
          <input
            id="seller-company"
            type="text"
            maxLength={30}
            autoCapitalize="characters"
            {...form.register('company_number')}
          />
        </FormField>
        <div className="check">
          <input id="seller-vat-registered" type="checkbox" {...form.register('vat_registered')} />
          <label htmlFor="seller-vat-registered">
            VAT registered: the prices include VAT (otherwise the shop says no VAT is charged)
          </label>
        </div>
        <FormField
          id="seller-vat-number"
          label="VAT number"
          hint="The country prefix and the number, such as GB123456789."
          error={errors.vat_number?.message}
        >
          <input
            id="seller-vat-number"
            type="text"
            maxLength={30}
            autoCapitalize="characters"
            {...form.register('vat_number')}
          />
        </FormField>
        <FormField
          id="seller-vat-rate"
          label="VAT rate (%)"
          hint="The rate the prices include, such as 20. Orders already placed keep their rate."
          error={errors.vat_rate?.message}
        >
          <input
            id="seller-vat-rate"
            type="text"
            inputMode="decimal"
            maxLength={6}
            {...form.register('vat_rate')}
          />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save the seller'}
          </button>
        </div>
      </form>
    </section>
  );
}
