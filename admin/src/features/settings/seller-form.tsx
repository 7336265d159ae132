/**
 * "Who the seller is" (site settings): the legal name, geographic address, e-mail, company and
 * VAT numbers the storefront's footer and the invoices show (E-Commerce Regulations 2002 reg.
 * 6, Companies Act 2006 trading disclosures), and whether the prices include VAT and at what
 * rate. A new rate applies to orders placed from then on; placed orders keep theirs. Which
 * address packing slips print: this one (the default) or the workshop's.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
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
      slip_address: site.slip_address ?? 'legal',
    },
  });
  const { CheckField, InputField, TextAreaField } = fieldsOf(form);
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
      'slip_address',
    ],
    async (values) => {
      await update.mutateAsync(toSellerBody(values));
      return 'Saved. The footer and new invoices show the seller as saved; placed orders keep their VAT rate.';
    },
  );
  return (
    <Panel titleId="seller-title" title="Who the seller is">
      <p className="muted">
        The law asks a shop to name its seller: the storefront&apos;s footer and every invoice show
        these.
      </p>
      <Form form={form} idPrefix="seller" onSubmit={submit} aria-labelledby="seller-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <InputField
          name="legal_name"
          label="Legal name"
          hint="The registered company name, or the sole trader's name and trading name."
          type="text"
          maxLength={200}
        />
        <TextAreaField
          name="legal_address"
          label="Address"
          hint="A geographic address (not a PO box), one line each."
          rows={4}
          maxLength={500}
        />
        <InputField name="legal_email" label="E-mail" type="email" autoComplete="off" />
        <InputField
          name="company_number"
          label="Company number"
          hint="Leave it empty when the seller is not a company."
          type="text"
          maxLength={30}
          autoCapitalize="characters"
        />
        <CheckField name="vat_registered" labelFor>
          VAT registered: the prices include VAT (otherwise the shop says no VAT is charged)
        </CheckField>
        <InputField
          name="vat_number"
          label="VAT number"
          hint="The country prefix and the number, such as GB123456789."
          type="text"
          maxLength={30}
          autoCapitalize="characters"
        />
        <InputField
          name="vat_rate"
          label="VAT rate (%)"
          hint="The rate the prices include, such as 20. Orders already placed keep their rate."
          type="text"
          inputMode="decimal"
          maxLength={6}
        />
        <fieldset className="settings-fieldset">
          <legend>Address on packing slips</legend>
          <p className="field-hint">
            Printed as the sender and for returns: one address, so a parcel never shows two.
          </p>
          <div className="slip-address-choices">
            <label className="check">
              <input type="radio" value="legal" {...form.register('slip_address')} />
              <span>The seller&apos;s, as above</span>
            </label>
            <label className="check">
              <input type="radio" value="workshop" {...form.register('slip_address')} />
              <span>The workshop&apos;s: the main place on the contact page</span>
            </label>
          </div>
        </fieldset>
        <FormButtons busy={update.isPending} label="Save the seller" />
      </Form>
    </Panel>
  );
}
