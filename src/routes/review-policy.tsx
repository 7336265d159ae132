import { loadSanitizer } from '../components/sanitizer';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { legalDocumentQuery } from '../features/content/api';
import { LegalDocumentError, LegalDocumentPage } from '../features/content/legal-document-page';
import { LegalDocumentSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/**
 * `/review-policy`: how the shop checks reviews (document type review_policy; decision 085:
 * DMCC Act 2024 Sch. 20, Directive 2005/29/EC art. 7(6)), edited by the owner in the back office.
 */
export const Route = createFileRoute('/review-policy')({
  head: ({ matches }) => pageHead(matches, { title: 'Review Policy' }),
  // The page's HTML is sanitized in the browser too: load the sanitizer with the data.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(legalDocumentQuery('review_policy')),
      loadSanitizer(),
    ]),
  component: ReviewPolicy,
  pendingComponent: ReviewPolicySkeleton,
  errorComponent: ReviewPolicyError,
});

function ReviewPolicyError({ error, reset }: ErrorComponentProps) {
  return <LegalDocumentError type="review_policy" error={error} reset={reset} />;
}

function ReviewPolicy() {
  return <LegalDocumentPage type="review_policy" />;
}

function ReviewPolicySkeleton() {
  return <LegalDocumentSkeleton type="review_policy" />;
}
