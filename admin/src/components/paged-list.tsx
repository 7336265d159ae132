/**
 * A server-paged list as its query answers it (`{ count, results }`): the loading line or the
 * error while there is no page (./query-view.tsx), else the page's rows and the pager under them
 * (./pager.tsx, its page count from `count` and the page size), dimmed (`is-refreshing`) while
 * the next page or filter loads. `PagedTable` lays the rows out as a DataTable; `PagedList`
 * leaves them to its `children`.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type ListColumns } from './data-table';
import { Pager, type PagerProps } from './pager';
import { QueryView } from './query-view';

/** A list page as the server answers it. */
export interface Page<T> {
  count: number;
  results: T[];
}

/**
 * Where the pager links: `link` and `labels` as Pager's (the page shown is the link's
 * `search.page`, 1 when absent), and the server's page size.
 */
export type PagerOf<TRouter extends RegisteredRouter, TOptions> = Pick<
  PagerProps<TRouter, TOptions>,
  'link'
> & {
  pageSize: number;
  /** The links' words; "Previous page" and "Next page" unless given. */
  labels?: PagerProps['labels'];
};

export interface PagedListProps<T, TRouter extends RegisteredRouter, TOptions> {
  query: UseQueryResult<Page<T>>;
  /** The loading line's words; "Loading…" unless given. */
  loading?: string;
  pager: PagerOf<TRouter, TOptions>;
  /** The wrapper's class, beside `is-refreshing`. */
  className?: string;
  /** Names the wrapper for screen readers: a `<section>` when given, else a `<div>`. */
  label?: string;
  children: (results: T[]) => ReactNode;
}

/** The page a list's link asks for: its search's `page`, or the first. */
function pageOf(link: unknown): number {
  return (link as { search?: { page?: number } }).search?.page ?? 1;
}

const PAGE_LABELS = { previous: 'Previous page', next: 'Next page' };
/** The pager's words for a list newest first. */
export const NEWER_OLDER = { previous: 'Newer', next: 'Older' };

/** The list: see the module comment. */
export function PagedList<T, TRouter extends RegisteredRouter, TOptions>(
  props: PagedListProps<T, TRouter, TOptions>,
): ReactNode;
export function PagedList<T>({
  query,
  loading,
  pager: { link, pageSize, labels = PAGE_LABELS },
  className,
  label,
  children,
}: PagedListProps<T, RegisteredRouter, unknown>): ReactNode {
  return (
    <QueryView query={query} loading={loading}>
      {({ count, results }) => {
        const classes = [className, query.isPlaceholderData ? 'is-refreshing' : null];
        const body = (
          <>
            {children(results)}
            <Pager
              link={link}
              page={pageOf(link)}
              pages={Math.max(1, Math.ceil(count / pageSize))}
              labels={labels}
            />
          </>
        );
        const wrapper = { className: classes.filter(Boolean).join(' ') || undefined };
        return label ? (
          <section {...wrapper} aria-label={label}>
            {body}
          </section>
        ) : (
          <div {...wrapper}>{body}</div>
        );
      }}
    </QueryView>
  );
}

/** The table's caption, columns, row ids and empty words, as DataTable takes them. */
export interface ListTable<T extends RowData> {
  caption: string;
  columns: ListColumns<T>;
  rowId: (row: T) => string;
  empty: ReactNode;
}

/** A PagedList whose rows are a DataTable (`table`). */
export function PagedTable<T extends RowData, TRouter extends RegisteredRouter, TOptions>(
  props: Omit<PagedListProps<T, TRouter, TOptions>, 'children' | 'label'> & {
    table: ListTable<T>;
  },
): ReactNode;
export function PagedTable<T extends RowData>({
  table,
  ...list
}: Omit<PagedListProps<T, RegisteredRouter, unknown>, 'children' | 'label'> & {
  table: ListTable<T>;
}): ReactNode {
  return <PagedList {...list}>{(results) => <DataTable {...table} data={results} />}</PagedList>;
}
