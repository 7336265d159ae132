import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { ShopLaunch } from '../today/api';
import { PreviewPasswordPanel } from './preview-password-panel';

/*
 * The preview password of a shop not launched yet (issue 38): set, never shown back, cleared.
 */

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const SHOP: ShopLaunch = {
  status: 'closed',
  closed_message: null,
  launched_at: null,
  preview_password_set: false,
  storefront_url: 'https://tidewater.example',
  ready: false,
  checklist: [],
};

describe('the preview password', () => {
  it('is set from a password field, checked for length first, and never shown back', async () => {
    const sent = fakeApi({
      'GET /shop/': { status: 200, body: SHOP },
      'PUT /shop/preview-password/': {
        status: 200,
        body: { ...SHOP, preview_password_set: true },
      },
    });
    renderWithQuery(<PreviewPasswordPanel />);
    expect(await screen.findByText(/No password is set\./)).toBeInTheDocument();
    const field = screen.getByLabelText('Preview password', { selector: 'input' });
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.type(field, 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 6 characters.')).toBeInTheDocument();
    await userEvent.type(field, 'defgh');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/The preview password was set\./)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/shop/preview-password/', body: { password: 'abcdefgh' } },
    ]);
    expect(screen.getByText(/A password is set\./)).toBeInTheDocument();
    expect(screen.getByLabelText('New preview password')).toHaveValue('');
  });

  it('is cleared, so only staff preview the shop', async () => {
    const sent = fakeApi({
      'GET /shop/': { status: 200, body: { ...SHOP, preview_password_set: true } },
      'PUT /shop/preview-password/': { status: 200, body: SHOP },
    });
    renderWithQuery(<PreviewPasswordPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear password' }));
    expect(
      await screen.findByText('The preview password was cleared: only staff preview the shop.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ password: null }),
    );
    expect(screen.queryByRole('button', { name: 'Clear password' })).toBeNull();
  });
});
