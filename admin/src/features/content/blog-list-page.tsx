/**
 * The blog (`/content/blog`): every post newest first, 25 a page, with a status filter in the
 * URL (`?status=draft`), each post's status and when it shows on the storefront; "New post"
 * opens the editor.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listColumns } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { Pager } from '../../components/pager';
import {
  BLOG_STATUSES,
  POSTS_PAGE_SIZE,
  postsQuery,
  STATUS_LABELS,
  type AdminBlogPostSummary,
  type BlogPostStatus,
} from './api';

/** Where a post stands for a shopper, in words. */
export function visibilityOf(
  post: Pick<AdminBlogPostSummary, 'status' | 'is_visible' | 'published_at'>,
): string {
  if (post.status === 'published') {
    return post.is_visible
      ? `Shown since ${formatDateTime(post.published_at)}`
      : `Scheduled for ${formatDateTime(post.published_at)}`;
  }
  return post.status === 'draft' ? 'Not shown (draft)' : 'Not shown (archived)';
}

export function BlogListPage() {
  const search = useSearch({ from: '/_auth/_shell/content/blog/' });
  const posts = useQuery(postsQuery(search.status, search.page));

  const columns = useMemo(() => {
    const column = listColumns<AdminBlogPostSummary>();
    return column.columns([
      column.accessor('title', {
        header: 'Title',
        meta: { cell: 'cell-title' },
        cell: (info) => (
          <Link to="/content/blog/$postId" params={{ postId: String(info.row.original.id) }}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => STATUS_LABELS[info.getValue()],
      }),
      column.display({
        id: 'shown',
        header: 'On the shop',
        cell: (info) => visibilityOf(info.row.original),
      }),
      column.accessor('updated_at', {
        header: 'Last changed',
        cell: (info) => formatDateTime(info.getValue()),
      }),
    ]);
  }, []);

  return (
    <>
      <title>Blog · Content · Back office</title>
      <div className="panel-head">
        <h2>Blog posts</h2>
        <Link to="/content/blog/new" className="button button-primary">
          New post
        </Link>
      </div>
      <nav aria-label="Post status">
        <ul className="tabs">
          <li>
            <Link
              to="/content/blog"
              search={{}}
              aria-current={search.status === undefined ? 'page' : undefined}
              activeOptions={{ includeSearch: true, explicitUndefined: true }}
            >
              All
            </Link>
          </li>
          {BLOG_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to="/content/blog"
                search={{ status }}
                aria-current={search.status === status ? 'page' : undefined}
                activeOptions={{ includeSearch: true, explicitUndefined: true }}
              >
                {STATUS_LABELS[status]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {posts.isPending ? (
        <Loading label="Loading posts…" />
      ) : posts.isError ? (
        <ErrorNotice error={posts.error} onRetry={() => void posts.refetch()} />
      ) : (
        <>
          <DataTable
            caption="Blog posts"
            columns={columns}
            data={posts.data.results}
            rowId={(post) => String(post.id)}
            empty="No posts here yet."
          />
          <Pager
            link={{ to: '/content/blog', search }}
            page={search.page ?? 1}
            pages={Math.max(1, Math.ceil(posts.data.count / POSTS_PAGE_SIZE))}
            labels={{ previous: 'Newer', next: 'Older' }}
          />
        </>
      )}
    </>
  );
}

export type BlogSearch = { status?: BlogPostStatus; page?: number };
