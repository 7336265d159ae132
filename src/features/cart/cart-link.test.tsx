import { act, screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { CartLink, CartLinkView } from './cart-link';

describe('CartLinkView (spec section 2: cart icon with badge)', () => {
  it('links to /cart without a badge when the cart is empty', async () => {
    await renderWithRouter(<CartLinkView count={0} />);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it("caps the badge at '99+'", async () => {
    await renderWithRouter(<CartLinkView count={140} />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Cart, 99+ items' })).toBeInTheDocument();
  });
});

describe('CartLink (the badge follows the server cart)', () => {
  it("shows the cart's total_items while logged in, and nothing once logged out", async () => {
    const { api } = await import('../../api/client');
    const get = vi.spyOn(api, 'GET').mockResolvedValue({
      data: { id: 1, items: [], total_items: 3, total_price: '135.00' },
    } as never);
    localStorage.setItem('authToken', 'token');
    await renderWithRouter(<CartLink />);
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(get).toHaveBeenCalledWith('/orders/cart/', expect.anything());

    act(() => {
      localStorage.removeItem('authToken');
      window.dispatchEvent(new Event('storefront:tokens-changed'));
    });
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    get.mockRestore();
  });
});
