/**
 * An owner resets the two-step verification of a member who lost their phone, from the staff
 * screen: offered only for a member who has it on (never for oneself), asked again in a
 * confirm step, and the member's row then shows it off.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
const member = (id: number, name: string, totp: boolean) => ({
  id,
  email: `${name.split(' ')[0]!.toLowerCase()}@emberandoak.example`,
  name,
  role: id === 1 ? 'owner' : 'staff',
  totp_enabled: totp,
  last_login_at: '2026-11-23T08:12:00Z',
  created_at: '2026-10-02T10:00:00Z',
});

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

describe('resetting a member’s two-step verification', () => {
  it('is offered for a member who has it on, asked again, and shows it off once done', async () => {
    signIn();
    const sent = fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /staff/': {
        status: 200,
        body: [
          member(1, 'Maya Hart', true),
          member(2, 'Tom Reed', true),
          member(3, 'Sam Oak', false),
        ],
      },
      'GET /staff/invitations/': { status: 200, body: [] },
      'GET /settings/security/': { status: 200, body: { require_totp: false } },
      'POST /staff/2/totp/reset/': { status: 200, body: member(2, 'Tom Reed', false) },
    });
    renderApp('/staff');
    const table = await screen.findByRole('table', { name: 'Members of staff' });
    // Only Tom: Maya is the one signed in, Sam has nothing to reset.
    const resets = within(table).getAllByRole('button', { name: /^Reset/ });
    expect(resets.map((b) => b.textContent)).toEqual([
      'Reset the two-step verification of Tom Reed',
    ]);

    await userEvent.click(resets[0]!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the two-step verification of Tom Reed?',
    });
    expect(dialog).toHaveTextContent('every session of theirs ends now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(within(table).getByRole('button', { name: /^Reset/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset two-step' }),
    );
    expect(
      await screen.findByText(
        'Tom Reed’s two-step verification was reset. They were e-mailed, and sign in with their password next.',
      ),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Reset/ })).not.toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/staff/2/totp/reset/',
    ]);
  });

  it('shows the server’s refusal', async () => {
    signIn();
    fakeApi({
      'GET /me/': { status: 200, body: OWNER },
      'GET /staff/': {
        status: 200,
        body: [member(1, 'Maya Hart', true), member(2, 'Tom Reed', true)],
      },
      'GET /staff/invitations/': { status: 200, body: [] },
      'GET /settings/security/': { status: 200, body: { require_totp: false } },
      'POST /staff/2/totp/reset/': {
        status: 409,
        body: { detail: 'This member has not set up two-step verification.' },
      },
    });
    renderApp('/staff');
    const table = await screen.findByRole('table', { name: 'Members of staff' });
    await userEvent.click(within(table).getByRole('button', { name: /^Reset/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset two-step' }),
    );
    expect(
      await screen.findByText('This member has not set up two-step verification.'),
    ).toBeInTheDocument();
  });
});
