/**
 * Parts the content pages share, kept free of DOMPurify so the route skeletons (which are not
 * code-split) can use them without pulling the sanitizer into the entry chunk.
 */
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
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
