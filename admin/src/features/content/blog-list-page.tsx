/**
 * The blog (`/content/blog`): every post newest first, 25 a page, with a status filter in the
 * URL (`?status=draft`), each post's status and when it shows on the storefront; "New post"
 * opens the editor.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listColumns } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { NEWER_OLDER, PagedTable } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
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
      <Tabs label="Post status">
        <TabLink link={{ to: '/content/blog', search: {} }} current={search.status === undefined}>
          All
        </TabLink>
        {BLOG_STATUSES.map((status) => (
          <TabLink
            key={status}
            link={{ to: '/content/blog', search: { status } }}
            current={search.status === status}
          >
            {STATUS_LABELS[status]}
          </TabLink>
        ))}
      </Tabs>
      <PagedTable
        query={posts}
        loading="Loading posts…"
        pager={{
          link: { to: '/content/blog', search },
          pageSize: POSTS_PAGE_SIZE,
          labels: NEWER_OLDER,
        }}
        table={{
          caption: 'Blog posts',
          columns,
          rowId: (post) => String(post.id),
          empty: 'No posts here yet.',
        }}
      />
    </>
  );
}

export type BlogSearch = { status?: BlogPostStatus; page?: number };
