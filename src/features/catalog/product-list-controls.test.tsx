import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { ProductListControls, withControls } from './product-list-controls';
import type { ProductListSearch } from '../../../common/product-list-search';

function renderControls(search: ProductListSearch) {
  return renderWithRouter(<ProductListControls search={search} count={12} />, {
    path: '/products',
  });
}

describe('ProductListControls', () => {
  it('sorts at once, keeping the category, search and filters, back on page 1', async () => {
    const user = userEvent.setup();
    const { router } = await renderControls({
      category: 'chef-knives',
      search: 'steel',
      min_price: 50,
      page: 3,
    });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Featured');
    await user.selectOptions(sort, 'Price: high to low');
    await vi.waitFor(() =>
      expect(router.state.location.search).toEqual({
        category: 'chef-knives',
        search: 'steel',
        ordering: '-price',
        min_price: 50,
      }),
    );
    expect(router.state.location.pathname).toBe('/products');
  });

  it('keeps the filter panel closed until opened, and applies prices on Apply', async () => {
    const user = userEvent.setup();
    const { router } = await renderControls({ ordering: 'name', page: 2 });
    const toggle = screen.getByText('Filters');
    const panel = toggle.closest('details')!;
    expect(panel).not.toHaveAttribute('open');
    await user.click(toggle);
    expect(panel).toHaveAttribute('open');
    await user.type(screen.getByLabelText('Min price ($)'), '20');
    await user.type(screen.getByLabelText('Max price ($)'), '150.5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toEqual({
        ordering: 'name',
        min_price: 20,
        max_price: 150.5,
      }),
    );
  });

  it('applies the in-stock checkbox at once, with prices typed so far', async () => {
    const user = userEvent.setup();
    const { router } = await renderControls({});
    await user.click(screen.getByText('Filters'));
    await user.type(screen.getByLabelText('Max price ($)'), '99');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toEqual({ max_price: 99, in_stock: true }),
    );
  });

  it('opens with the active filters shown, counts them and offers to clear them', async () => {
    await renderControls({ search: 'oak', min_price: 10, in_stock: true, ordering: 'price' });
    const panel = screen.getByText('Filters (2)').closest('details')!;
    expect(panel).toHaveAttribute('open');
    expect(screen.getByLabelText('Min price ($)')).toHaveValue(10);
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    const clear = within(panel).getByRole('link', { name: 'Clear filters' });
    expect(clear.getAttribute('href')).toBe('/products?search=oak&ordering=price');
  });

  it('is a plain GET form that carries the category and search without JavaScript', async () => {
    await renderControls({ category: 'ceramics', search: 'mug' });
    const form = screen.getByRole('form', { name: 'Sort and filter products' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products');
    const hidden = [...form.querySelectorAll('input[type="hidden"]')].map((i) => [
      i.getAttribute('name'),
      i.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['category', 'ceramics'],
      ['search', 'mug'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveAttribute('name', 'ordering');
  });

  it('resets the page and puts a reversed range the right way round', () => {
    expect(withControls({ page: 4, min_price: 5 }, { max_price: 2 })).toEqual({
      category: undefined,
      search: undefined,
      ordering: undefined,
      min_price: 2,
      max_price: 5,
      in_stock: undefined,
      page: undefined,
    });
  });
});
