/**
 * /refund-policy, /privacy-policy and /accessibility (spec sections 2, 7 and 8; decision 086):
 * the first document of the type, its HTML content through the one sanitizing component;
 * 'No refund policy found.' / 'No privacy policy found.' / 'No accessibility statement found.'
 * when there is none or it is blank.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/errors';
import { formatDate, useLocalDates } from '../../components/local-dates';
import { SanitizedHtml } from '../../components/sanitized-html';
import { legalDocumentQuery, type DocumentType } from './api';
import { ContentPageError, HelpAside, LEGAL_PAGES, PageHeader } from './page-parts';
import './content.css';

/**
 * 'Last updated {date}' in the shopper's locale from an ISO time, or null when there is none or
 * it is invalid. `local` false: en-US in UTC (a server render and its hydration).
 */
export function lastUpdatedLine(updatedAt: string | null | undefined, local = true): string | null {
  const date = formatDate(updatedAt, 'long', local);
  return date ? `Last updated ${date}` : null;
}

export function LegalDocumentPage({ type }: { type: DocumentType }) {
  const page = LEGAL_PAGES[type];
  const { data: document } = useSuspenseQuery(legalDocumentQuery(type));
  const content = document?.content?.trim();
  const updated = lastUpdatedLine(document?.updated_at, useLocalDates());
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
