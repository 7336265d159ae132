/**
 * The discount code form's yes/no settings (issue 42): each checkbox sends its own setting, and
 * "Free delivery too" is offered only for a code that takes something else off.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { DiscountsPage } from './discounts-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const none = { count: 0, next: null, previous: null, results: [] };

describe('the discount code form', () => {
  it('sends each yes/no setting as ticked, and offers free delivery on top only of a code that takes something off', async () => {
    const sent = fakeApi({
      'GET /discount-codes/': { status: 200, body: none },
      'GET /discount-codes/report/': { status: 200, body: none },
      'POST /discount-codes/': { status: 201, body: { code: 'WELCOME10' } },
    });
    renderWithQuery(<DiscountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const form = screen.getByRole('form', { name: 'New code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'WELCOME10');
    await userEvent.type(within(form).getByLabelText('Percentage'), '10');

    const once = within(form).getByRole('checkbox', { name: 'Once per customer' });
    const onSale = within(form).getByRole('checkbox', {
      name: 'Also takes off pieces already on sale',
    });
    const delivery = within(form).getByRole('checkbox', { name: 'Free delivery too' });
    expect([once, onSale, delivery].map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      true,
      false,
    ]);
    await userEvent.click(once);
    await userEvent.click(onSale);
    await userEvent.click(delivery);

    // A free delivery code has nothing else to add free delivery to.
    const kind = within(form).getByLabelText('Takes off');
    await userEvent.selectOptions(kind, 'free_delivery');
    expect(within(form).queryByRole('checkbox', { name: 'Free delivery too' })).toBeNull();
    await userEvent.selectOptions(kind, 'percent');
    expect(within(form).getByRole('checkbox', { name: 'Free delivery too' })).toBeChecked();

    await userEvent.click(within(form).getByRole('button', { name: 'Make code' }));
    expect(await screen.findByText('WELCOME10 is ready to use.')).toBeInTheDocument();
    const body = sent.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'WELCOME10',
      kind: 'percent',
      value: '10',
      once_per_customer: true,
      combinable_with_sale: false,
      free_delivery: true,
    });
  });
});
