import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { fakeApi, signIn } from '../../test/render';

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};
const STAFF = { ...OWNER, id: 2, name: 'Tom Reed', role: 'staff' };
const EMPTY_TODAY = {
  transfers_to_confirm: [],
  to_ship: [],
  collections_waiting: [],
  manual_refunds: [],
  due_this_week: [],
};

function renderApp(path: string) {
  const queryClient = createAdminQueryClient();
  const router = createAdminRouter(
    queryClient,
    createMemoryHistory({ initialEntries: [`/admin${path}`] }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the Settings screens', () => {
  it('open on Site for an owner, with a link to each screen', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /settings/site/': {
        status: 200,
        body: {
          site_title: 'Ember & Oak',
          site_description: '',
          logo: null,
          favicon: null,
          google_analytics_id: null,
          contact_email: 'hello@emberandoak.example',
        },
      },
    });
    const router = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Site' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/site');
    const tabs = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Site', 'Shipping', 'Workshop', 'Payments']);
    expect(await screen.findByLabelText('Shop title')).toHaveValue('Ember & Oak');
  });

  it('send a staff member back to Today', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: STAFF },
      'GET /today/': { status: 200, body: EMPTY_TODAY },
    });
    renderApp('/settings/payments');
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
