import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../components/testing/render-with-router';
import { CartLinkView } from './cart-link';

describe('CartLinkView (spec section 2: cart icon with badge)', () => {
  it('links to /cart without a badge when the cart is empty', async () => {
    await renderWithRouter(<CartLinkView count={0} />);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it("caps the badge at '99+'", async () => {
    await renderWithRouter(<CartLinkView count={140} />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Cart, more than 99 items' })).toBeInTheDocument();
  });
});
