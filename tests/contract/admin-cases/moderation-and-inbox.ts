/**
 * Moderation and the contact inbox (admin contract: listModerationReviews, approveReview,
 * rejectReview, hideReview, restoreReview, replyToReview, deleteReviewReply, the same for
 * comments, getModerationSettings, updateModerationSettings, getWaitingCounts,
 * listContactMessages, getContactMessage, markContactMessageUnread, archiveContactMessage,
 * unarchiveContactMessage, replyToContactMessage) at the demo shop, which shows comments and
 * reviews at once:
 * - this run's shopper posts a comment and a review full of links: both wait (the link rule);
 *   the staff member finds each in the waiting list, approves the comment (twice 409), rejects
 *   a second one, hides
 *   it, restores it, rejects nothing shown (409), answers it as the shop, edits and deletes the
 *   answer (a second delete 409); rejects the review, restores it, approves a second one (of
 *   another product), hides the first, restores it,
 *   answers it and deletes the answer, marks it incentivised (a body without the mark 400);
 *   an unknown review or comment 404; a blank reply 400;
 * - the owner reads the settings, makes reviews wait and puts it back; staff 403 on both; a
 *   body naming no setting 400; the waiting counts;
 * - a message sent through the contact form is listed unread, opened (read), marked unread,
 *   archived (twice 409) and brought back, answered by e-mail (a blank answer 400); an unknown
 *   message 404.
 */
