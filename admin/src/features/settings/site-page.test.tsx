import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { SiteSetup } from './api';
import { SitePage } from './site-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const SITE: SiteSetup = {
  site_title: 'Ember & Oak',
  site_description: 'Hand-forged knives.',
  logo: '/api/media/demo/logo.png',
  favicon: '/media/demo/favicon.svg',
  google_analytics_id: null,
  contact_email: 'hello@emberandoak.example',
  legal_name: 'Ember & Oak Workshop Ltd',
  legal_address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB',
  legal_email: 'hello@emberandoak.example',
  company_number: '09876543',
  vat_number: null,
  vat_registered: false,
  vat_rate: null,
  currency: 'USD',
  currency_fixed: false,
};

describe('the site settings', () => {
  it('saves a new title and an analytics id, and shows the logo and the tab icon', async () => {
    const sent = fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': {
        status: 200,
        body: { ...SITE, site_title: 'Hollow Oak', google_analytics_id: 'G-4H7KQ2ZP9X' },
      },
    });
    renderWithQuery(<SitePage />);
    expect(await screen.findByRole('img', { name: "The shop's logo" })).toHaveAttribute(
      'src',
      '/api/media/demo/logo.png',
    );
    expect(screen.getByRole('img', { name: "The shop's tab icon" })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/media\/demo\/favicon\.svg$/),
    );
    await userEvent.clear(screen.getByLabelText('Shop title'));
    await userEvent.type(screen.getByLabelText('Shop title'), 'Hollow Oak');
    await userEvent.type(screen.getByLabelText('Google Analytics id'), 'g-4h7kq2zp9x');
    fireEvent.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(
      await screen.findByText('The site settings were saved. The shop shows them within a second.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      site_title: 'Hollow Oak',
      site_description: 'Hand-forged knives.',
      contact_email: 'hello@emberandoak.example',
      google_analytics_id: 'G-4H7KQ2ZP9X',
    });
  });

  it("shows the server's refusal beside its field", async () => {
    fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': {
        status: 400,
        body: { contact_email: ['Enter a valid email address.'] },
      },
    });
    renderWithQuery(<SitePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save site settings' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Contact e-mail')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
  });
});

describe("the shop's currency", () => {
  it('may change before the first order: pounds, euros and dollars are offered first', async () => {
    const sent = fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': { status: 200, body: { ...SITE, currency: 'GBP' } },
    });
    const { queryClient } = renderWithQuery(<SitePage />);
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('USD');
    const offered = [...select.querySelectorAll('option')].map((option) => option.textContent);
    expect(offered.slice(0, 3)).toEqual(['GBP · British Pound', 'EUR · Euro', 'USD · US Dollar']);
    expect(offered).toContain('CHF · Swiss Franc');
    expect(offered.some((label) => label?.startsWith('JPY'))).toBe(false);
    await userEvent.selectOptions(select, 'GBP');
    fireEvent.click(screen.getByRole('button', { name: 'Save the currency' }));
    expect(
      await screen.findByText(
        'Saved. The shop shows its prices in GBP within a second; the amounts stay as they are.',
      ),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ currency: 'GBP' });
    // Every amount of the back office is now written in pounds.
    expect(queryClient.getQueryData(['shop-currency'])).toBe('GBP');
  });

  it('is shown as fixed, and why, once the shop has taken an order', async () => {
    fakeApi({
      'GET /settings/site/': {
        status: 200,
        body: { ...SITE, currency: 'GBP', currency_fixed: true },
      },
    });
    renderWithQuery(<SitePage />);
    expect(await screen.findByTestId('shop-currency')).toHaveTextContent(
      'Prices are in British Pound (GBP).',
    );
    expect(
      screen.getByText(
        'The currency is fixed: the shop has taken orders, and its orders and payments are in GBP.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
  });

  it("shows the server's refusal beside the choice", async () => {
    const refusal =
      'The currency cannot change once the shop has taken its first order: its orders and payments are in USD.';
    fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': { status: 400, body: { currency: [refusal] } },
    });
    renderWithQuery(<SitePage />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Currency' }), 'EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Save the currency' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
