import { screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { getAccessToken, getRefreshToken, setTokens } from '../../api/token-storage';

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fillRegister(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterForm', () => {
  it("says 'Passwords do not match.' and sends nothing", async () => {
    const calls = stubFetch(201, {});
    await renderWithRouter(<RegisterForm />, { path: '/register' });
    await fillRegister('ada@example.com', 'longenough1', 'longenough2');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'Password must be at least 8 characters long.'", async () => {
    stubFetch(201, {});
    await renderWithRouter(<RegisterForm />, { path: '/register' });
    await fillRegister('ada@example.com', 'short', 'short');
    expect(
      await screen.findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();
  });

  it("shows the server's field errors next to the fields", async () => {
    stubFetch(400, { email: ['A user with this e-mail already exists.'] });
    await renderWithRouter(<RegisterForm />, { path: '/register' });
    await fillRegister('ada@example.com', 'longenough1', 'longenough1');
    const message = await screen.findByText('A user with this e-mail already exists.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', message.id);
  });

  it('shows the success message, then goes to /login after 3 seconds', async () => {
    const calls = stubFetch(201, { id: 1, email: 'ada@example.com', username: 'ada' });
    const { router } = await renderWithRouter(<RegisterForm />, { path: '/register' });
    await fillRegister('ada@example.com', 'longenough1', 'longenough1');
    expect(
      await screen.findByText('Registration successful! You can now log in.'),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'longenough1',
      password_confirm: 'longenough1',
    });
    expect(router.state.location.pathname).toBe('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });
});

async function submitLogin(loginId: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email or username'), loginId);
  await user.type(screen.getByLabelText('Password'), password);
  await act(() => user.click(screen.getByRole('button', { name: 'Login' })));
}

describe('LoginForm', () => {
  it('stores the token pair and goes to the redirect target', async () => {
    const calls = stubFetch(200, {
      access: 'a.b.c',
      refresh: 'r.s.t',
      user: { id: 1, email: 'ada@example.com', username: 'ada' },
    });
    const { router } = await renderWithRouter(<LoginForm redirect="/products/damascus-gyuto" />, {
      path: '/login',
    });
    await submitLogin('ada@example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/damascus-gyuto'));
    expect(calls[0]!.body).toEqual({ login_id: 'ada@example.com', password: 'secret-pass' });
    expect(getAccessToken()).toBe('a.b.c');
    expect(getRefreshToken()).toBe('r.s.t');
  });

  it("fails with 'Invalid token response from server.' and clears tokens when the pair is missing", async () => {
    setTokens('old', 'old-refresh');
    stubFetch(200, { access: 'only-access', user: { id: 1, email: 'a@b.c', username: 'a' } });
    await renderWithRouter(<LoginForm />, { path: '/login' });
    await submitLogin('ada', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid token response from server.',
    );
    expect(getAccessToken()).toBeNull();
  });

  it("shows the server's detail", async () => {
    stubFetch(401, { detail: 'No active account found with the given credentials.' });
    await renderWithRouter(<LoginForm />, { path: '/login' });
    await submitLogin('ada', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account found with the given credentials.',
    );
  });

  it("shows the server's field errors as 'field: messages' joined by '; '", async () => {
    stubFetch(400, {
      login_id: ['This field may not be blank.'],
      password: ['Too long.', 'Try again.'],
    });
    await renderWithRouter(<LoginForm />, { path: '/login' });
    await submitLogin('ada', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'login_id: This field may not be blank.; password: Too long. Try again.',
    );
  });

  it("falls back to the network error's message when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await renderWithRouter(<LoginForm />, { path: '/login' });
    await submitLogin('ada', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('requires both fields', async () => {
    const calls = stubFetch(200, {});
    await renderWithRouter(<LoginForm />, { path: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter your email or username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the login and register forms before the scripts run', () => {
  it('post, so a native submit never puts the e-mail and password in the URL', async () => {
    const login = await renderWithRouter(<LoginForm />, { path: '/login' });
    expect(login.container.querySelector('form')).toHaveAttribute('method', 'post');
    login.unmount();
    const register = await renderWithRouter(<RegisterForm />, { path: '/register' });
    expect(register.container.querySelector('form')).toHaveAttribute('method', 'post');
  });
});
