/**
 * The blog (contract: listBlogPosts, getBlogPost, listComments, createComment; spec sections
 * 2, /blog, 4, Comments, and 5, comment rules): published posts only (never a draft, never
 * another shop's post), its pages, a post's detail, comment threads three deep, commenting
 * and replying (approved at once at the demo shop, awaiting moderation at the pottery), and
 * the refusals: a parent from another post, blank or missing content, a draft's or another
 * shop's post.
 */
import Database from 'better-sqlite3';
import {
  detailIs,
  fieldError,
  make,
  tenantErrors,
  demoTenant,
  potteryTenant,
  type Case,
  type Via,
} from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { shopCaseBuilders, type Shop } from './shop-setup';
import { DEMO, POTTERY } from '../case';

/** The seeded posts and comments the blog cases use, and the ids they produce. */
export interface BlogContent {
  /** Published demo posts: the first has the seeded three-deep thread, the second comments. */
  post: { id: number; slug: string };
  otherPost: { id: number };
  /** A draft of the demo shop, and a published post of the pottery. */
  draft: { id: number; slug: string };
  potteryPost: { id: number; slug: string };
  /** An approved comment of `otherPost`, for the parent-from-another-post case. */
  foreignComment: number;
  /** Ids the cases produce as they run. */
  state: { comment: number; reply: number };
}

/**
 * Reads the posts and comments the cases need from the API's SQLite file.
 * @throws when the seed lacks them.
 */
export function blogSetup(sqlitePath: string): BlogContent {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const post = (token: string, where: string) =>
      db
        .prepare(
          `SELECT p.id, p.slug FROM blog_posts p JOIN tenants t ON t.id = p.tenant_id WHERE t.token = ? AND ${where} ORDER BY p.published_at DESC, p.id DESC`,
        )
        .all(token) as { id: number; slug: string }[];
    const published = post(DEMO, "p.status = 'published'");
    const withThread = published.find((p) => p.slug === 'caring-for-carbon-steel');
    const commented = db
      .prepare(
        "SELECT c.id, c.post_id FROM blog_comments c WHERE c.post_id <> ? AND c.status = 'approved' AND c.tenant_id = (SELECT id FROM tenants WHERE token = ?) ORDER BY c.id",
      )
      .get(withThread?.id ?? 0, DEMO) as { id: number; post_id: number } | undefined;
    const [draft] = post(DEMO, "p.status = 'draft'");
    const [potteryPost] = post(POTTERY, "p.status = 'published'");
    if (!withThread || !commented || !draft || !potteryPost) {
      throw new Error('the seed lacks the blog posts and comments the contract cases use');
    }
    return {
      post: withThread,
      otherPost: { id: commented.post_id },
      draft,
      potteryPost,
      foreignComment: commented.id,
      state: { comment: 0, reply: 0 },
    };
  } finally {
    db.close();
  }
}

/** How many levels deep a comment thread goes (0 for no comments). */
function commentDepth(list: Json): number {
  if (!Array.isArray(list)) return 0;
  return list.reduce<number>(
    (deepest, c) => Math.max(deepest, 1 + (isObject(c) ? commentDepth(c.replies ?? []) : 0)),
    0,
  );
}

