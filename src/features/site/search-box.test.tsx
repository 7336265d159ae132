import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../components/testing/render-with-router';
import { SearchBox, searchTermOf } from './search-box';

describe('SearchBox (spec section 2: search)', () => {
  it('goes to /products?search= with the trimmed term on Enter', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(
      screen.getByRole('searchbox', { name: 'Search products' }),
      '  chef knife  {Enter}',
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ search: 'chef knife' });
  });

  it('goes there from the search button too', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'walnut');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ search: 'walnut' }));
    expect(router.state.location.pathname).toBe('/products');
  });

  it('does nothing for a blank term', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />, { path: '/gallery' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/gallery');
    expect(router.state.location.search).toEqual({});
  });

  it('trims, and treats whitespace as nothing', () => {
    expect(searchTermOf('  a b ')).toBe('a b');
    expect(searchTermOf(' \t ')).toBeNull();
  });
});
