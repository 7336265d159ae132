import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ProductDetail } from '../catalog/product-detail-page';
import { OptionsPrice, ProductOptions, useOptionsForm } from './product-options';
import { ENGRAVING, HANDLE, makeProduct, SHEATH } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import { withShopSettings } from '../../test/shop-settings';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;
const post = api.POST as unknown as ApiCall;

const CART = { id: 1, items: [], total_items: 1, total_price: '420.00' };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

function renderKnife(overrides: Parameters<typeof makeProduct>[0] = {}) {
  const product = makeProduct({
    slug: 'damascus-gyuto-210mm',
    name: 'Damascus Gyuto 210mm',
    price: '385.00',
    stock: 6,
    options: [HANDLE, ENGRAVING],
    ...overrides,
  });
  return {
    product,
    ...renderAsRootRoute(<ProductDetail product={product} />, {
      path: '/products/damascus-gyuto-210mm',
    }),
  };
}

/** The price the page shows now (the struck-through old price aside). */
function shownPrice(): string | null | undefined {
  return document.querySelector('.catalog-price--large .catalog-price__now')?.textContent;
}

describe('ProductDetail: options', () => {
  it('offers a choice as a radio group with its surcharges, starting on the first value', async () => {
    renderKnife();
    const group = await screen.findByRole('group', { name: 'Handle wood' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Walnut',
      'Ebony (+$20.00)',
      'Stabilised maple (+$35.00)',
    ]);
    expect(within(group).getByRole('radio', { name: 'Walnut' })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: 'None' })).toBeNull();
  });

  it("offers 'None' first for an optional choice, chosen at the start", async () => {
    renderKnife({ options: [SHEATH] });
    const group = await screen.findByRole('group', { name: 'Sheath' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'None',
      'Leather (+$40.00)',
    ]);
    expect(within(group).getByRole('radio', { name: 'None' })).toBeChecked();
  });

  it('offers a text as a labelled field with its surcharge, its limit and a polite character count', async () => {
    const user = userEvent.setup();
    renderKnife();
    const field = await screen.findByRole('textbox', { name: 'Engraving (+$15.00)' });
    expect(field).toHaveAttribute('maxLength', '24');
    expect(field).toHaveAccessibleDescription('0 of 24 characters');
    await user.type(field, 'Ana');
    expect(field).toHaveAccessibleDescription('3 of 24 characters');
    const count = screen.getByText('3 of 24 characters');
    expect(count).toHaveAttribute('aria-live', 'polite');
  });

  it('moves the price with each choice and back: 385.00 + Ebony 20.00 + engraving 15.00 = $420.00', async () => {
    const user = userEvent.setup();
    renderKnife({ price_before_discount: '450.00' });
    await screen.findByRole('group', { name: 'Handle wood' });
    expect(shownPrice()).toBe('$385.00');
    expect(document.querySelector('s')).toHaveTextContent('$450.00');

    await user.click(screen.getByRole('radio', { name: 'Ebony (+$20.00)' }));
    expect(shownPrice()).toBe('$405.00');
    const engraving = screen.getByRole('textbox', { name: 'Engraving (+$15.00)' });
    await user.type(engraving, 'A.L.');
    expect(shownPrice()).toBe('$420.00');
    // The discount is on the piece: the old price struck through carries the same surcharges.
    expect(document.querySelector('s')).toHaveTextContent('$485.00');

    // Blank after trimming is no engraving, and no surcharge.
    await user.clear(engraving);
    await user.type(engraving, '   ');
    expect(shownPrice()).toBe('$405.00');
    await user.click(screen.getByRole('radio', { name: 'Walnut' }));
    expect(shownPrice()).toBe('$385.00');
  });

  it("goes back to the price when an optional choice is set back to 'None'", async () => {
    const user = userEvent.setup();
    renderKnife({ options: [SHEATH] });
    await user.click(await screen.findByRole('radio', { name: 'Leather (+$40.00)' }));
    expect(shownPrice()).toBe('$425.00');
    await user.click(screen.getByRole('radio', { name: 'None' }));
    expect(shownPrice()).toBe('$385.00');
  });

  it('sends the choices as the customization, exactly as the cart payload has it', async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: CART });
    const { product } = renderKnife();
    await user.click(await screen.findByRole('radio', { name: 'Ebony (+$20.00)' }));
    await user.type(screen.getByRole('textbox', { name: 'Engraving (+$15.00)' }), '  A.L. ');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added 1 × Damascus Gyuto 210mm to your cart.',
    );
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: {
        product_id: product.id,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
      },
    });
  });

  it('leaves a blank engraving and an unchosen optional choice out of the customization', async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: CART });
    const { product } = renderKnife({ options: [HANDLE, ENGRAVING, SHEATH] });
    await user.type(await screen.findByRole('textbox', { name: 'Engraving (+$15.00)' }), '  ');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: { product_id: product.id, quantity: 1, customization: { handle: 'walnut' } },
    });
  });

  it("refuses control characters under the field and sends nothing: 'Control characters are not allowed.'", async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    renderKnife();
    const field = await screen.findByRole('textbox', { name: 'Engraving (+$15.00)' });
    fireEvent.change(field, { target: { value: 'A\u0007L' } });
    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      '3 of 24 characters Control characters are not allowed.',
    );
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(post).not.toHaveBeenCalled();
    expect(field).toHaveFocus();
  });

  it("refuses a text longer than max_length: 'At most 24 characters.'", async () => {
    renderKnife();
    const field = await screen.findByRole('textbox', { name: 'Engraving (+$15.00)' });
    // A pasted or scripted value can pass the field's own limit.
    fireEvent.change(field, { target: { value: 'x'.repeat(25) } });
    expect(await screen.findByText('At most 24 characters.')).toBeInTheDocument();
  });

  it("shows the server's customization.<key> error under its control, not the general message", async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValueOnce(
      new ApiError(400, { 'customization.engraving_text': ['At most 24 characters.'] }),
    );
    renderKnife();
    const field = await screen.findByRole('textbox', { name: 'Engraving (+$15.00)' });
    await user.type(field, 'A.L.');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('At most 24 characters.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('4 of 24 characters At most 24 characters.');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    // Changing the text takes the server's message away.
    await user.type(field, 'X');
    expect(screen.queryByText('At most 24 characters.')).toBeNull();
  });

  it("shows a choice's server error under its radio group", async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValueOnce(
      new ApiError(400, {
        'customization.handle': ['Choose one of: Walnut, Ebony, Stabilised maple.'],
      }),
    );
    renderKnife();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const group = screen.getByRole('group', { name: 'Handle wood' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription('Choose one of: Walnut, Ebony, Stabilised maple.'),
    );
  });

  it("shows the general message for an error no control stands for: 'Could not add item to cart.'", async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValueOnce(
      new ApiError(400, { customization: ['This piece takes no options.'] }),
    );
    renderKnife();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not add item to cart.');
  });

  it('keeps the customization through the login redirect and shows it again on the way back', async () => {
    const user = userEvent.setup();
    const first = renderKnife();
    await user.click(await screen.findByRole('radio', { name: 'Ebony (+$20.00)' }));
    await user.type(screen.getByRole('textbox', { name: 'Engraving (+$15.00)' }), 'A.L.');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    expect(first.router.state.location.search).toEqual({
      redirect: '/products/damascus-gyuto-210mm',
    });
    expect(post).not.toHaveBeenCalled();
    first.unmount();

    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: CART });
    renderKnife({ id: first.product.id });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added 1 × Damascus Gyuto 210mm to your cart.',
    );
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: {
        product_id: first.product.id,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
      },
    });
    expect(screen.getByRole('radio', { name: 'Ebony (+$20.00)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Engraving (+$15.00)' })).toHaveValue('A.L.');
    expect(shownPrice()).toBe('$420.00');
  });

  it('renders the starting choice and price on the server, and hydrates them without a mismatch', async () => {
    const product = makeProduct({ price: '385.00', options: [HANDLE, ENGRAVING, SHEATH] });
    // A shop in pounds: the server's render and the browser's read the same settings.
    function Harness() {
      const form = useOptionsForm(product.options);
      return (
        <>
          <OptionsPrice product={product} control={form.control} />
          <ProductOptions options={product.options} control={form.control} />
        </>
      );
    }
    const inPounds = () => withShopSettings(new QueryClient(), { currency: 'GBP' });
    const html = renderToString(
      <QueryClientProvider client={inPounds()}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(html).toContain('£385.00');
    expect(html).toContain('Ebony (+£20.00)');
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="walnut"/);
    expect(html).toContain('0 of 24 characters');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <QueryClientProvider client={inPounds()}>
          <Harness />
        </QueryClientProvider>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(within(container).getByRole('radio', { name: 'Walnut' })).toBeChecked();
    expect(within(container).getByRole('radio', { name: 'None' })).toBeChecked();
    container.remove();
  });

  it('renders no options for a product without them', async () => {
    renderKnife({ options: [] });
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.querySelector('.catalog-options')).toBeNull();
  });
});
