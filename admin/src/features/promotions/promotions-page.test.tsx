import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { AdminSale } from './api';
import { PromotionsPage } from './promotions-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

const weekend: AdminSale = {
  id: 3,
  name: 'Weekend sale',
  percent: 20,
  category: { id: 1, name: 'Kitchen knives' },
  products: [],
  starts_at: '2026-12-05T00:00:00.000Z',
  ends_at: '2026-12-07T00:00:00.000Z',
  status: 'running',
};
const categories = [
  {
    id: 1,
    slug: 'kitchen-knives',
    name: 'Kitchen knives',
    description: '',
    position: 1,
    product_count: 3,
    adults_only: true,
  },
];

describe('the promotions screen', () => {
  it('schedules a sale on a category starting now, and shows the server’s word on a field', async () => {
    let sales: AdminSale[] = [];
    const sent = fakeApi({
      'GET /promotions/sales/': () => json(sales),
      'GET /categories/': () => json(categories),
      'POST /promotions/sales/': () => {
        const body = sent.at(-1)!.body as { percent: number };
        if (body.percent === 90) return json({ percent: ['Too deep for this shop.'] }, 400);
        sales = [{ ...weekend, status: 'running' }];
        return json(sales[0], 201);
      },
    });
    renderWithQuery(<PromotionsPage />);
    expect(await screen.findByText('No sales yet: schedule the first one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a sale' }));
    const form = screen.getByRole('form', { name: 'New sale' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Weekend sale');
    const percent = within(form).getByLabelText('Percent off');
    await userEvent.clear(percent);
    await userEvent.type(percent, '90');
    await within(form).findByRole('option', { name: 'Kitchen knives' });
    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'Kitchen knives');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Too deep for this shop.')).toBeInTheDocument();

    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    const before = Date.now();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sale “Weekend sale” was scheduled.')).toBeInTheDocument();
    const body = sent.filter((r) => r.method === 'POST').at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Weekend sale',
      percent: 20,
      category_id: 1,
      product_ids: [],
    });
    // Left empty, the start is the moment it was sent.
    expect(new Date(body.starts_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await screen.findByText('Running')).toBeInTheDocument();
  });

  it('refuses a sale covering nothing before sending it', async () => {
    const sent = fakeApi({
      'GET /promotions/sales/': () => json([]),
      'GET /categories/': () => json(categories),
    });
    renderWithQuery(<PromotionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule a sale' }));
    const form = screen.getByRole('form', { name: 'New sale' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Nothing');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Choose a category or at least one product.'),
    ).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('ends a running sale after the confirm step', async () => {
    let sales = [weekend];
    const sent = fakeApi({
      'GET /promotions/sales/': () => json(sales),
      'POST /promotions/sales/3/end/': () => {
        sales = [{ ...weekend, status: 'ended' }];
        return json(sales[0]);
      },
    });
    renderWithQuery(<PromotionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'End now: Weekend sale' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('The shop shows full prices again at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('The sale “Weekend sale” has ended.')).toBeInTheDocument();
    await waitFor(() => expect(sent.some((r) => r.path?.endsWith('/end/'))).toBe(true));
    expect(await screen.findByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End now: Weekend sale' })).toBeNull();
  });
});