import Database from 'better-sqlite3';
import { detailIs, fieldError, type Case, DEMO, TENANT_HEADER } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { request } from '../request';
import { FORBIDDEN, NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

/** What the cases learn as they go. */
interface Kept {
  commentId: number;
  reviewId: number;
  /** A second comment and review (of another product), to reject and to approve. */
  comment2Id: number;
  review2Id: number;
  messageId: number;
  problem: string;
}

/** A check over an object answer. */
function objectIs(check: (o: JsonObject) => string | null) {
  return (b: Json) => (isObject(b) ? check(b) : `expected an object, got ${JSON.stringify(b)}`);
}

const statusIs = (status: string) =>
  objectIs((o) => (o.status === status ? null : `expected ${status}, got ${str(o.status)}`));

/** The ids of a `{results}` list. */
function ids(b: Json): number[] {
  return isObject(b) && Array.isArray(b.results)
    ? b.results.filter(isObject).map((r) => Number(r.id))
    : [];
}

/** Posts this run's link-heavy comment, review and contact message through the storefront. */
async function postAsShopper(a: AdminSetup, upstream: string, kept: Kept): Promise<void> {
  const spam = `Look: https://cheap-knives.example/${a.stamp} and www.replica-blades.example/x`;
  const posts = await request(upstream, {
    method: 'GET',
    path: '/blog/posts/',
    headers: { [TENANT_HEADER]: DEMO },
  });
  const post =
    isObject(posts.body) && Array.isArray(posts.body.results) ? posts.body.results[0] : null;
  for (const key of ['commentId', 'comment2Id'] as const) {
    const comment = await request(upstream, {
      method: 'POST',
      path: '/blog/comments/',
      headers: a.shopper,
      body: { post: isObject(post) ? Number(post.id) : 0, content: spam },
    });
    if (comment.status === 201 && isObject(comment.body)) kept[key] = Number(comment.body.id);
    else kept.problem += `comment ${comment.status} ${comment.text.slice(0, 200)}; `;
  }

  const products = await request(upstream, {
    method: 'GET',
    path: '/products/products/',
    headers: { [TENANT_HEADER]: DEMO },
  });
  const list =
    isObject(products.body) && Array.isArray(products.body.results) ? products.body.results : [];
  // Only buyers review through the storefront (decision 085) and this run's shopper bought
  // neither piece: their two reviews full of links are stored as the review form stores a held
  // one, waiting, not a verified purchase.
  const db = new Database(a.sqlitePath, { fileMustExist: true });
  try {
    for (const [key, product] of [
      ['reviewId', list[0]],
      ['review2Id', list[1]],
    ] as const) {
      const inserted = db
        .prepare(
          `INSERT INTO reviews (tenant_id, product_id, user_id, username, rating, comment, is_verified_purchase, created_at, status)
           VALUES ((SELECT id FROM tenants WHERE token = ?), ?, NULL, ?, 5, ?, 0, ?, 'pending')`,
        )
        .run(
          DEMO,
          isObject(product) ? Number(product.id) : 0,
          `contract-shopper-${a.stamp}`,
          spam,
          new Date().toISOString(),
        );
      kept[key] = Number(inserted.lastInsertRowid);
    }
  } catch (error) {
    kept.problem += `review ${String(error)}; `;
  }
  // Sent as the contact form stores it: the storefront's own cases have used up this
  // address's contact throttle (to reach its 429) by the time these run.
  try {
    const inserted = db
      .prepare(
        `INSERT INTO contact_messages (tenant_id, name, email, phone_number, subject, message, client_address, created_at)
         VALUES ((SELECT id FROM tenants WHERE token = ?), ?, ?, NULL, ?, ?, '127.0.0.1', ?)`,
      )
      .run(
        DEMO,
        'Contract Sender',
        `contract-inbox-${a.stamp}@example.com`,
        `Engraving ${a.stamp}`,
        'Can you engrave initials on the blade?',
        new Date().toISOString(),
      );
    kept.messageId = Number(inserted.lastInsertRowid);
  } catch (error) {
    kept.problem += `message ${String(error)}; `;
  } finally {
    db.close();
  }
}

/** The moderation and inbox cases, in order. */
export function moderationAndInboxCases(a: AdminSetup, upstream: string): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept: Kept = {
    commentId: 0,
    reviewId: 0,
    comment2Id: 0,
    review2Id: 0,
    messageId: 0,
    problem: '',
  };
  let posted: Promise<void> | null = null;
  const ready = async () => {
    posted ??= postAsShopper(a, upstream, kept);
    await posted;
  };
  const staff = (
    name: string,
    operationId: string,
    method: string,
    path: (k: Kept) => string,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asStaff(
      adminCase(`${operationId} ${name}`, operationId, method, path(kept), status, {
        ...rest,
        prepare: async () => {
          await ready();
          return { path: path(kept) };
        },
      }),
    );
  const review = (move: string) => (k: Kept) => `/moderation/reviews/${k.reviewId}/${move}/`;
  const comment = (move: string) => (k: Kept) => `/moderation/comments/${k.commentId}/${move}/`;
  const message =
    (move = '') =>
    (k: Kept) =>
      `/inbox/messages/${k.messageId}/${move ? `${move}/` : ''}`;
  const listed = (which: keyof Kept) => (b: Json) =>
    ids(b).includes(Number(kept[which]))
      ? null
      : `expected ${which} ${kept[which]} in the list (${kept.problem || 'posted'})`;
  const thanks = { content: 'Thank you! Strop it now and then and it stays sharp.' };

  return [
    staff(
      'waiting, with the link-heavy comment',
      'listModerationComments',
      'GET',
      () => '/moderation/comments/',
      200,
      {
        query: { status: 'pending' },
        check: listed('commentId'),
      },
    ),
    staff('a waiting comment', 'approveComment', 'POST', comment('approve'), 200, {
      check: statusIs('approved'),
    }),
    staff('twice', 'approveComment', 'POST', comment('approve'), 409, {
      check: detailIs('Only a waiting comment can be approved; restore a hidden or rejected one.'),
    }),
    staff('a shown comment', 'rejectComment', 'POST', comment('reject'), 409, {
      check: detailIs('Only a waiting comment can be rejected.'),
    }),
    staff(
      'a waiting comment',
      'rejectComment',
      'POST',
      (k) => `/moderation/comments/${k.comment2Id}/reject/`,
      200,
      { check: statusIs('rejected') },
    ),
    staff('a shown comment', 'hideComment', 'POST', comment('hide'), 200, {
      check: statusIs('hidden'),
    }),
    staff('a hidden comment', 'restoreComment', 'POST', comment('restore'), 200, {
      check: statusIs('approved'),
    }),
    staff('as the shop', 'replyToComment', 'PUT', comment('reply'), 200, {
      body: thanks,
      check: objectIs((o) =>
        isObject(o.shop_reply) && o.shop_reply.content === thanks.content
          ? null
          : `expected the reply, got ${JSON.stringify(o.shop_reply)}`,
      ),
    }),
    staff('blank', 'replyToComment', 'PUT', comment('reply'), 400, {
      body: { content: '   ' },
      via: 'lenient',
      check: fieldError('content', 'This field may not be blank.'),
    }),
    staff('of the shop', 'deleteCommentReply', 'DELETE', comment('reply'), 200, {
      check: objectIs((o) => (o.shop_reply === null ? null : 'expected no reply')),
    }),
    staff('twice', 'deleteCommentReply', 'DELETE', comment('reply'), 409, {
      check: detailIs('There is no reply to delete.'),
    }),
    staff('unknown', 'hideComment', 'POST', () => '/moderation/comments/999999/hide/', 404, {
      check: detailIs(NOT_FOUND),
    }),

    staff(
      'waiting, with the link-heavy review',
      'listModerationReviews',
      'GET',
      () => '/moderation/reviews/',
      200,
      {
        check: listed('reviewId'),
      },
    ),
    staff('a waiting review', 'rejectReview', 'POST', review('reject'), 200, {
      check: statusIs('rejected'),
    }),
    staff('a rejected review', 'approveReview', 'POST', review('approve'), 409, {
      check: detailIs('Only a waiting review can be approved; restore a hidden or rejected one.'),
    }),
    staff('a rejected review', 'restoreReview', 'POST', review('restore'), 200, {
      check: statusIs('approved'),
    }),
    staff(
      'a waiting review',
      'approveReview',
      'POST',
      (k) => `/moderation/reviews/${k.review2Id}/approve/`,
      200,
      { check: statusIs('approved') },
    ),
    staff('a shown review', 'hideReview', 'POST', review('hide'), 200, {
      check: statusIs('hidden'),
    }),
    staff('a hidden review', 'restoreReview', 'POST', review('restore'), 200, {
      check: statusIs('approved'),
    }),
    staff('as the shop', 'replyToReview', 'PUT', review('reply'), 200, { body: thanks }),
    staff('of the shop', 'deleteReviewReply', 'DELETE', review('reply'), 200),
    staff('marked incentivised', 'setReviewIncentivised', 'PUT', review('incentivised'), 200, {
      body: { incentivised: true },
      check: objectIs((o) =>
        o.incentivised === true ? null : `not marked: ${JSON.stringify(o).slice(0, 200)}`,
      ),
    }),
    staff('without the mark', 'setReviewIncentivised', 'PUT', review('incentivised'), 400, {
      body: {},
      via: 'lenient',
    }),
    staff('unknown', 'approveReview', 'POST', () => '/moderation/reviews/999999/approve/', 404, {
      check: detailIs(NOT_FOUND),
    }),

    asOwner(
      adminCase(
        'getModerationSettings of the demo shop',
        'getModerationSettings',
        'GET',
        '/moderation/settings/',
        200,
        {
          check: objectIs((o) =>
            o.comments_auto_approve === true && o.reviews_auto_approve === true
              ? null
              : `got ${JSON.stringify(o)}`,
          ),
        },
      ),
    ),
    asStaff(
      adminCase(
        'getModerationSettings by a staff member',
        'getModerationSettings',
        'GET',
        '/moderation/settings/',
        403,
        {
          check: detailIs(FORBIDDEN),
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateModerationSettings reviews wait',
        'updateModerationSettings',
        'PATCH',
        '/moderation/settings/',
        200,
        {
          body: { reviews_auto_approve: false },
          check: objectIs((o) =>
            o.reviews_auto_approve === false ? null : `got ${JSON.stringify(o)}`,
          ),
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateModerationSettings put back',
        'updateModerationSettings',
        'PATCH',
        '/moderation/settings/',
        200,
        {
          body: { reviews_auto_approve: true },
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateModerationSettings naming nothing',
        'updateModerationSettings',
        'PATCH',
        '/moderation/settings/',
        400,
        {
          body: {},
          via: 'lenient',
        },
      ),
    ),
    asStaff(
      adminCase(
        'updateModerationSettings by a staff member',
        'updateModerationSettings',
        'PATCH',
        '/moderation/settings/',
        403,
        {
          body: { comments_auto_approve: false },
          check: detailIs(FORBIDDEN),
        },
      ),
    ),
    staff('for the navigation', 'getWaitingCounts', 'GET', () => '/moderation/counts/', 200, {
      check: objectIs((o) => (Number(o.unread_messages) >= 1 ? null : `got ${JSON.stringify(o)}`)),
    }),

    staff(
      'unread, with the new message',
      'listContactMessages',
      'GET',
      () => '/inbox/messages/',
      200,
      {
        query: { unread: 'true' },
        check: listed('messageId'),
      },
    ),
    staff('opened', 'getContactMessage', 'GET', message(), 200, {
      check: objectIs((o) => (o.is_read === true ? null : 'expected it read')),
    }),
    staff('again', 'markContactMessageUnread', 'POST', message('unread'), 200, {
      check: objectIs((o) => (o.is_read === false ? null : 'expected it unread')),
    }),
    staff('into the archive', 'archiveContactMessage', 'POST', message('archive'), 200, {
      check: objectIs((o) => (o.is_archived === true ? null : 'expected it archived')),
    }),
    staff('twice', 'archiveContactMessage', 'POST', message('archive'), 409, {
      check: detailIs('This message is already archived.'),
    }),
    staff('back to the inbox', 'unarchiveContactMessage', 'POST', message('unarchive'), 200),
    staff('by e-mail', 'replyToContactMessage', 'POST', message('replies'), 201, {
      body: { body: 'Hello,\n\nYes, we can engrave the blade.' },
      check: objectIs((o) =>
        Array.isArray(o.replies) && o.replies.length === 1
          ? null
          : `got ${JSON.stringify(o.replies)}`,
      ),
    }),
    staff('blank', 'replyToContactMessage', 'POST', message('replies'), 400, {
      body: { body: '  ' },
      via: 'lenient',
      check: fieldError('body', 'This field may not be blank.'),
    }),
    staff('unknown', 'getContactMessage', 'GET', () => '/inbox/messages/999999/', 404, {
      check: detailIs(NOT_FOUND),
    }),
  ];
}
