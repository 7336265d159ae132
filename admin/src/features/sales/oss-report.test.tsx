import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { OssReport } from './api';
import { OssPanel, recentQuarters } from './oss-report';

/*
 * The One-Stop Shop return on the sales screen (issue 41): the quarter's sales taxed in other
 * EU countries by country and rate, what to declare, the conversion a shop not in euros makes,
 * and why a shop charging one rate has nothing to declare.
 */

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const REPORT: OssReport = {
  quarter: '2026-Q3',
  from: '2026-07-01',
  to: '2026-09-30',
  currency: 'EUR',
  shop_country: 'IE',
  oss_number: 'IE1234567T',
  vat_mode: 'destination',
  rows: [
    {
      country: 'DE',
      country_name: 'Germany',
      vat_rate: '19.00',
      orders: 1,
      sales_taxable_amount: '73.95',
      sales_vat: '14.05',
      refunds_taxable_amount: '0.00',
      refunds_vat: '0.00',
      taxable_amount: '73.95',
      vat: '14.05',
    },
    {
      country: 'FR',
      country_name: 'France',
      vat_rate: '20.00',
      orders: 1,
      sales_taxable_amount: '73.33',
      sales_vat: '14.67',
      refunds_taxable_amount: '8.33',
      refunds_vat: '1.67',
      taxable_amount: '65.00',
      vat: '13.00',
    },
  ],
  taxable_amount: '138.95',
  vat: '27.05',
  conversion_note: null,
};

describe('the One-Stop Shop return', () => {
  it('offers the quarters since the OSS began, the last one ended first chosen', () => {
    expect(recentQuarters(new Date('2026-11-29T12:00:00Z'), 4)).toEqual([
      '2026-Q4',
      '2026-Q3',
      '2026-Q2',
      '2026-Q1',
    ]);
    expect(recentQuarters(new Date('2022-02-01T00:00:00Z'))).toEqual([
      '2022-Q1',
      '2021-Q4',
      '2021-Q3',
    ]);
  });

  it('shows what to declare by country and rate, refunds subtracted', async () => {
    const sent = fakeApi({ 'GET /sales/oss/': { status: 200, body: REPORT } });
    renderWithQuery(<OssPanel now={new Date('2026-11-29T12:00:00Z')} />);
    expect(await screen.findByTestId('oss-table')).toBeInTheDocument();
    expect(screen.getByLabelText('Quarter')).toHaveValue('2026-Q3');
    const france = screen.getByRole('row', { name: /France \(FR\)/ });
    expect(france).toHaveTextContent('France (FR), 20 %');
    expect(france).toHaveTextContent('€8.33');
    expect(france).toHaveTextContent('€65.00');
    expect(france).toHaveTextContent('€13.00');
    expect(screen.getByTestId('oss-taxable')).toHaveTextContent('€138.95');
    expect(screen.getByTestId('oss-vat')).toHaveTextContent('€27.05');
    expect(screen.getByText(/OSS number IE1234567T/)).toBeInTheDocument();
    expect(sent.filter((r) => r.path === '/sales/oss/')).toHaveLength(1);
  });

  it('tells a shop not in euros to convert, and one charging one rate why nothing is declared', async () => {
    fakeApi({
      'GET /sales/oss/': {
        status: 200,
        body: {
          ...REPORT,
          currency: 'GBP',
          vat_mode: 'single',
          rows: [],
          taxable_amount: '0.00',
          vat: '0.00',
          conversion_note:
            "Amounts are in GBP. Convert them to euros at the European Central Bank's rate of 30 September 2026 (art. 369h).",
        },
      },
    });
    renderWithQuery(<OssPanel now={new Date('2026-11-29T12:00:00Z')} />);
    expect(await screen.findByText(/Convert them to euros/)).toBeInTheDocument();
    expect(screen.getByText(/The shop charges one VAT rate on every order/)).toBeInTheDocument();
    expect(screen.queryByTestId('oss-table')).toBeNull();
  });
});