/** The blog's cases; `content` is read from the API's database with `blogSetup`. */
export function blogCases(shop: Shop, content: BlogContent): Case[] {
  const { me, potter } = shop;
  const { post, otherPost, draft, potteryPost, foreignComment, state } = content;
  const demo = demoTenant;
  const pottery = potteryTenant;
  const { withBearer } = shopCaseBuilders(shop);
  const comment = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    make(`createComment ${name}`, 'createComment', 'POST', '/blog/comments/', headers, status, {
      body,
      ...rest,
    });

  return [
    // The blog.
    make('listBlogPosts status=published', 'listBlogPosts', 'GET', '/blog/posts/', demo, 200, {
      query: { status: 'published' },
      check: (b) => {
        const list = results(b);
        if (list.length < 6) return `expected at least 6 posts, got ${list.length}`;
        if (list.some((p) => p.status !== 'published')) return 'a post that is not published';
        if (list.some((p) => p.slug === draft.slug)) return 'the draft is listed';
        const card = list.find((p) => p.slug === post.slug);
        return isObject(card) &&
          Number(card.comment_count) > 0 &&
          isObject(card.author) &&
          str(card.featured_image).startsWith('/api/media/') &&
          str(card.excerpt)
          ? null
          : `the post card lacks its fields: ${JSON.stringify(card).slice(0, 300)}`;
      },
    }),
    make('listBlogPosts page=2 of 2 per page', 'listBlogPosts', 'GET', '/blog/posts/', demo, 200, {
      query: { page: '2', page_size: '2' },
      check: (b) =>
        isObject(b) && b.previous !== null && results(b).length === 2
          ? null
          : `unexpected page ${JSON.stringify(b).slice(0, 200)}`,
    }),
    make('listBlogPosts past the last page', 'listBlogPosts', 'GET', '/blog/posts/', demo, 404, {
      query: { page: '99' },
      check: detailIs('Invalid page.'),
    }),
    make(
      'listBlogPosts for the second tenant (isolation)',
      'listBlogPosts',
      'GET',
      '/blog/posts/',
      pottery,
      200,
      {
        check: (b) =>
          results(b).some((p) => p.slug === post.slug) ? `the pottery sees ${post.slug}` : null,
      },
    ),
    {
      ...make(
        'listBlogPosts status=draft (bad query)',
        'listBlogPosts',
        'GET',
        '/blog/posts/',
        demo,
        400,
        { query: { status: 'draft' } },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listBlogPosts', 'GET', '/blog/posts/'),
    make(`getBlogPost ${post.slug}`, 'getBlogPost', 'GET', `/blog/posts/${post.slug}/`, demo, 200, {
      check: (b) =>
        isObject(b) && b.id === post.id && str(b.content).includes('<h2>')
          ? null
          : `unexpected post ${JSON.stringify(b).slice(0, 200)}`,
    }),
    make('getBlogPost a draft', 'getBlogPost', 'GET', `/blog/posts/${draft.slug}/`, demo, 404, {
      check: detailIs('Not found.'),
    }),
    make(
      "getBlogPost another shop's post",
      'getBlogPost',
      'GET',
      `/blog/posts/${potteryPost.slug}/`,
      demo,
      404,
      { check: detailIs('Not found.') },
    ),
    ...tenantErrors('getBlogPost', 'GET', `/blog/posts/${post.slug}/`),
    make(
      'listComments (a thread three deep)',
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      200,
      {
        query: { post: String(post.id), is_approved: 'true' },
        check: (b) =>
          commentDepth(b) >= 3 ? null : `expected replies three deep, got depth ${commentDepth(b)}`,
      },
    ),
    make('listComments of a draft', 'listComments', 'GET', '/blog/comments/', demo, 404, {
      query: { post: String(draft.id) },
      check: detailIs('Not found.'),
    }),
    make(
      "listComments of another shop's post",
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      404,
      { query: { post: String(potteryPost.id) }, check: detailIs('Not found.') },
    ),
    {
      ...make(
        'listComments without a post (bad query)',
        'listComments',
        'GET',
        '/blog/comments/',
        demo,
        400,
        { check: fieldError('post', 'This field is required.') },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listComments', 'GET', '/blog/comments/', { post: String(post.id) }),
    comment(
      'on a post (approved at once at the demo shop)',
      me,
      { post: post.id, content: '  Thanks for the tea tip!  ' },
      201,
      {
        check: (b) =>
          isObject(b) &&
          b.is_approved === true &&
          b.content === 'Thanks for the tea tip!' &&
          b.parent === null
            ? null
            : `unexpected comment ${JSON.stringify(b)}`,
        remember: (b) => (state.comment = isObject(b) ? Number(b.id) : 0),
      },
    ),
    comment(
      'replying to it',
      me,
      { post: post.id, content: 'And the lemon trick works too.' },
      201,
      {
        prepare: () => ({
          body: { post: post.id, content: 'And the lemon trick works too.', parent: state.comment },
        }),
        check: (b) =>
          isObject(b) && b.parent === state.comment
            ? null
            : `unexpected reply ${JSON.stringify(b)}`,
        remember: (b) => (state.reply = isObject(b) ? Number(b.id) : 0),
      },
    ),
    make(
      'listComments shows the new comment first, with its reply',
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      200,
      {
        query: { post: String(post.id), is_approved: 'true' },
        check: (b) => {
          const first = Array.isArray(b) ? b[0] : null;
          return isObject(first) &&
            first.id === state.comment &&
            Array.isArray(first.replies) &&
            isObject(first.replies[0]) &&
            first.replies[0].id === state.reply
            ? null
            : `unexpected thread ${JSON.stringify(b).slice(0, 300)}`;
        },
      },
    ),
    comment(
      'with a parent from another post',
      me,
      { post: post.id, content: 'Hi', parent: foreignComment },
      400,
      {
        check: fieldError('parent', 'The parent comment belongs to another post.'),
      },
    ),
    comment('with blank content', me, { post: post.id, content: '   ' }, 400, {
      check: fieldError('content', 'This field may not be blank.'),
    }),
    comment('on a draft', me, { post: draft.id, content: 'Hi' }, 404, {
      check: detailIs('Not found.'),
    }),
    comment("on another shop's post", me, { post: potteryPost.id, content: 'Hi' }, 404, {
      check: detailIs('Not found.'),
    }),
    comment(
      'at the pottery (awaits moderation)',
      potter,
      { post: potteryPost.id, content: 'Lovely clay!' },
      201,
      {
        check: (b) =>
          isObject(b) && b.is_approved === false
            ? null
            : `expected a comment awaiting moderation, got ${JSON.stringify(b)}`,
      },
    ),
    {
      ...comment('without content (bad body)', me, { post: post.id }, 400),
      via: 'lenient' as Via,
      check: fieldError('content', 'This field is required.'),
    },
    ...withBearer(
      tenantErrors('createComment', 'POST', '/blog/comments/', undefined, {
        post: otherPost.id,
        content: 'Hi',
      }),
    ),
  ];
}
