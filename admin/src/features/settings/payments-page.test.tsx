import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { PaymentSetup } from './api';
import { PaymentsPage } from './payments-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const SETUP: PaymentSetup = {
  enable_card_payment: true,
  enable_bank_transfer: true,
  enable_custom_payment: false,
  bank_account_details: 'Sort code 12-34-56',
  custom_payment_label: 'PayPal',
  custom_payment_instructions: null,
  custom_payment_redirect_url: null,
  card_provider: {
    provider: 'sandbox',
    credentials_set: true,
    credentials_updated_at: null,
    credentials_checked_at: null,
    credentials_checked_mode: null,
  },
};

describe('the card provider', () => {
  it('shows which provider is set, and replaces its credentials through write-only fields', async () => {
    const replaced: PaymentSetup = {
      ...SETUP,
      card_provider: {
        provider: 'stripe',
        credentials_set: true,
        credentials_updated_at: '2026-11-27T16:40:00Z',
        credentials_checked_at: null,
        credentials_checked_mode: null,
      },
    };
    const tested: PaymentSetup = {
      ...replaced,
      card_provider: {
        ...replaced.card_provider,
        credentials_checked_at: '2026-11-27T16:41:00Z',
        credentials_checked_mode: 'live',
      },
    };
    const sent = fakeApi({
      'GET /settings/payments/': { status: 200, body: SETUP },
      'PUT /settings/payments/card-provider/': { status: 200, body: replaced },
      'POST /settings/payments/card-provider/check/': { status: 200, body: tested },
    });
    renderWithQuery(<PaymentsPage />);
    expect(await screen.findByText(/Card payments go through/)).toHaveTextContent(
      'Sandbox gateway (testing)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace credentials' }));
    const secret = screen.getByLabelText('Secret key');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    await userEvent.type(secret, 'sk_live_51Hx0000000000');
    await userEvent.type(screen.getByLabelText('Webhook signing secret'), 'whsec_0000000000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save credentials' }));
    expect(
      await screen.findByText('The Stripe credentials were replaced and sealed.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Secret key')).not.toBeInTheDocument();
    expect(screen.getByText(/Card payments go through/)).toHaveTextContent('Stripe');
    // Saved keys are tested with the provider at once, and the result is said where the owner looks.
    expect(
      (
        await screen.findByText(/^Stripe accepted these credentials .*: they take real payments\.$/)
      ).closest('[role="status"]'),
    ).not.toBeNull();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/settings/payments/card-provider/check/',
    ]);
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/settings/payments/card-provider/',
        body: {
          provider: 'stripe',
          credentials: {
            secretKey: 'sk_live_51Hx0000000000',
            webhookSecret: 'whsec_0000000000000',
          },
        },
      },
    ]);
    expect(document.body.innerHTML).not.toContain('sk_live_51Hx0000000000');
  });

  it("shows the server's refusal of the credentials above the form", async () => {
    fakeApi({
      'GET /settings/payments/': { status: 200, body: SETUP },
      'PUT /settings/payments/card-provider/': {
        status: 400,
        body: { credentials: ['Stripe credentials: webhookSecret is missing.'] },
      },
    });
    renderWithQuery(<PaymentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Replace credentials' }));
    await userEvent.type(screen.getByLabelText('Secret key'), 'sk_live_51Hx0000000000');
    await userEvent.type(screen.getByLabelText('Webhook signing secret'), 'whsec_0000000000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save credentials' }));
    expect(
      await screen.findByText('Credentials: Stripe credentials: webhookSecret is missing.'),
    ).toBeInTheDocument();
  });
});

describe("testing the card provider's keys", () => {
  it('says untested keys do not count yet, and tells test keys from live ones', async () => {
    const stripe: PaymentSetup = {
      ...SETUP,
      card_provider: { ...SETUP.card_provider, provider: 'stripe' },
    };
    fakeApi({
      'GET /settings/payments/': { status: 200, body: stripe },
      'POST /settings/payments/card-provider/check/': {
        status: 200,
        body: {
          ...stripe,
          card_provider: {
            ...stripe.card_provider,
            credentials_checked_at: '2026-11-27T16:41:00Z',
            credentials_checked_mode: 'test',
          },
        },
      },
    });
    renderWithQuery(<PaymentsPage />);
    expect(
      await screen.findByText(
        'These credentials have not been tested with Stripe yet. Test them before you launch: only tested live keys count as a way to pay.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Test the credentials' }));
    expect(
      (
        await screen.findByText(
          /^Stripe accepted these credentials .*, but they are test keys: no shopper can pay real money with them\. Save live keys before you launch\.$/,
        )
      ).closest('[role="status"]'),
    ).not.toBeNull();
  });

  it("shows the provider's refusal in its own words, and an unreachable provider", async () => {
    const words =
      'Stripe did not accept the secret key. Copy it again from the Stripe Dashboard (Developers, API keys) and save it.';
    fakeApi({
      'GET /settings/payments/': { status: 200, body: SETUP },
      'POST /settings/payments/card-provider/check/': {
        status: 400,
        body: { credentials: [words] },
      },
    });
    renderWithQuery(<PaymentsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Test the credentials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      new RegExp(`^${words.replace(/[().]/g, '\\$&')}$`),
    );

    fakeApi({
      'GET /settings/payments/': { status: 200, body: SETUP },
      'POST /settings/payments/card-provider/check/': {
        status: 502,
        body: {
          detail:
            'Stripe could not be reached, so the credentials were not tested. Try again in a moment.',
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Test the credentials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stripe could not be reached, so the credentials were not tested. Try again in a moment.',
    );
  });
});

describe('the payment methods', () => {
  it('switches the custom method off and shows a redirect that is not https beside its field', async () => {
    const sent = fakeApi({
      'GET /settings/payments/': { status: 200, body: { ...SETUP, enable_custom_payment: true } },
      'PATCH /settings/payments/': { status: 200, body: SETUP },
    });
    renderWithQuery(<PaymentsPage />);
    const custom = await screen.findByLabelText('Custom method');
    expect(custom).toBeChecked();
    await userEvent.type(
      screen.getByLabelText("Custom method's payment page"),
      'http://pay.example/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    expect(await screen.findByText('Enter an https:// address.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Custom method's payment page"));
    await userEvent.click(custom);
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      enable_custom_payment: false,
      custom_payment_redirect_url: null,
    });
  });
});
