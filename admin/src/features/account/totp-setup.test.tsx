/**
 * Setting up two-step verification on a phone: the secret shown as a QR code drawn here (an
 * image with a name), as a link that opens the authenticator app, and as a key in groups of
 * four; the code typed on the number keyboard, pasted with spaces, confirms it.
 */
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { TotpPanel } from './totp-panel';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URL_ = `otpauth://totp/Ember%20%26%20Oak:maya%40emberandoak.example?secret=${SECRET}&issuer=Ember%20%26%20Oak`;

const MAYA = {
  id: 1,
  email: 'maya@emberandoak.example',
  name: 'Maya Hart',
  role: 'owner',
  totp_enabled: false,
  totp_required: false,
};

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('setting up two-step verification', () => {
  it('shows a QR code, a link to the app and the key, and takes a pasted code', async () => {
    signIn();
    const sent = fakeApi({
      'POST /me/totp/': { status: 200, body: { secret: SECRET, otpauth_url: URL_ } },
      'POST /me/totp/confirm/': {
        status: 200,
        body: { recovery_codes: ['abcde-12345', 'fghij-67890'] },
      },
      'GET /me/': { status: 200, body: MAYA },
    });
    renderWithQuery(
      <Suspense>
        <TotpPanel />
      </Suspense>,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set up two-step verification' }),
    );

    const qr = await screen.findByLabelText(
      'QR code to add this back office to your authenticator app',
    );
    expect(qr).toHaveAttribute('role', 'img');
    // Drawn from the address: dark modules on a white square, nothing fetched for it.
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(screen.getByRole('link', { name: 'Open in your authenticator app' })).toHaveAttribute(
      'href',
      URL_,
    );
    expect(screen.getByLabelText('Key to type by hand')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(code);
    await userEvent.paste('492 817');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      within(await screen.findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(sent.find((request) => request.path === '/me/totp/confirm/')?.body).toEqual({
      code: '492817',
    });
  });
});
