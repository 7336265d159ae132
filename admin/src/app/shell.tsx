/**
 * The frame of every screen behind sign-in: a skip link, the top bar (the back office's name,
 * who is signed in and Sign out), the navigation the member's role allows and the page. From
 * 1000 px the navigation is a column beside the page; below it wraps under the top bar, every
 * link still one tap away; nothing scrolls sideways at 375 px.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { useMe, useSignOut } from '../features/auth/api';
import { NavCount } from '../features/moderation/nav-count';
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
      <div className="frame">
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
                  {item.badge ? <NavCount kind={item.badge} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
