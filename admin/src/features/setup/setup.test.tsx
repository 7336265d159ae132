/**
 * The first-run set-up in the back office (issue 38): on a deployment without any shop a
 * visitor is shown "Set up your shop" instead of signing in; the form checks its fields before
 * sending, shows the server's refusals beside their fields (a wrong set-up code beside the
 * code), and once the shop is made says what was made, where it answers, and leads to sign in
 * with a fresh page. A deployment that has a shop says so.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { createAdminQueryClient } from '../../app/query-client';
import { createAdminRouter } from '../../app/router';
import { fakeApi } from '../../test/render';

const WRONG_CODE =
  "The set-up code is not right. Copy it from the server's log, where it was written when the server started.";
const MADE = {
  shop: {
    name: 'Tidewater Knives',
    domain: 'tidewater.example',
    currency: 'GBP',
    tenant_token: 'tidewater-example',
  },
  owner_email: 'maya@tidewater.example',
  storefront_url: 'http://tidewater.example:8080/',
  admin_url: 'http://tidewater.example:8080/admin/',
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

/** Fills in every field as a maker would, the code pasted. */
async function fillIn(code = 'K7MX-3QPA-WD9R') {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Set-up code'));
  await user.paste(code);
  await user.type(screen.getByLabelText('Shop name'), 'Tidewater Knives');
  await user.type(screen.getByLabelText('Domain'), ' Tidewater.example ');
  await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
  await user.type(screen.getByLabelText('Your e-mail'), 'maya@tidewater.example');
  await user.type(screen.getByLabelText('Password'), 'honed-on-whetstones-9');
  await user.type(screen.getByLabelText('Password again'), 'honed-on-whetstones-9');
  return user;
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the first-run set-up', () => {
  it('is shown instead of signing in while the deployment has no shop', async () => {
    fakeApi({ 'GET /setup/': { status: 200, body: { required: true } } });
    const router = renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Set up your shop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
    const code = screen.getByLabelText('Set-up code');
    expect(code).toHaveAttribute('autocomplete', 'off');
    expect(code).toHaveAccessibleDescription(
      'The server printed it in its log when it started, after “No shop yet: open /admin/ and enter this set-up code”.',
    );
  });

  it('offers GBP, EUR and USD first, then the other currencies priced in hundredths, and every country', async () => {
    fakeApi({ 'GET /setup/': { status: 200, body: { required: true } } });
    renderApp('/setup');
    const currency = await screen.findByLabelText('Currency');
    const values = within(currency)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(values.slice(0, 4)).toEqual(['', 'GBP', 'EUR', 'USD']);
    expect(values).toContain('CHF');
    // Money is kept in hundredths: a currency without them is not offered.
    expect(values).not.toContain('JPY');
    expect(values.filter((v) => v === 'GBP')).toHaveLength(1);
    expect(
      within(currency).getByRole('option', { name: 'GBP · British Pound' }),
    ).toBeInTheDocument();
    const country = screen.getByLabelText('Country');
    expect(
      within(country).getByRole('option', { name: 'United Kingdom (GB)' }),
    ).toBeInTheDocument();
    expect(within(country).getAllByRole('option')).toHaveLength(250);
  });

  it('checks the fields before sending anything', async () => {
    const sent = fakeApi({ 'GET /setup/': { status: 200, body: { required: true } } });
    renderApp('/setup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Domain'), 'https://tidewater.example/');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(
      await screen.findByText("Enter the set-up code from the server's log."),
    ).toBeInTheDocument();
    expect(screen.getByText('Give the shop a name.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Enter the domain alone, such as shop.example.com: no https://, port or path.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose the currency the shop prices in.')).toBeInTheDocument();
    expect(screen.getByText("Choose the shop's country.")).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows a wrong code beside the code, and the server’s words beside the other fields', async () => {
    let attempts = 0;
    const sent = fakeApi({
      'GET /setup/': { status: 200, body: { required: true } },
      'POST /setup/': async () =>
        ++attempts === 1
          ? new Response(JSON.stringify({ code: [WRONG_CODE] }), { status: 403 })
          : new Response(
              JSON.stringify({ domain: ['Another shop already answers at this domain.'] }),
              { status: 400 },
            ),
    });
    renderApp('/setup');
    await screen.findByLabelText('Set-up code');
    const user = await fillIn('k7mx 3qpa wd9r');
    await user.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    expect(screen.getByLabelText('Set-up code')).toHaveAttribute('aria-invalid', 'true');
    // The code is at the top, the button at the bottom: the refused field is brought to view.
    await waitFor(() => expect(screen.getByLabelText('Set-up code')).toHaveFocus());
    expect(screen.getByLabelText('Set-up code')).toHaveAccessibleDescription(
      expect.stringContaining(WRONG_CODE),
    );

    await user.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(
      await screen.findByText('Another shop already answers at this domain.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((r) => r.method === 'POST')[0]?.body).toEqual({
      code: 'k7mx 3qpa wd9r',
      shop_name: 'Tidewater Knives',
      domain: 'tidewater.example',
      currency: 'GBP',
      country: 'GB',
      owner_email: 'maya@tidewater.example',
      password: 'honed-on-whetstones-9',
    });
  });

  it('sends no staff token, and says what was made and where, with the way to sign in', async () => {
    const sent = fakeApi({
      'GET /setup/': { status: 200, body: { required: true } },
      'POST /setup/': { status: 201, body: MADE },
    });
    renderApp('/setup');
    await screen.findByLabelText('Set-up code');
    const user = await fillIn();
    await user.type(screen.getByLabelText('Your name (optional)'), 'Maya Hart');
    await user.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(await screen.findByRole('heading', { name: 'Your shop is ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'http://tidewater.example:8080/' })).toHaveAttribute(
      'href',
      'http://tidewater.example:8080/',
    );
    expect(
      screen.getByRole('link', { name: 'http://tidewater.example:8080/admin/' }),
    ).toHaveAttribute('href', 'http://tidewater.example:8080/admin/');
    expect(screen.getByText('maya@tidewater.example')).toBeInTheDocument();
    expect(screen.getByText('tidewater-example')).toBeInTheDocument();
    // A fresh page: the server serves the sign-in page for the new shop.
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({ owner_name: 'Maya Hart' });
    const post = vi
      .mocked(fetch)
      .mock.calls.map(([request]) => request as Request)
      .find((request) => request.method === 'POST')!;
    expect(post.headers.get('authorization')).toBeNull();
  });

  it('says so when the deployment already has a shop, or gets one meanwhile', async () => {
    fakeApi({
      'GET /setup/': { status: 200, body: { required: true } },
      'POST /setup/': {
        status: 409,
        body: { detail: 'This deployment already has a shop.' },
      },
    });
    renderApp('/setup');
    await screen.findByLabelText('Set-up code');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(await screen.findByText('This deployment already has a shop.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Set-up code')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
  });

  it('lets a visitor sign in as usual when the deployment has its shop', async () => {
    fakeApi({ 'GET /setup/': { status: 200, body: { required: false } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
