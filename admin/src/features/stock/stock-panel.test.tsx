import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { ProductStock } from './api';
import { StockPanel } from './stock-panel';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

function stockOf(stock: number, extra: Partial<ProductStock> = {}): ProductStock {
  return {
    product_id: 42,
    slug: 'walnut-chef-knife',
    name: 'Walnut chef knife',
    stock,
    low_stock_threshold: 2,
    is_low: stock <= 2,
    made_to_order: false,
    movements: {
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          kind: 'sale',
          at: '2026-11-25T18:02:11Z',
          change: -1,
          stock_after: null,
          reason: null,
          note: '',
          staff_name: null,
          order_number: 'ORD-7K3F-9QXD',
        },
      ],
    },
    ...extra,
  };
}

describe('the stock history panel', () => {
  it('shows the count with its badge and the history, with no save button of its own', async () => {
    fakeApi({ 'GET /products/42/stock/': () => json(stockOf(2)) });
    renderWithQuery(<StockPanel productId={42} />);
    expect(await screen.findByText('Low stock')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stock history' })).toBeInTheDocument();
    expect(screen.getByText('Sold (order ORD-7K3F-9QXD)')).toBeInTheDocument();
    expect(screen.getByText('-1')).toBeInTheDocument();
    // The count and the low-stock level are saved with the product's one save.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a made-to-order piece takes no stock, without the forms', async () => {
    fakeApi({
      'GET /products/42/stock/': () => json(stockOf(0, { made_to_order: true, is_low: false })),
    });
    renderWithQuery(<StockPanel productId={42} />);
    expect(await screen.findByText(/Made to order/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save stock' })).toBeNull();
  });

  it('says how many shoppers wait for an e-mail when a sold-out piece is back (issue 42)', async () => {
    fakeApi({
      'GET /products/42/stock/': () => json(stockOf(0, { back_in_stock_waiting: 3 })),
    });
    renderWithQuery(<StockPanel productId={42} />);
    expect(
      await screen.findByText(/3 shoppers wait for an e-mail when it is back/),
    ).toBeInTheDocument();
  });

  it('says nothing of it when nobody waits', async () => {
    fakeApi({ 'GET /products/42/stock/': () => json(stockOf(0, { back_in_stock_waiting: 0 })) });
    renderWithQuery(<StockPanel productId={42} />);
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByText(/wait for an e-mail/)).toBeNull();
  });
});
