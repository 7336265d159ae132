/**
 * /refund-policy and /privacy-policy (spec sections 2, 7 and 8; issue 7): the first document of
 * the type, its HTML content through the one sanitizing component; 'No refund policy found.' /
 * 'No privacy policy found.' when there is none or it is blank.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/errors';
import { SanitizedHtml } from '../../components/sanitized-html';
import { legalDocumentQuery, type DocumentType } from './api';
import { ContentPageError, HelpAside, LEGAL_PAGES, PageHeader } from './page-parts';
import './content.css';

// The shopper's locale, as every date of the storefront (architecture: money, time and ids).
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** 'Last updated {date}' in the shopper's locale from an ISO time, or null when there is none or it is invalid. */
export function lastUpdatedLine(updatedAt: string | null | undefined): string | null {
  if (!updatedAt) return null;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? null : `Last updated ${DATE.format(time)}`;
}

export function LegalDocumentPage({ type }: { type: DocumentType }) {
  const page = LEGAL_PAGES[type];
  const { data: document } = useSuspenseQuery(legalDocumentQuery(type));
  const content = document?.content?.trim();
  const updated = lastUpdatedLine(document?.updated_at);
  return (
    <div className="page-container content-page content-legal">
      <PageHeader title={page.title} eyebrow="Customer care" />
      <div className="content-help">
        <div className="content-help__main">
          {content ? (
            <article className="content-card content-legal__document">
              {updated ? <p className="content-legal__updated">{updated}</p> : null}
              <SanitizedHtml className="content-prose" html={content} />
            </article>
          ) : (
            <p className="content-empty">{page.empty}</p>
          )}
        </div>
        <HelpAside />
      </div>
    </div>
  );
}

/** Error state (spec section 8): the server's detail, else 'Failed to load refund policy.' / 'Failed to load privacy policy.' */
export function LegalDocumentError({
  type,
  error,
  reset,
}: {
  type: DocumentType;
  error: unknown;
  reset?: () => void;
}) {
  const page = LEGAL_PAGES[type];
  return (
    <ContentPageError
      header={{ title: page.title, eyebrow: 'Customer care' }}
      message={apiErrorMessage(error, page.failed)}
      reset={reset}
    />
  );
}
