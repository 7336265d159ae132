/**
 * The pager under a paged list: nothing for one page; otherwise links to the page before and
 * after on the same route with the same search, page 1 written without `page`.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

/** Renders a pager on `/activity?staff_id=3`, as page `page` of `pages`. */
async function renderPager(page: number, pages: number) {
  const root = createRootRoute();
  const activity = createRoute({
    getParentRoute: () => root,
    path: '/activity',
    component: () => (
      <Pager
        link={{ to: '/activity', search: { staff_id: 3, page } }}
        page={page}
        pages={pages}
        labels={{ previous: 'Newer', next: 'Older' }}
      />
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([activity]),
    history: createMemoryHistory({ initialEntries: ['/activity?staff_id=3'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

describe('Pager', () => {
  it('shows nothing when there is one page', async () => {
    const { container } = await renderPager(1, 1);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('links to the pages before and after with the same search', async () => {
    await renderPager(3, 5);
    expect(await screen.findByText('Page 3 of 5')).toBeInTheDocument();
    const newer = screen.getByRole('link', { name: 'Newer' });
    expect(newer).toHaveAttribute('rel', 'prev');
    expect(newer).toHaveAttribute('href', '/activity?staff_id=3&page=2');
    expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute(
      'href',
      '/activity?staff_id=3&page=4',
    );
  });

  it('writes page 1 without `page`, and offers nothing past either end', async () => {
    await renderPager(2, 2);
    expect(await screen.findByRole('link', { name: 'Newer' })).toHaveAttribute(
      'href',
      '/activity?staff_id=3',
    );
    expect(screen.queryByRole('link', { name: 'Older' })).toBeNull();
  });
});
