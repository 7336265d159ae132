/**
 * Site settings (`/settings/site`): the title and description every storefront page carries,
 * the contact e-mail, the Google Analytics id, and the logo and the tab icon (each replaced by
 * uploading an image, or removed); and who the seller is, with the VAT its prices include
 * (./seller-form.tsx); the shop's currency, until its first order (./currency-form.tsx); and the
 * preview password of a shop not launched yet (./preview-password-panel.tsx); the product cards'
 * shape and the home page's picture (./photo-display-panel.tsx). The storefront
 * shows a change within a second.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { config } from '../../api/config';
import { errorMessage } from '../../api/errors';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { useSingleFlight } from '../../components/use-single-flight';
import { ImageUpload } from '../photos/image-upload';
import { siteQuery, useUpdateSite, type SiteSetup } from './api';
import { useSavedForm, type FormMessage } from './saved-form';
import { siteSchema, toSiteBody, type SiteOutput, type SiteValues } from './schemas';
import { SellerForm } from './seller-form';
import { VatAbroadForm } from './vat-abroad-form';
import { CurrencyForm } from './currency-form';
import { PreviewPasswordPanel } from './preview-password-panel';
import { PhotoDisplayPanel } from './photo-display-panel';

export function SitePage() {
  const site = useQuery(siteQuery());
  return (
    <>
      <title>Site · Settings · Back office</title>
      <QueryView query={site}>
        {(data) => (
          <>
            <SiteForm site={data} />
            <SellerForm site={data} />
            <VatAbroadForm site={data} />
            <CurrencyForm site={data} />
            <ImagesPanel site={data} />
            <PhotoDisplayPanel />
            <PreviewPasswordPanel />
          </>
        )}
      </QueryView>
    </>
  );
}

function SiteForm({ site }: { site: SiteSetup }) {
  const update = useUpdateSite();
  const form = useForm<SiteValues, unknown, SiteOutput>({
    resolver: zodResolver(siteSchema),
    values: {
      site_title: site.site_title,
      site_description: site.site_description,
      contact_email: site.contact_email,
      google_analytics_id: site.google_analytics_id ?? '',
    },
  });
  const { InputField, TextAreaField } = fieldsOf(form);
  const { submit, message } = useSavedForm(
    form,
    ['site_title', 'site_description', 'contact_email', 'google_analytics_id'],
    async (values) => {
      await update.mutateAsync(toSiteBody(values));
      return 'The site settings were saved. The shop shows them within a second.';
    },
  );
  return (
    <Panel titleId="site-title" title="Site">
      <Form form={form} idPrefix="site" onSubmit={submit} aria-labelledby="site-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <InputField
          name="site_title"
          label="Shop title"
          hint="Every page's title and the header's name."
          type="text"
          maxLength={120}
        />
        <TextAreaField
          name="site_description"
          label="Description"
          hint="What search engines show under the title."
          rows={3}
          maxLength={500}
        />
        <InputField name="contact_email" label="Contact e-mail" type="email" autoComplete="off" />
        <InputField
          name="google_analytics_id"
          label="Google Analytics id"
          hint="A measurement id such as G-4H7KQ2ZP9X; leave it empty for no analytics."
          type="text"
          maxLength={20}
        />
        <FormButtons busy={update.isPending} label="Save site settings" />
      </Form>
    </Panel>
  );
}

/** The logo and the tab icon: each replaced at once by an upload, or removed. */
function ImagesPanel({ site }: { site: SiteSetup }) {
  const update = useUpdateSite();
  const once = useSingleFlight();
  const [message, setMessage] = useState<FormMessage>(null);
  const save = (body: Parameters<typeof update.mutateAsync>[0], done: string) =>
    void once(async () => {
      setMessage(null);
      try {
        await update.mutateAsync(body);
        setMessage({ tone: 'success', text: done });
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      }
    });
  return (
    <Panel titleId="images-title" title="Logo and tab icon">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="settings-images">
        <div className="settings-image">
          <h3>Logo</h3>
          {site.logo ? (
            <img src={site.logo} alt="The shop's logo" className="settings-image-preview" />
          ) : (
            <p className="muted">No logo: the header shows the title.</p>
          )}
          <ImageUpload
            label="Upload a new logo"
            onUploaded={(upload) => save({ logo_upload_id: upload.id }, 'The logo was replaced.')}
          />
          {site.logo ? (
            <button
              type="button"
              className="button button-small"
              disabled={update.isPending}
              onClick={() => save({ logo_upload_id: null }, 'The logo was removed.')}
            >
              Remove the logo
            </button>
          ) : null}
        </div>
        <div className="settings-image">
          <h3>Tab icon (favicon)</h3>
          {site.favicon ? (
            <img
              src={faviconSrc(site.favicon)}
              alt="The shop's tab icon"
              className="settings-image-preview settings-favicon"
            />
          ) : (
            <p className="muted">No tab icon.</p>
          )}
          <ImageUpload
            label="Upload a new tab icon"
            onUploaded={(upload) =>
              save({ favicon_upload_id: upload.id }, 'The tab icon was replaced.')
            }
          />
          {site.favicon ? (
            <button
              type="button"
              className="button button-small"
              disabled={update.isPending}
              onClick={() => save({ favicon_upload_id: null }, 'The tab icon was removed.')}
            >
              Remove the tab icon
            </button>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

/** The favicon's address: it is stored relative to the shop API's base (`/media/…`). */
export function faviconSrc(favicon: string): string {
  const apiBase = config.shopApiBaseUrl.replace(/\/+$/, '');
  return `${apiBase}/${favicon.replace(/^\/+/, '')}`;
}
