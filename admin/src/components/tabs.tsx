/**
 * The tabs above a list that filter it through the URL (`<nav aria-label><ul class="tabs">`):
 * each `TabLink` is the list's own route with another search; the open one is marked
 * `aria-current="page"`, and it may show a count after its words.
 */
import {
  Link,
  type LinkComponentProps,
  type RegisteredRouter,
  type ValidateLinkOptions,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The row of tabs, named `label` for screen readers. */
export function Tabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">{children}</ul>
    </nav>
  );
}

/** A tab's state: it is the open one, and the count after its words (when given). */
interface TabState {
  current: boolean;
  count?: number;
  children: ReactNode;
}

/**
 * One tab: a link (the list's route and the tab's search, e.g. `{ to: '/orders', search }`)
 * that matches only its own search, and its count.
 */
export function TabLink<TRouter extends RegisteredRouter, TOptions>(
  props: TabState & { link: ValidateLinkOptions<TRouter, TOptions> },
): ReactNode;
export function TabLink({
  link,
  current,
  count,
  children,
}: TabState & { link: ValidateLinkOptions }): ReactNode {
  // `link` was checked against the route at the call; here it is only spread.
  const to = link as LinkComponentProps;
  return (
    <li>
      <Link
        {...to}
        aria-current={current ? 'page' : undefined}
        activeOptions={{ includeSearch: true, explicitUndefined: true }}
      >
        {children}
        {count !== undefined ? <span className="count">{count}</span> : null}
      </Link>
    </li>
  );
}
