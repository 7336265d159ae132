import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken, getRefreshToken, setTokens } from '../../api/token-storage';
import { renderWithRouter } from '../../test/render-with-router';
import { fakeJwt } from '../../test/fake-jwt';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RESET_PASSWORD_MESSAGES, ResetPasswordForm } from './reset-password-form';

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      // Only this page's calls count: the web project shares one jsdom per worker, and a query
      // another file left behind (the back office's `GET /setup/`) may land here.
      if (new URL(request.url).pathname.includes('/password/'))
        calls.push({
          url: request.url,
          body: await request
            .clone()
            .json()
            .catch(() => null),
        });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** An access token that is not about to expire, so no refresh happens first. */
const FRESH_ACCESS = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LoginForm', () => {
  it("links to /forgot-password as 'Forgot your password?'", async () => {
    await renderWithRouter(<LoginForm />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('ChangePasswordForm', () => {
  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    if (current) await user.type(await screen.findByLabelText('Current password'), current);
    if (next) await user.type(screen.getByLabelText('New password'), next);
    if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('asks for the current password, 8 characters and a matching confirmation, sending nothing', async () => {
    const calls = stubFetch(200, {});
    await renderWithRouter(<ChangePasswordForm />, { path: '/account/password' });
    await fill('', 'short', 'other');
    expect(await screen.findByText('Please enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('stores the new token pair and says the other devices were logged out', async () => {
    setTokens(FRESH_ACCESS, 'old-refresh');
    const calls = stubFetch(200, {
      access: 'new-access',
      refresh: 'new-refresh',
      user: { id: 1, email: 'ada@example.com', username: 'ada' },
    });
    await renderWithRouter(<ChangePasswordForm />, { path: '/account/password' });
    await fill('old-password', 'tempered-steel-77', 'tempered-steel-77');
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGE_PASSWORD_MESSAGES.success);
    expect(CHANGE_PASSWORD_MESSAGES.success).toBe(
      'Your password has been changed. Every other device has been logged out.',
    );
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(calls.at(-1)).toEqual({
      url: expect.stringMatching(/\/accounts\/password\/change\/$/),
      body: {
        current_password: 'old-password',
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      },
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's 'Your current password is incorrect.' beside the field", async () => {
    setTokens(FRESH_ACCESS, 'refresh');
    stubFetch(400, { current_password: ['Your current password is incorrect.'] });
    await renderWithRouter(<ChangePasswordForm />, { path: '/account/password' });
    await fill('wrong-one', 'tempered-steel-77', 'tempered-steel-77');
    const message = await screen.findByText('Your current password is incorrect.');
    expect(screen.getByLabelText('Current password')).toHaveAttribute(
      'aria-describedby',
      message.id,
    );
  });

  it("shows a throttled answer's detail above the form", async () => {
    setTokens(FRESH_ACCESS, 'refresh');
    stubFetch(429, { detail: 'Request was throttled. Expected available in 60 seconds.' });
    await renderWithRouter(<ChangePasswordForm />, { path: '/account/password' });
    await fill('wrong-one', 'tempered-steel-77', 'tempered-steel-77');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 60 seconds.',
    );
  });
});

describe('ForgotPasswordForm', () => {
  it('asks for a valid e-mail before sending anything', async () => {
    const calls = stubFetch(202, {});
    await renderWithRouter(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's answer, the same for every e-mail, and how long the link works", async () => {
    const detail =
      'If an account exists for this e-mail, we have sent a link to reset its password.';
    const calls = stubFetch(202, { detail });
    await renderWithRouter(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(detail);
    expect(
      screen.getByText(
        'The link works once, for 1 hour. Check your spam folder if nothing arrives.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: 'Ada@Example.com' });
  });

  it("shows a throttled answer's detail", async () => {
    stubFetch(429, { detail: 'Request was throttled. Expected available in 3599 seconds.' });
    await renderWithRouter(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 3599 seconds.',
    );
  });
});

describe('ResetPasswordForm', () => {
  async function fill(next: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('without a token says the link is invalid and offers a new one', async () => {
    await renderWithRouter(<ResetPasswordForm />, { path: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the new password and its confirmation before sending', async () => {
    const calls = stubFetch(200, {});
    await renderWithRouter(<ResetPasswordForm token="abc" />, { path: '/reset-password' });
    await fill('short', 'other');
    expect(
      await screen.findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token with the new password, then leads to login', async () => {
    const calls = stubFetch(200, { detail: RESET_PASSWORD_MESSAGES.done });
    await renderWithRouter(<ResetPasswordForm token="abc_DEF-123" />, { path: '/reset-password' });
    await fill('tempered-steel-77', 'tempered-steel-77');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. You can now log in.',
    );
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(calls[0]).toEqual({
      url: expect.stringMatching(/\/accounts\/password\/reset\/confirm\/$/),
      body: {
        token: 'abc_DEF-123',
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      },
    });
  });

  it('turns a refused token into the invalid-link message', async () => {
    stubFetch(400, { token: ['This password reset link is invalid or has expired.'] });
    await renderWithRouter(<ResetPasswordForm token="used" />, { path: '/reset-password' });
    await fill('tempered-steel-77', 'tempered-steel-77');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});

describe('the password forms before the scripts run', () => {
  it.each([
    ['forgot password', <ForgotPasswordForm key="f" />, '/forgot-password'],
    ['reset password', <ResetPasswordForm key="r" token="abc" />, '/reset-password'],
    ['change password', <ChangePasswordForm key="c" />, '/account/password'],
  ])(
    'the %s form posts, so a native submit never puts a password in the URL',
    async (_, form, path) => {
      const { container } = await renderWithRouter(form, { path });
      expect(container.querySelector('form')).toHaveAttribute('method', 'post');
    },
  );
});
