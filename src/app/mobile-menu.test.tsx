import { queryOptions } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../test/render-with-router';
import { MobileMenu } from './mobile-menu';

vi.mock('../features/catalog/header-queries', () => ({
  categoriesQuery: () =>
    queryOptions({
      queryKey: ['categories', 'list'],
      queryFn: async () => [
        { id: 1, slug: 'chef-knives', name: 'Chef Knives', description: '' },
        { id: 2, slug: 'ceramics', name: 'Ceramics', description: '' },
      ],
    }),
}));

async function openMenu() {
  const user = userEvent.setup();
  const utils = await renderWithRouter(<MobileMenu />);
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await user.click(toggle);
  // The panel is its own chunk: it appears once that has loaded.
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, toggle, dialog, ...utils };
}

describe('MobileMenu (spec section 2: slide-in menu)', () => {
  it('opens a dialog with the nav links and focuses its close button', async () => {
    const { toggle, dialog } = await openMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = within(dialog).getByRole('navigation', { name: 'Mobile' });
    for (const name of ['HOME', 'ABOUT', 'CONTACT', 'BLOG', 'GALLERY']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'ABOUT' })).toHaveAttribute(
      'href',
      '/company-info',
    );
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('expands the SHOP list of categories', async () => {
    const { user, dialog } = await openMenu();
    const shop = within(dialog).getByRole('button', { name: 'SHOP' });
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('link', { name: 'Chef Knives' })).toBeNull();

    await user.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(await within(dialog).findByRole('link', { name: 'Chef Knives' })).toHaveAttribute(
      'href',
      '/products?category=chef-knives',
    );
  });

  it('closes with the close button and gives focus back to the hamburger', async () => {
    const { user, toggle, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when a link is followed', async () => {
    const { user, dialog, router } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'SHOP' }));
    await user.click(await within(dialog).findByRole('link', { name: 'Ceramics' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ category: 'ceramics' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the account links inside the menu', async () => {
    const { dialog } = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(dialog).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
