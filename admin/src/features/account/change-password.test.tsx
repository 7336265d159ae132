/**
 * Changing one's own password on the account page: the current password and the new one twice
 * (checked before anything is sent), the server's words beside the field they are about, and
 * on success the new tokens kept, so this device stays signed in.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, getAccessToken, getRefreshToken } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { PasswordPanel } from './password-panel';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

async function fill(current: string, next: string, again: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (again) await userEvent.type(screen.getByLabelText('New password again'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('changing one’s password', () => {
  it('checks the fields before sending anything', async () => {
    signIn();
    const sent = fakeApi({});
    renderWithQuery(<PasswordPanel />);
    await fill('', 'short', 'other');
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal beside the current password', async () => {
    signIn();
    fakeApi({
      'POST /me/password/': {
        status: 400,
        body: { current_password: ['Your current password is incorrect.'] },
      },
    });
    renderWithQuery(<PasswordPanel />);
    await fill('not-mine-at-all', 'tempered-steel-77', 'tempered-steel-77');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a throttled change’s words at the top of the form', async () => {
    signIn();
    fakeApi({
      'POST /me/password/': {
        status: 429,
        body: { detail: 'Request was throttled. Expected available in 900 seconds.' },
      },
    });
    renderWithQuery(<PasswordPanel />);
    await fill('correct-horse-42', 'tempered-steel-77', 'tempered-steel-77');
    expect(
      await screen.findByText('Request was throttled. Expected available in 900 seconds.'),
    ).toBeInTheDocument();
  });

  it('keeps this device signed in with the new tokens, and empties the form', async () => {
    signIn();
    const sent = fakeApi({
      'POST /me/password/': { status: 200, body: { access: 'h.new.s', refresh: 'refresh-new' } },
    });
    renderWithQuery(<PasswordPanel />);
    await fill('correct-horse-42', 'tempered-steel-77', 'tempered-steel-77');
    expect(
      await screen.findByText(
        'Your password is changed. Every other device you were signed in on is signed out.',
      ),
    ).toBeInTheDocument();
    expect(sent.map((r) => r.body)).toEqual([
      {
        current_password: 'correct-horse-42',
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      },
    ]);
    expect(getAccessToken()).toBe('h.new.s');
    expect(getRefreshToken()).toBe('refresh-new');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
