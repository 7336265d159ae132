import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useIsLoggedIn } from '../../api/use-session';
import { ErrorBox } from '../../components/error-box';
import { LoginLink } from '../auth/login-link';
import { type TransientMessage, useTransientMessage } from '../../components/use-transient-message';
import {
  blogLoadErrorMessage,
  commentsQuery,
  countComments,
  type BlogPost,
  type Comment,
} from './api';
import { commentAuthor, formatBlogDate } from './blog-text';
import { useLocalDates } from '../../components/local-dates';
import { deferredForm } from '../../components/deferred-form';
import { BLOG_MESSAGES } from './messages';
import { CommentsSkeleton } from './skeletons';

const CommentForm = deferredForm(() => import('./comment-form').then((m) => m.CommentForm));

/** The id the login prompt comes back to (spec section 2: /login?redirect=/blog/{slug}#comments). */
export const COMMENTS_ANCHOR = 'comments';

/** What to tell the shopper once the server has a comment: stored, or waiting for moderation. */
function postedMessage(comment: Comment): TransientMessage {
  return {
    kind: 'success',
    text:
      comment.is_approved === false
        ? BLOG_MESSAGES.commentAwaitsApproval
        : BLOG_MESSAGES.commentSubmitted,
  };
}

function MessageSlot({ message }: { message: TransientMessage | null }) {
  return (
    <div className="blog-message-slot" aria-live="polite">
      {message ? (
        <p className={`blog-message blog-message--${message.kind}`} role="status">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

interface ThreadProps {
  postId: number;
  loggedIn: boolean;
}

/**
 * One comment and its replies, at any depth (spec sections 2 and 4). The text is rendered as
 * text, never as HTML. A logged-in shopper can answer it: the reply form opens below the
 * comment, and the stored reply appears first among its replies.
 */
function CommentItem({
  comment,
  postId,
  loggedIn,
  depth,
}: ThreadProps & { comment: Comment; depth: number }) {
  const [replying, setReplying] = useState(false);
  const [message, setMessage] = useTransientMessage();
  const replyButton = useRef<HTMLButtonElement>(null);
  const author = commentAuthor(comment);
  const replies = comment.replies ?? [];

  const closeReply = () => {
    setReplying(false);
    // Back to the button that opened the form, so keyboard users keep their place.
    requestAnimationFrame(() => replyButton.current?.focus());
  };

  const local = useLocalDates();
  return (
    <li
      className={comment.is_shop_reply ? 'blog-comment blog-comment--shop' : 'blog-comment'}
      data-testid="comment"
      data-depth={depth}
    >
      <article className="blog-comment__body" aria-label={`Comment by ${author}`}>
        <header className="blog-comment__head">
          <span className="blog-comment__avatar" aria-hidden="true">
            {author.slice(0, 1).toUpperCase()}
          </span>
          <span className="blog-comment__who">
            <span className="blog-comment__author">
              {author}
              {comment.is_shop_reply ? (
                <span className="blog-comment__shop-badge"> (the shop)</span>
              ) : null}
            </span>
            <time className="blog-comment__date" dateTime={comment.created_at}>
              {formatBlogDate(comment.created_at, local)}
            </time>
          </span>
        </header>
        <p className="blog-comment__text">{comment.content}</p>
        {loggedIn && !replying ? (
          <button
            ref={replyButton}
            type="button"
            className="blog-comment__reply"
            aria-label={`Reply to ${author}`}
            onClick={() => setReplying(true)}
          >
            Reply
          </button>
        ) : null}
        {loggedIn && replying ? (
          <div className="blog-comment__reply-form">
            <CommentForm
              postId={postId}
              parent={comment.id}
              label={`Your reply to ${author}`}
              submitLabel="Post Reply"
              autoFocus
              onCancel={closeReply}
              onPosted={(reply) => {
                setMessage(postedMessage(reply));
                closeReply();
              }}
            />
          </div>
        ) : null}
        <MessageSlot message={message} />
      </article>
      {replies.length ? (
        <ul className="blog-comment__replies" aria-label={`Replies to ${author}`}>
          {replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              postId={postId}
              loggedIn={loggedIn}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Scrolls to `#comments` once the thread has its final height, when the address asks for it
 * (the login prompt comes back to /blog/{slug}#comments). In an effect: render stays
 * isomorphic.
 */
function useScrollToComments(ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    if (window.location.hash === `#${COMMENTS_ANCHOR}`) {
      document.getElementById(COMMENTS_ANCHOR)?.scrollIntoView({ block: 'start' });
    }
  }, [ready]);
}

/**
 * The comments of a post (spec sections 2, 4, 5 and 8): 'Comments (n)' counting replies too,
 * the form for a logged-in shopper (a new comment goes to the top) or 'You must be logged in to
 * leave a comment.' with a link to /login?redirect=/blog/{slug}#comments, and the approved
 * comments with their replies, or 'No approved comments yet. Be the first!'. The login state is
 * read on the client and followed as it changes (architecture convention 13).
 */
export function CommentsSection({ post }: { post: BlogPost }) {
  const titleId = useId();
  const loggedIn = useIsLoggedIn();
  const query = useQuery(commentsQuery(post.id));
  const [message, setMessage] = useTransientMessage();
  const count = query.data ? countComments(query.data) : post.comment_count;
  useScrollToComments(!query.isPending);

  return (
    <section id={COMMENTS_ANCHOR} className="blog-comments" aria-labelledby={titleId}>
      <h2 id={titleId} className="blog-comments__title">
        Comments ({count})
      </h2>
      {loggedIn === undefined ? (
        // Not known in a server render: an empty line where the prompt or the form will be.
        <p className="blog-comments__prompt" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : loggedIn ? (
        <div className="blog-comments__new">
          <CommentForm
            postId={post.id}
            label="Leave a comment"
            submitLabel="Post Comment"
            onPosted={(comment) => setMessage(postedMessage(comment))}
          />
          <MessageSlot message={message} />
        </div>
      ) : (
        <p className="blog-comments__prompt">
          {BLOG_MESSAGES.loginToComment}{' '}
          <LoginLink redirect={`/blog/${post.slug}#${COMMENTS_ANCHOR}`} className="blog-link">
            Log in
          </LoginLink>
        </p>
      )}
      {query.isPending ? (
        <CommentsSkeleton />
      ) : query.isError ? (
        <ErrorBox
          message={blogLoadErrorMessage(query.error, BLOG_MESSAGES.postFailed)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="blog-empty blog-empty--inline">{BLOG_MESSAGES.noComments}</p>
      ) : (
        <ul className="blog-comments__list" aria-label="Comments">
          {query.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              postId={post.id}
              loggedIn={loggedIn === true}
              depth={0}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
