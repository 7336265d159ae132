/** /faq (spec sections 2 and 8): the accordion of questions, and the way to /contact (HelpAside). */
import { useSuspenseQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/errors';
import { faqsQuery } from './api';
import { FaqAccordion } from './faq-accordion';
import { ContentPageError, FAQ_HEADER, HelpAside, PageHeader } from './page-parts';
import './content.css';

export const FAQ_MESSAGES = {
  empty: 'No FAQs found.',
  failed: 'Failed to load FAQs.',
} as const;

/** /faq: reads the FAQs the loader filled; 'No FAQs found.' when there are none. */
export function FaqPage() {
  const { data: faqs } = useSuspenseQuery(faqsQuery());
  return (
    <div className="page-container content-page content-faq">
      <PageHeader {...FAQ_HEADER} />
      <div className="content-help">
        <div className="content-help__main">
          {faqs.length ? (
            <FaqAccordion faqs={faqs} />
          ) : (
            <p className="content-empty">{FAQ_MESSAGES.empty}</p>
          )}
        </div>
        <HelpAside />
      </div>
    </div>
  );
}

/** Error state of /faq (spec section 8): the server's detail, else 'Failed to load FAQs.' */
export function FaqError({ error, reset }: { error: unknown; reset?: () => void }) {
  return (
    <ContentPageError
      header={FAQ_HEADER}
      message={apiErrorMessage(error, FAQ_MESSAGES.failed)}
      reset={reset}
    />
  );
}
