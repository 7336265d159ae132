/**
 * The activity screen names each object as the server names it and links it to its screen:
 * a product to its editor, a shipping method to the shipping settings, a message to the inbox,
 * the member's own sign-in to their account (which lists their sessions); a deleted object and
 * another member's sign-in are named without a link.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../api/tokens';
import { fakeApi, signIn } from '../test/render';
import { createAdminQueryClient } from './query-client';
import { createAdminRouter } from './router';

const OWNER = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: true,
  totp_required: false,
};

const entry = (
  id: number,
  object_type: string,
  object_id: string,
  label: string,
  deleted = false,
  staff: [number, string] = [1, 'Maya Hart'],
) => ({
  id,
  at: '2026-11-24T10:00:00Z',
  staff_id: staff[0],
  staff_name: staff[1],
  action: `${object_type}.update`,
  object_type,
  object_id,
  object_label: label,
  object_deleted: deleted,
  before: null,
  after: null,
});

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the activity screen', () => {
  it('names each object and links it to its screen where there is one', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /staff/': { status: 200, body: [] },
      'GET /activity/': {
        status: 200,
        body: {
          count: 6,
          next: null,
          previous: null,
          results: [
            entry(
              6,
              'session',
              'b1c0ffee-0000-4000-8000-000000000000',
              'Sign-in from Safari on iPhone',
              false,
              [2, 'Sam Reed'],
            ),
            entry(5, 'product', '46', 'Walnut chef knife'),
            entry(4, 'product', '47', 'Kiritsuke 240 mm (deleted)', true),
            entry(3, 'settings', 'shipping_method:1', 'Shipping method: Royal Mail Tracked'),
            entry(2, 'contact_message', '9', 'Message from Jane Doe: A gift'),
            entry(
              1,
              'session',
              'e68091b6-0000-4000-8000-000000000000',
              'Sign-in from Chrome on Android',
            ),
          ],
        },
      },
    });
    const queryClient = createAdminQueryClient();
    const router = createAdminRouter(
      queryClient,
      createMemoryHistory({ initialEntries: ['/admin/activity'] }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Activity, newest first' });
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Walnut chef knife', '/admin/products/46'],
      ['Shipping method: Royal Mail Tracked', '/admin/settings/shipping'],
      ['Message from Jane Doe: A gift', '/admin/inbox/9'],
      ['Sign-in from Chrome on Android', '/admin/account'],
    ]);
    expect(within(table).getByText('Kiritsuke 240 mm (deleted)')).toBeInTheDocument();
    expect(within(table).getByText('Sign-in from Safari on iPhone')).toBeInTheDocument();
    expect(within(table).queryByText(/^Product 46$/)).toBeNull();
  });
});
