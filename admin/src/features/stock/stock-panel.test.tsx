import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('the stock panel', () => {
  it('adjusts the stock with a reason and shows the new count and its history', async () => {
    let current = stockOf(2);
    const sent = fakeApi({
      'GET /products/42/stock/': () => json(current),
      'POST /products/42/stock/': () => {
        current = stockOf(7, {
          movements: {
            count: 2,
            next: null,
            previous: null,
            results: [
              {
                kind: 'adjustment',
                at: '2026-11-26T10:15:00Z',
                change: 5,
                stock_after: 7,
                reason: 'received',
                note: 'Batch from the forge',
                staff_name: 'Ada Ember',
                order_number: null,
              },
              ...current.movements.results,
            ],
          },
        });
        return json(current);
      },
    });
    renderWithQuery(<StockPanel productId={42} />);
    expect(await screen.findByText('Low stock')).toBeInTheDocument();
    expect(screen.getByText('Sold (order ORD-7K3F-9QXD)')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Quantity'), '5');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'Received (made or delivered)');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Batch from the forge');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock' }));

    expect(await screen.findByText('Stock saved: 7 in stock now.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      mode: 'adjust',
      quantity: 5,
      reason: 'received',
      note: 'Batch from the forge',
    });
    expect(screen.queryByText('Low stock')).toBeNull();
    expect(await screen.findByText('Batch from the forge')).toBeInTheDocument();
    expect(screen.getByText('+5')).toBeInTheDocument();
  });

  it('sends a count with the stock the member saw, and shows the refusal when it moved', async () => {
    const sent = fakeApi({
      'GET /products/42/stock/': () => json(stockOf(9)),
      'POST /products/42/stock/': () =>
        json(
          {
            detail: 'The stock changed to 8 meanwhile (a sale?); check the count and save again.',
            stock: 8,
          },
          409,
        ),
    });
    renderWithQuery(<StockPanel productId={42} />);
    await userEvent.click(await screen.findByLabelText('Set stock'));
    await userEvent.type(screen.getByLabelText('Quantity'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'correction');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(
      await screen.findByText(
        'The stock changed to 8 meanwhile (a sale?); check the count and save again.',
      ),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      mode: 'set',
      quantity: 12,
      reason: 'correction',
      expected_stock: 9,
    });
  });

  it('checks the quantity before sending anything', async () => {
    const sent = fakeApi({ 'GET /products/42/stock/': () => json(stockOf(3)) });
    renderWithQuery(<StockPanel productId={42} />);
    await userEvent.type(await screen.findByLabelText('Quantity'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(await screen.findByText('Enter how many came in or went out.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Set stock'));
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(await screen.findByText('A count cannot be below 0.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('saves the low-stock threshold, empty for never', async () => {
    const sent = fakeApi({
      'GET /products/42/stock/': () => json(stockOf(3)),
      'PATCH /products/42/stock/': () =>
        json(stockOf(3, { low_stock_threshold: null, is_low: false })),
    });
    renderWithQuery(<StockPanel productId={42} />);
    const threshold = await screen.findByLabelText('Low-stock threshold');
    expect(threshold).toHaveValue('2');
    await userEvent.clear(threshold);
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('This product will not be flagged as low.')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ low_stock_threshold: null }),
    );
  });

  it('says a made-to-order piece takes no stock, without the forms', async () => {
    fakeApi({
      'GET /products/42/stock/': () => json(stockOf(0, { made_to_order: true, is_low: false })),
    });
    renderWithQuery(<StockPanel productId={42} />);
    expect(await screen.findByText(/Made to order/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save stock' })).toBeNull();
  });
});
