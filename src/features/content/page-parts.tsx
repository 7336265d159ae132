/**
 * Parts the content pages share, kept free of DOMPurify so the route skeletons (which are not
 * code-split) can use them without pulling the sanitizer into the entry chunk.
 */
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box';
import './content.css';

export interface PageHeaderProps {
  title: string;
  lead?: string;
  eyebrow?: string;
}

/** The page's title block: an optional small eyebrow, the one h1, an optional lead. */
export function PageHeader({ title, lead, eyebrow }: PageHeaderProps) {
  return (
    <header className="content-header">
      {eyebrow ? <p className="content-eyebrow">{eyebrow}</p> : null}
      <h1 className="content-header__title">{title}</h1>
      {lead ? <p className="content-header__lead">{lead}</p> : null}
    </header>
  );
}

export const CONTACT_HEADER: PageHeaderProps = {
  eyebrow: 'Get in touch',
  title: 'Contact Us',
  lead: 'Write to us, call, or come and see the workshop. We are happy to talk about any piece, a commission or your order.',
};

export const FAQ_HEADER: PageHeaderProps = {
  eyebrow: 'Help',
  title: 'Frequently Asked Questions',
  lead: 'Shipping, care, commissions and returns: the questions we hear most, answered.',
};

export const LEGAL_PAGES = {
  refund_policy: {
    title: 'Refund Policy',
    empty: 'No refund policy found.',
    failed: 'Failed to load refund policy.',
  },
  privacy_policy: {
    title: 'Privacy Policy',
    empty: 'No privacy policy found.',
    failed: 'Failed to load privacy policy.',
  },
  review_policy: {
    title: 'Review Policy',
    empty: 'No review policy found.',
    failed: 'Failed to load review policy.',
  },
  accessibility_statement: {
    title: 'Accessibility Statement',
    empty: 'No accessibility statement found.',
    failed: 'Failed to load accessibility statement.',
  },
} as const;

/**
 * A content page whose data did not load: its header, then the message in an announced error
 * box with 'Try again', which clears the failed queries and runs the route's loader again
 * (as the router's default error screen does).
 */
export function ContentPageError({
  header,
  message,
  reset,
}: {
  header: PageHeaderProps;
  message: string;
  reset?: () => void;
}) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  // Failed queries stay failed until their boundary resets; do it once the error is shown.
  useEffect(() => {
    queryReset.reset();
  }, [queryReset]);
  return (
    <div className="page-container content-page">
      <PageHeader {...header} />
      <ErrorBox
        message={message}
        onRetry={() => {
          reset?.();
          void router.invalidate();
        }}
      />
    </div>
  );
}

/**
 * A content page's call to action: a `content-cta` box (an `aside` or a `section`, `compact` in
 * a side column) labelled by its `title` (id `titleId`), a line of `text`, then the action
 * links (`children`).
 */
export function ContentCta({
  as: Tag,
  titleId,
  title,
  text,
  compact = false,
  children,
}: {
  as: 'aside' | 'section';
  titleId: string;
  title: string;
  text: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag
      className={compact ? 'content-cta content-cta--compact' : 'content-cta'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="content-cta__title">
        {title}
      </h2>
      <p className="content-cta__text">{text}</p>
      <div className="content-cta__actions">{children}</div>
    </Tag>
  );
}

/** The help pages, listed beside each of them (the current one marked by the router). */
const HELP_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/cancellation', label: 'Cancellation rights' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/review-policy', label: 'Review Policy' },
  { to: '/accessibility', label: 'Accessibility' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/**
 * The side column of the FAQ and the legal pages: the help pages, then the way to a person
 * (spec section 2: the FAQ links to /contact). Beside the content from 769px, below it on a
 * phone.
 */
export function HelpAside() {
  return (
    <div className="content-help__aside">
      <nav className="content-card content-help__nav" aria-labelledby="help-nav-title">
        <h2 id="help-nav-title" className="content-help__title">
          Help &amp; policies
        </h2>
        <ul className="content-help__links">
          {HELP_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="content-help__link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ContentCta
        as="section"
        titleId="help-contact-title"
        title="Still have a question?"
        text="Ask us about a piece, a commission or your order: a real person answers."
        compact
      >
        <Link to="/contact" className="button-primary">
          Contact us
        </Link>
      </ContentCta>
    </div>
  );
}
