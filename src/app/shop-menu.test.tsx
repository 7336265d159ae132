import { queryOptions } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../test/render-with-router';
import { ShopMenu } from './shop-menu';

// A plain function, not vi.fn(): a vi.fn() that returns a rejected promise reports the
// rejection as a test failure of its own.
let answerCategories: () => Promise<unknown[]> = async () => [];

vi.mock('../features/catalog/header-queries', () => ({
  categoriesQuery: () =>
    queryOptions({ queryKey: ['categories', 'list'], queryFn: () => answerCategories() }),
}));

const categories = [
  { id: 1, slug: 'chef-knives', name: 'Chef Knives', description: '' },
  { id: 2, slug: 'paintings', name: 'Paintings', description: '' },
];

async function openShop() {
  const user = userEvent.setup();
  const utils = await renderWithRouter(<ShopMenu />);
  const button = screen.getByRole('button', { name: 'SHOP' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('SHOP button controls no panel');
  return { user, button, panel, ...utils };
}

describe('ShopMenu (spec section 2: SHOP dropdown)', () => {
  it('lists every category, each linking to /products?category={slug}', async () => {
    answerCategories = async () => categories;
    const { panel } = await openShop();
    const link = await within(panel).findByRole('link', { name: 'Chef Knives' });
    expect(link).toHaveAttribute('href', '/products?category=chef-knives');
    expect(within(panel).getByRole('link', { name: 'Paintings' })).toHaveAttribute(
      'href',
      '/products?category=paintings',
    );
  });

  it("says 'No categories found' when the shop has none", async () => {
    answerCategories = async () => [];
    const { panel } = await openShop();
    expect(await within(panel).findByText('No categories found')).toBeVisible();
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it("says 'Failed to load categories.' when the request fails", async () => {
    answerCategories = async () => {
      throw new Error('network');
    };
    const { panel } = await openShop();
    expect(await within(panel).findByText('Failed to load categories.')).toBeVisible();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    answerCategories = async () => categories;
    const { user, button, panel } = await openShop();
    await within(panel).findByRole('link', { name: 'Chef Knives' });
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes on a click outside and when a category is chosen', async () => {
    answerCategories = async () => categories;
    const { user, button, panel, router } = await openShop();
    await user.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(await within(panel).findByRole('link', { name: 'Paintings' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ category: 'paintings' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
