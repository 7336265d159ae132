/**
 * The previous / next links under a paged list, with "Page N of M" between them; nothing when
 * there is one page. The page lives in the URL's `page` (absent for page 1), so each link is
 * the list's own route with the same search and another page.
 */
import {
  Link,
  type LinkComponentProps,
  type RegisteredRouter,
  type ValidateLinkOptions,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A pager's props: where the list is (`to` and its current `search`), the page and labels. */
export interface PagerProps<
  TRouter extends RegisteredRouter = RegisteredRouter,
  TOptions = unknown,
> {
  /** The list's route and its current search, e.g. `{ to: '/orders', search }`. */
  link: ValidateLinkOptions<TRouter, TOptions>;
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are. */
  pages: number;
  /** The words of the link to the page before (e.g. "Newer") and after (e.g. "Older"). */
  labels: { previous: string; next: string };
}

/**
 * Renders the pager of a list (see the module comment): the link to the page before unless on
 * the first, the page count, the link to the page after unless on the last.
 */
export function Pager<TRouter extends RegisteredRouter, TOptions>(
  props: PagerProps<TRouter, TOptions>,
): ReactNode;
export function Pager({ link, page, pages, labels }: PagerProps): ReactNode {
  if (pages <= 1) return null;
  // `link` was checked against the route at the call; here it is only spread.
  const { search, ...to } = link as LinkComponentProps;
  const current = search as Record<string, unknown>;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link
          {...to}
          search={{ ...current, page: page > 2 ? page - 1 : undefined }}
          className="button button-small"
          rel="prev"
        >
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link
          {...to}
          search={{ ...current, page: page + 1 }}
          className="button button-small"
          rel="next"
        >
          {labels.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
