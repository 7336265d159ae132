import { screen, waitFor, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { dispatchRange } from '../../components/dispatch';
import type { Cart } from './cart-logic';
import { CartStep } from './cart-view';
import { cartOf, line } from '../../test/cart-fixtures';
import { get, onCheckout, renderCart, setUpCartCalls } from '../../test/render-cart-step';

/*
 * What each cart line says beyond its price: the chosen options with their surcharges, when
 * made-to-order pieces ship, and the notice that an age-restricted piece needs an adult.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

const SHOP = {
  countries: [{ code: 'GB', name: 'United Kingdom' }],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

/** The cart and the shop's shipping options, each answered on its own path. */
async function renderCartWithShop(cart: Cart, shop: typeof SHOP | Error = SHOP) {
  localStorage.setItem('authToken', 'token');
  get.mockImplementation(async (path: string) => {
    if (path === '/shipping/options/') {
      if (shop instanceof Error) throw shop;
      return { data: shop };
    }
    return { data: cart };
  });
  return renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart' });
}

const MADE = { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' };
const READY = { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' };

describe('options, dispatch and age restriction on the cart', () => {
  it("shows each chosen option by label on its own line, and the Price with the options' surcharges", async () => {
    const knife = line({ id: 1, price: '245.00' });
    await renderCart(
      cartOf({
        ...knife,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
        options: [
          {
            key: 'handle',
            label: 'Handle wood',
            value: 'ebony',
            display_value: 'Ebony',
            price_delta: '20.00',
          },
          {
            key: 'engraving_text',
            label: 'Engraving',
            value: 'A.L.',
            display_value: 'A.L.',
            price_delta: '15.00',
          },
        ],
        unit_price: '280.00',
        line_total: '280.00',
      }),
    );
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    const options = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(options).toEqual(['Handle wood: Ebony', 'Engraving: A.L.']);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('$280.00');
    expect(row).not.toHaveTextContent('$245.00');
    expect(row).not.toHaveTextContent('engraving text');
  });

  it('says when each line ships once the cart holds a made-to-order piece', async () => {
    await renderCart(
      cartOf(
        line({
          id: 1,
          dispatch: MADE,
          product: { ...line({ id: 1 }).product, made_to_order: true },
        }),
        line({ id: 2, dispatch: READY }),
      ),
    );
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    // textContent as is: the date range holds thin spaces, which toHaveTextContent collapses.
    expect(rows[1]!.textContent).toContain(
      `Made to order: estimated dispatch ${dispatchRange(MADE)}`,
    );
    expect(rows[2]!.textContent).toContain(
      `Ready: dispatched by ${dispatchRange({ earliest: READY.latest, latest: READY.latest })}`,
    );
  });

  it('says nothing of dispatch when every piece is ready', async () => {
    await renderCart(cartOf(line({ id: 1 }), line({ id: 2 })));
    await screen.findByRole('table');
    expect(screen.queryByText(/Ready: dispatched by/)).toBeNull();
    expect(screen.queryByText(/Made to order/)).toBeNull();
  });

  it("warns above the summary that an age-restricted piece needs an adult, with the shop's minimum age", async () => {
    const blade = line({ id: 1 });
    await renderCartWithShop(
      cartOf({ ...blade, product: { ...blade.product, age_restricted: true } }, line({ id: 2 })),
    );
    expect(
      await screen.findByText(
        'Some pieces in your cart are age-restricted: you must be 18 or over to buy them, and an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Calculated at checkout')).toBeInTheDocument();
  });

  it("keeps the notice without the age when the shop's options do not load", async () => {
    const blade = line({ id: 1 });
    await renderCartWithShop(
      cartOf({ ...blade, product: { ...blade.product, age_restricted: true } }),
      new TypeError('Failed to fetch'),
    );
    await waitFor(() => expect(get).toHaveBeenCalledWith('/shipping/options/', expect.anything()));
    expect(
      await screen.findByText(
        'Some pieces in your cart are age-restricted: an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no age notice, and asks nothing, without an age-restricted piece', async () => {
    await renderCartWithShop(cartOf(line({ id: 1 })));
    await screen.findByRole('table');
    expect(screen.queryByText(/age-restricted/)).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/shipping/options/', expect.anything());
  });
});
