/** /faq (spec sections 2 and 8; issue 7): the accordion of questions, and the way to /contact. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiErrorMessage } from '../../api/errors';
import { faqsQuery } from './api';
import { FaqAccordion } from './faq-accordion';
import { ContentPageError, FAQ_HEADER, PageHeader } from './page-parts';
import './content.css';

export const FAQ_MESSAGES = {
  empty: 'No FAQs found.',
  failed: 'Failed to load FAQs.',
} as const;

function StillQuestions() {
  return (
    <aside className="content-cta content-cta--compact" aria-labelledby="faq-contact-title">
      <h2 id="faq-contact-title" className="content-cta__title">
        Still have a question?
      </h2>
      <p className="content-cta__text">
        Ask us about a piece, a commission or your order: a real person answers.
      </p>
      <div className="content-cta__actions">
        <Link to="/contact" className="button-primary">
          Contact us
        </Link>
      </div>
    </aside>
  );
}

/** /faq: reads the FAQs the loader filled; 'No FAQs found.' when there are none. */
export function FaqPage() {
  const { data: faqs } = useSuspenseQuery(faqsQuery());
  return (
    <div className="page-container content-page content-faq">
      <PageHeader {...FAQ_HEADER} />
      {faqs.length ? (
        <FaqAccordion faqs={faqs} />
      ) : (
        <p className="content-empty">{FAQ_MESSAGES.empty}</p>
      )}
      <StillQuestions />
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
