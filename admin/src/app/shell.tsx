/**
 * The frame of every screen behind sign-in: a skip link, the top bar (the back office's name,
 * the navigation the member's role allows, who is signed in and Sign out) and the page.
 * At 375 px the navigation wraps under the name; nothing scrolls sideways.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { useMe, useSignOut } from '../features/auth/api';
import { navFor } from './nav';

export function Shell() {
  const me = useMe();
  const signOut = useSignOut();
  const items = navFor(me.role, me.totp_required && !me.totp_enabled);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link to="/" className="brand">
            Back office
          </Link>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    activeOptions={{ exact: item.to === '/', includeSearch: false }}
                    activeProps={{ 'aria-current': 'page', className: 'active' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="who">
            <span className="who-name">
              {me.name}{' '}
              <span className="who-role">({me.role === 'owner' ? 'Owner' : 'Staff'})</span>
            </span>
            <button
              type="button"
              className="button button-small button-on-dark"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              {signOut.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
