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
  site_title: 'Riverside Pottery Studio',
  site_description: 'Mugs and vases.',
  logo: null,
  favicon: null,
  google_analytics_id: null,
  contact_email: 'studio@riversidepottery.example',
  legal_name: 'Riverside Pottery Studio (Nell Harper)',
  legal_address: '2 Mill Race Cottages\nTotnes TQ9 5DF',
  legal_email: 'studio@riversidepottery.example',
  company_number: null,
  vat_number: null,
  vat_registered: false,
  vat_rate: null,
  currency: 'GBP',
  currency_fixed: true,
  slip_address: 'legal',
};

describe('who the seller is', () => {
  it('registers the shop for VAT with its number and rate, tidied as the server keeps them', async () => {
    const sent = fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': {
        status: 200,
        body: { ...SITE, vat_registered: true, vat_number: 'GB123456789', vat_rate: '20.00' },
      },
    });
    renderWithQuery(<SitePage />);
    expect(await screen.findByLabelText('Legal name')).toHaveValue(
      'Riverside Pottery Studio (Nell Harper)',
    );
    await userEvent.click(screen.getByLabelText(/VAT registered/));
    await userEvent.type(screen.getByLabelText('VAT number'), 'gb 123 456 789');
    await userEvent.type(screen.getByLabelText('VAT rate (%)'), '20');
    expect(screen.getByRole('radio', { name: "The seller's, as above" })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /The workshop's/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the seller' }));
    expect(await screen.findByText(/Saved\. The footer and new invoices/)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      legal_name: 'Riverside Pottery Studio (Nell Harper)',
      legal_address: '2 Mill Race Cottages\nTotnes TQ9 5DF',
      legal_email: 'studio@riversidepottery.example',
      company_number: null,
      vat_registered: true,
      vat_number: 'GB123456789',
      vat_rate: '20',
      slip_address: 'workshop',
    });
  });

  it('asks for a number and a rate before a registered shop is saved, and a VAT number that is one', async () => {
    const sent = fakeApi({ 'GET /settings/site/': { status: 200, body: SITE } });
    renderWithQuery(<SitePage />);
    await userEvent.click(await screen.findByLabelText(/VAT registered/));
    fireEvent.click(screen.getByRole('button', { name: 'Save the seller' }));
    await waitFor(() =>
      expect(screen.getByLabelText('VAT number')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('Required while the shop is VAT registered.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('VAT number'), 'GB12');
    await userEvent.type(screen.getByLabelText('VAT rate (%)'), '35');
    fireEvent.click(screen.getByRole('button', { name: 'Save the seller' }));
    expect(
      await screen.findByText(
        'Enter a 2-letter country prefix and 8 to 12 letters or digits, such as GB123456789.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter a rate from 0 to 30 percent, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal beside its field", async () => {
    fakeApi({
      'GET /settings/site/': { status: 200, body: SITE },
      'PATCH /settings/site/': {
        status: 400,
        body: { legal_address: ['Control characters are not allowed.'] },
      },
    });
    renderWithQuery(<SitePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save the seller' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Control characters are not allowed.')).toBeInTheDocument();
  });
});
