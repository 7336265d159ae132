import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../api/token-storage';
import { renderWithRouter } from '../../test/render-with-router';
import { AuthLinks } from './auth-links';

describe('AuthLinks (spec section 2: Login and Register, or Logout when signed in)', () => {
  it('offers Login and Register when logged out', async () => {
    await renderWithRouter(<AuthLinks />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it.each([204, 500])(
    'offers Logout when signed in, which sends the refresh token and forgets the tokens (server answers %i)',
    async (status) => {
      const sent: { url: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (request: Request) => {
          sent.push({ url: request.url, body: await request.json() });
          return new Response(null, { status });
        }),
      );
      setTokens('access-token', 'refresh-token');
      const { router } = await renderWithRouter(<AuthLinks />, { path: '/gallery' });
      expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await vi.waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
      expect(sent).toEqual([
        { url: expect.stringMatching(/\/accounts\/logout\/$/), body: { refresh: 'refresh-token' } },
      ]);
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
      vi.unstubAllGlobals();
    },
  );

  it('still goes to / when the menu holding Logout closes (unmounts) before the API answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(null, { status: 204 });
      }),
    );
    setTokens('access-token', 'refresh-token');
    function ClosingMenu() {
      const [open, setOpen] = useState(true);
      return open ? <AuthLinks onNavigate={() => setOpen(false)} /> : <p>menu closed</p>;
    }
    const { router } = await renderWithRouter(<ClosingMenu />, { path: '/gallery' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByText('menu closed')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('authToken')).toBeNull();
    vi.unstubAllGlobals();
  });
});
