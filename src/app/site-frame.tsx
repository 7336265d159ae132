import type { ReactNode } from 'react';
import { MinimalBar, SiteHeader } from './site-header';
import { LazyHoliday } from '../features/site/lazy-holiday';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import './site.css';

/** Which frame a path gets (spec section 2). */
export type FrameKind = 'full' | 'minimal' | 'none';

/**
 * The frame for a path: none for the static demo page /test (it has its own nav and footer),
 * the minimal logo bar for /login and /register (and, /forgot-password and
 * /reset-password, /verify-email), the full header, nav and footer elsewhere.
 * A trailing slash is ignored.
 */
export function frameKindFor(pathname: string): FrameKind {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/test') return 'none';
  if (
    ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'].includes(path)
  )
    return 'minimal';
  return 'full';
}

/** Id of the main landmark, target of the skip link and of the scroll-to-top focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The common page frame around every route but /test: skip link, the holiday banner while the
 * shop is on holiday, header and nav (or the minimal bar), the main landmark holding the page,
 * the footer and the scroll-to-top button.
 */
export function SiteFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const kind = frameKindFor(pathname);
  if (kind === 'none') return <>{children}</>;

  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <LazyHoliday />
      {kind === 'minimal' ? <MinimalBar /> : <SiteHeader />}
      <main id={MAIN_CONTENT_ID} className={`site-main site-main-${kind}`} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ScrollToTop />
    </>
  );
}
