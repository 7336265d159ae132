import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { SiteSetup } from './api';
import { VatAbroadForm } from './vat-abroad-form';

/*
 * "VAT for buyers abroad" (issue 41): an EU shop chooses one rate or the destination's (the
 * One-Stop Shop), with prices kept gross or recomputed and its OSS number; a UK shop is told
 * the OSS does not apply to it.
 */

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const IRISH: SiteSetup = {
  site_title: 'Ember & Oak',
  site_description: '',
  logo: null,
  favicon: null,
  google_analytics_id: null,
  contact_email: 'hello@emberandoak.example',
  legal_name: 'Ember & Oak Teoranta',
  legal_address: '4 Quay Street\nGalway H91 X2Y3',
  legal_email: 'hello@emberandoak.example',
  company_number: null,
  vat_number: 'IE1234567T',
  vat_registered: true,
  vat_rate: '23.00',
  vat_country: 'IE',
  vat_mode: 'single',
  vat_prices: 'same_gross',
  oss_number: null,
  currency: 'EUR',
  currency_fixed: true,
  slip_address: 'legal',
};

describe('VAT for buyers abroad', () => {
  it('lets an Irish shop charge the VAT where the buyer is, prices from the net, with its OSS number', async () => {
    const sent = fakeApi({
      'PATCH /settings/site/': {
        status: 200,
        body: { ...IRISH, vat_mode: 'destination', vat_prices: 'recompute_net' },
      },
    });
    renderWithQuery(<VatAbroadForm site={IRISH} />);
    expect(
      screen.getByRole('radio', { name: /One rate for every order: Ireland’s 23 %/ }),
    ).toBeChecked();
    // The price rule is asked only once the destination's VAT is chosen.
    expect(screen.queryByRole('radio', { name: /Same price before VAT/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /The VAT of the EU country/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Same price before VAT/ }));
    await userEvent.type(screen.getByLabelText('OSS number (optional)'), 'IE1234567T');
    expect(
      screen.getByText(/27 standard rates come from the European Commission/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save VAT for buyers abroad' }));
    expect(
      await screen.findByText(/New orders to other EU countries pay their VAT/),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      vat_country: 'IE',
      vat_mode: 'destination',
      vat_prices: 'recompute_net',
      oss_number: 'IE1234567T',
    });
  });

  it('tells a UK shop the One-Stop Shop does not apply, and keeps it at one rate', async () => {
    const sent = fakeApi({ 'PATCH /settings/site/': { status: 200, body: IRISH } });
    renderWithQuery(<VatAbroadForm site={{ ...IRISH, vat_country: 'GB', vat_rate: '20.00' }} />);
    expect(screen.getByTestId('oss-not-applicable')).toHaveTextContent(
      /does not apply to a shop in the United Kingdom.*Northern Ireland/,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    // Typing an EU country offers the choice.
    await userEvent.clear(screen.getByLabelText("The shop's country"));
    await userEvent.type(screen.getByLabelText("The shop's country"), 'fr');
    expect(screen.getByRole('radio', { name: /The VAT of the EU country/ })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("The shop's country"));
    await userEvent.type(screen.getByLabelText("The shop's country"), 'GB');
    fireEvent.click(screen.getByRole('button', { name: 'Save VAT for buyers abroad' }));
    expect(await screen.findByText(/Every new order pays the shop’s one rate/)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      vat_country: 'GB',
      vat_mode: 'single',
    });
  });

  it('shows the server’s refusal beside the choice', async () => {
    fakeApi({
      'PATCH /settings/site/': {
        status: 400,
        body: { vat_mode: ['Charging VAT where the buyer is needs a VAT registered shop.'] },
      },
    });
    renderWithQuery(<VatAbroadForm site={IRISH} />);
    await userEvent.click(screen.getByRole('radio', { name: /The VAT of the EU country/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save VAT for buyers abroad' }));
    expect(
      await screen.findByText('Charging VAT where the buyer is needs a VAT registered shop.'),
    ).toBeInTheDocument();
  });
});
