/**
 * "Your data" on /account: what the shopper is told before deleting (what goes, what stays
 * for how long and why, the one-month answer and the shop's e-mail), the download saved from
 * the bearer call as the file the server names, and the deletion form's messages: a missing
 * or wrong password beside the field, a confirmation that can be declined, and once deleted,
 * this browser logged out and the page saying so.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken, getRefreshToken, setTokens } from '../../api/token-storage';
import { fakeJwt } from '../../test/fake-jwt';
import { renderWithRouter } from '../../test/render-with-router';
import { AccountPage } from './account-page';
import { dataFileName } from './api';

const FRESH_ACCESS = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });
const ME = { id: 42, email: 'ada@example.com', username: 'ada', email_verified: true };
const SETTINGS = { contact_email: 'hello@emberandoak.example', site_title: 'Ember & Oak' };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Answers the API's calls by `METHOD path`; records each call with its JSON body. */
function stubApi(answers: Record<string, Answer | (() => Answer)>) {
  const calls: { key: string; body: unknown; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^.*?\/api/, '');
      const key = `${request.method} ${path}`;
      calls.push({
        key,
        body: await request
          .clone()
          .json()
          .catch(() => null),
        authorization: request.headers.get('authorization'),
      });
      const found = answers[key];
      const answer = typeof found === 'function' ? found() : (found ?? { status: 404, body: {} });
      const text =
        answer.body === undefined
          ? null
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      return new Response(text, {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

const BASE = {
  'GET /accounts/me/': { status: 200, body: ME },
  'GET /pages/site-settings/': { status: 200, body: SETTINGS },
};

beforeEach(() => setTokens(FRESH_ACCESS, 'refresh-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openAccount() {
  await renderWithRouter(<AccountPage />, { path: '/account' });
  return screen.findByRole('region', { name: 'Your data' });
}

describe('/account: Your data, an address not yet verified', () => {
  it('says why it matters, sends the link and shows where it went', async () => {
    const sent =
      'We have sent a link to ada@example.com. Open it within 24 hours to verify your e-mail address.';
    const calls = stubApi({
      ...BASE,
      'GET /accounts/me/': { status: 200, body: { ...ME, email_verified: false } },
      'POST /accounts/me/email/verify/': { status: 202, body: { detail: sent } },
    });
    const section = await openAccount();
    expect(section).toHaveTextContent(
      /Messages you sent us through the contact form while signed out are part of your data once you verify your e-mail address, ada@example.com/,
    );
    await userEvent.click(
      within(section).getByRole('button', { name: 'Verify my e-mail address' }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(sent);
    expect(within(section).queryByRole('button', { name: 'Verify my e-mail address' })).toBeNull();
    expect(calls.filter((c) => c.key === 'POST /accounts/me/email/verify/')).toHaveLength(1);
  });

  it("shows the server's refusal (too many links this hour) and keeps the button", async () => {
    stubApi({
      ...BASE,
      'GET /accounts/me/': { status: 200, body: { ...ME, email_verified: false } },
      'POST /accounts/me/email/verify/': {
        status: 429,
        body: { detail: 'Request was throttled. Expected available in 3599 seconds.' },
      },
    });
    const section = await openAccount();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Verify my e-mail address' }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 3599 seconds.',
    );
    expect(within(section).getByRole('button', { name: 'Verify my e-mail address' })).toBeVisible();
  });

  it('offers nothing once the address is verified', async () => {
    stubApi(BASE);
    const section = await openAccount();
    expect(within(section).queryByRole('button', { name: 'Verify my e-mail address' })).toBeNull();
    expect(section).not.toHaveTextContent(/verify your e-mail address/);
  });
});

describe('/account: Your data', () => {
  it('says what deleting erases, what it keeps for 6 years and why, and where to write within a month', async () => {
    stubApi(BASE);
    const section = await openAccount();
    expect(section).toHaveTextContent(/Erased at once:.*e-mail address, username and password/);
    expect(section).toHaveTextContent(/Former customer/);
    expect(section).toHaveTextContent(
      /Kept for 6 years:.*orders, with the name and delivery address.*accounting records/,
    );
    expect(section).toHaveTextContent(/We answer within one month/);
    expect(
      await within(section).findByRole('link', { name: SETTINGS.contact_email }),
    ).toHaveAttribute('href', `mailto:${SETTINGS.contact_email}`);
  });

  it('downloads the data with the bearer token and saves it under the name the server gives', async () => {
    const calls = stubApi({
      ...BASE,
      'GET /accounts/me/data/': {
        status: 200,
        body: { account: ME },
        headers: { 'Content-Disposition': 'attachment; filename="my-data-2026-11-27.json"' },
      },
    });
    const created: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          created.push(blob);
          return 'blob:data';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const section = await openAccount();
    await userEvent
      .setup()
      .click(within(section).getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(names).toEqual(['my-data-2026-11-27.json']));
    const call = calls.find((c) => c.key === 'GET /accounts/me/data/');
    expect(call?.authorization).toBe(`Bearer ${FRESH_ACCESS}`);
    expect(JSON.parse(await created[0]!.text())).toEqual({ account: ME });
    click.mockRestore();
  });

  it('says so when the download fails', async () => {
    stubApi({ ...BASE, 'GET /accounts/me/data/': { status: 500, body: {} } });
    const section = await openAccount();
    await userEvent
      .setup()
      .click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /Could not download your data|error/i,
    );
  });

  it('asks for the password before anything is sent', async () => {
    const calls = stubApi(BASE);
    const section = await openAccount();
    await userEvent
      .setup()
      .click(await within(section).findByRole('button', { name: 'Delete my account' }));
    expect(await within(section).findByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.key === 'POST /accounts/me/delete/')).toBe(false);
  });

  it('can be declined at the confirmation: nothing is sent', async () => {
    const calls = stubApi(BASE);
    const section = await openAccount();
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText('Your password'), 'correct-horse-42');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete your account for good?',
    });
    expect(dialog).toHaveTextContent(/cannot be undone/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.key === 'POST /accounts/me/delete/')).toBe(false);
    expect(getAccessToken()).toBe(FRESH_ACCESS);
  });

  it('shows a wrong password beside the field and keeps the shopper logged in', async () => {
    stubApi({
      ...BASE,
      'POST /accounts/me/delete/': {
        status: 400,
        body: { password: ['Your password is incorrect.'] },
      },
    });
    const section = await openAccount();
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText('Your password'), 'not-it');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(section).findByText('Your password is incorrect.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(getAccessToken()).toBe(FRESH_ACCESS);
  });

  it('shows the throttle’s message at the top of the form', async () => {
    stubApi({
      ...BASE,
      'POST /accounts/me/delete/': {
        status: 429,
        body: { detail: 'Request was throttled. Expected available in 60 seconds.' },
        headers: { 'Retry-After': '60' },
      },
    });
    const section = await openAccount();
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText('Your password'), 'guess-guess');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete my account',
      }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(/throttled/);
  });

  it('once deleted, logs this browser out and says "Your account has been deleted."', async () => {
    const calls = stubApi({ ...BASE, 'POST /accounts/me/delete/': { status: 204 } });
    const section = await openAccount();
    const user = userEvent.setup();
    await user.type(await within(section).findByLabelText('Your password'), 'correct-horse-42');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete my account',
      }),
    );
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Account deleted');
    // The form is gone: the reader starts again at the page's heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(calls.find((c) => c.key === 'POST /accounts/me/delete/')?.body).toEqual({
      password: 'correct-horse-42',
    });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});

describe('dataFileName', () => {
  it("takes the server's file name, and makes one of today's date otherwise", () => {
    expect(dataFileName('attachment; filename="my-data-2026-11-27.json"')).toBe(
      'my-data-2026-11-27.json',
    );
    expect(dataFileName(null, new Date('2026-12-01T10:00:00Z'))).toBe('my-data-2026-12-01.json');
    expect(
      dataFileName('attachment; filename="../evil.json"', new Date('2026-12-01T10:00:00Z')),
    ).toBe('my-data-2026-12-01.json');
  });
});
