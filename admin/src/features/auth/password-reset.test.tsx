/**
 * A forgotten password in the back office: "Forgot your password?" on the sign-in screen, the
 * request for a link (the server's words shown, the same for any e-mail), and the screen the
 * e-mailed link opens (the new password twice, the server's refusals shown, a used or expired
 * link saying so with the way to ask again). No token is sent with these requests.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { clearTokens } from '../../api/tokens';
import { fakeApi } from '../../test/render';

const SENT = 'If a member of staff has this e-mail, we have sent a link to reset the password.';
const DONE = 'Your password has been reset. You can now sign in.';

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

describe('a forgotten password', () => {
  it('leads from the sign-in screen to a request for a link, and shows what the server says', async () => {
    const sent = fakeApi({ 'POST /auth/password/reset/': { status: 202, body: { detail: SENT } } });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('E-mail'), '  tom@emberandoak.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(SENT)).toBeInTheDocument();
    // (The sign-in guard may ask whether the first-run set-up is due, `GET /setup/`, when the
    // page names no shop, as this test's page does: that question is not the reset's.)
    expect(sent.filter((call) => call.path !== '/setup/')).toEqual([
      { method: 'POST', path: '/auth/password/reset/', body: { email: 'tom@emberandoak.example' } },
    ]);
    const request = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => input as Request)
      .find((call) => call.method === 'POST')!;
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('shows a throttled request’s words', async () => {
    fakeApi({
      'POST /auth/password/reset/': {
        status: 429,
        body: { detail: 'Request was throttled. Expected available in 3600 seconds.' },
      },
    });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'tom@emberandoak.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('Request was throttled. Expected available in 3600 seconds.'),
    ).toBeInTheDocument();
  });

  it('sets the new password with the link’s token, then leads to sign in', async () => {
    const sent = fakeApi({
      'POST /auth/password/reset/confirm/': { status: 200, body: { detail: DONE } },
    });
    renderApp('/reset-password?token=abc_DEF-123');
    await userEvent.type(await screen.findByLabelText('New password'), 'kiln-fired-mugs-8');
    await userEvent.type(screen.getByLabelText('New password again'), 'kiln-fired-mugs-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'kiln-fired-mugs-8');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByText(DONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin/login');
    expect(sent.map((r) => r.body)).toEqual([
      {
        token: 'abc_DEF-123',
        new_password: 'kiln-fired-mugs-8',
        new_password_confirm: 'kiln-fired-mugs-8',
      },
    ]);
  });

  it('says a used or expired link is no good, and offers a new one', async () => {
    fakeApi({
      'POST /auth/password/reset/confirm/': {
        status: 400,
        body: { token: ['This password reset link is invalid or has expired.'] },
      },
    });
    renderApp('/reset-password?token=used-token');
    await userEvent.type(await screen.findByLabelText('New password'), 'kiln-fired-mugs-8');
    await userEvent.type(screen.getByLabelText('New password again'), 'kiln-fired-mugs-8');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/admin/forgot-password',
    );
  });

  it('shows the server’s refusal of the new password beside it', async () => {
    fakeApi({
      'POST /auth/password/reset/confirm/': {
        status: 400,
        body: { new_password: ['Null characters are not allowed.'] },
      },
    });
    renderApp('/reset-password?token=abc');
    await userEvent.type(await screen.findByLabelText('New password'), 'kiln-fired-mugs-8');
    await userEvent.type(screen.getByLabelText('New password again'), 'kiln-fired-mugs-8');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Null characters are not allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so at once when the link has no token', async () => {
    fakeApi({});
    renderApp('/reset-password');
    expect(
      await screen.findByText(
        'This password reset link is incomplete. Open the link from the e-mail again.',
      ),
    ).toBeInTheDocument();
  });
});
