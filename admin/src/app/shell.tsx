/**
 * The frame of every screen behind sign-in: a skip link, the top bar (the back office's name,
 * who is signed in and Sign out), the navigation the member's role allows and the page.
 *
 * From 720 px the navigation lists every place (./nav.ts): a band under the top bar, a column
 * beside the page from 1000 px. Below 720 px (a phone) it is a bar fixed at the bottom of the
 * screen with the four daily places (Today, Orders, Products, Inbox with its unread count) and
 * "More", a disclosure listing the other places above the bar (Moderation's count shows on More
 * too); the page keeps room under its last line so nothing hides behind the bar. Nothing
 * scrolls sideways at 375 px.
 */
import { Link, Outlet, useMatchRoute, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useMe, useSignOut } from '../features/auth/api';
import { NavCount } from '../features/moderation/nav-count';
import { navFor, splitForPhone, type NavItem } from './nav';

/** The widest screen that gets the phone's bottom bar (the stylesheet's breakpoint too). */
const PHONE_QUERY = '(max-width: 719.98px)';

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhoneWidth(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(PHONE_QUERY).matches
  );
}

/** Whether the screen is phone-wide now, following rotations and resizes. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribeToWidth, isPhoneWidth, () => false);
}

export function Shell() {
  const me = useMe();
  const signOut = useSignOut();
  const phone = usePhoneWidth();
  const items = navFor(me.role, me.totp_required && !me.totp_enabled);
  return (
    <div className={phone ? 'app app-phone' : 'app'}>
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
        {phone ? null : (
          <nav aria-label="Main" className="main-nav">
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {phone ? <BottomBar items={items} /> : null}
    </div>
  );
}

/** A place's link, marked as the current page when the member is on it (or below it). */
function NavLink({ item, children }: { item: NavItem; children?: ReactNode }) {
  return (
    <Link
      to={item.to}
      activeOptions={{ exact: item.to === '/', includeSearch: false }}
      activeProps={{ 'aria-current': 'page', className: 'active' }}
    >
      {children}
      <span className="nav-label">{item.label}</span>
      {item.badge ? <NavCount kind={item.badge} /> : null}
    </Link>
  );
}

/** The phone's bottom bar: the `bar` places, then More with the others (see the module). */
function BottomBar({ items }: { items: readonly NavItem[] }) {
  const { bar, more } = splitForPhone(items);
  const path = useRouterState({ select: (state) => state.location.pathname });
  // Open on the page where More was tapped: going somewhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === path;
  const setOpen = (next: boolean) => setOpenOn(next ? path : null);
  const sheetId = useId();
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const matchRoute = useMatchRoute();
  // On one of More's places, More is the current section.
  const inMore = more.some((item) => matchRoute({ to: item.to, fuzzy: true }) !== false);

  // Escape, a tap outside the bar and its sheet, or the focus leaving them (Tab past the
  // sheet's last place), closes it: the sheet never covers the element with the focus.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const badges = [...new Set(more.flatMap((item) => (item.badge ? [item.badge] : [])))];
  return (
    <nav
      aria-label="Main"
      className="bottom-bar"
      ref={root}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) setOpenOn(null);
      }}
    >
      <ul className="bottom-bar-places">
        {bar.map((item) => (
          <li key={item.to}>
            <NavLink item={item}>
              <NavIcon to={item.to} />
            </NavLink>
          </li>
        ))}
        {more.length > 0 ? (
          <li>
            <button
              ref={button}
              type="button"
              className={inMore ? 'more-button active' : 'more-button'}
              aria-expanded={open}
              aria-controls={sheetId}
              onClick={() => setOpen(!open)}
            >
              <NavIcon to="more" />
              <span className="nav-label">More</span>
              {badges.map((badge) => (
                <NavCount key={badge} kind={badge} />
              ))}
            </button>
          </li>
        ) : null}
      </ul>
      {/* After More in the page's order, so Tab goes from More into its list; shown above the bar. */}
      {more.length > 0 ? (
        <div id={sheetId} className="more-sheet" hidden={!open}>
          <ul>
            {more.map((item) => (
              <li key={item.to}>
                <NavLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

/** Outline icons, 24 px, for the bar's places; decorative (each place is named in words). */
const ICON_PATHS: Record<string, string> = {
  '/': 'M4 11.5 12 5l8 6.5M6 10v9h4.5v-5h3v5H18v-9',
  '/orders': 'M6 4h12v16l-3-2-3 2-3-2-3 2zM9 9h6M9 13h6',
  '/products': 'M4 12.5 11.5 5H19v7.5L11.5 20zM15.5 8.5h.01',
  '/inbox': 'M4 6h16v12H4zM4 7l8 6 8-6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

function NavIcon({ to }: { to: string }) {
  const path = ICON_PATHS[to];
  if (!path) return null;
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={to === 'more' ? 3 : 1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
