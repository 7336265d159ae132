import { loadSanitizer } from '../components/sanitizer';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { legalDocumentQuery } from '../features/content/api';
import { LegalDocumentError, LegalDocumentPage } from '../features/content/legal-document-page';
import { LegalDocumentSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/** `/refund-policy`: the refund policy's HTML (spec section 2; document type refund_policy). */
export const Route = createFileRoute('/refund-policy')({
  head: ({ matches }) => pageHead(matches, { title: 'Refund Policy' }),
  // The page's HTML is sanitized in the browser too: load the sanitizer with the data.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(legalDocumentQuery('refund_policy')),
      loadSanitizer(),
    ]),
  component: RefundPolicy,
  pendingComponent: RefundPolicySkeleton,
  errorComponent: RefundPolicyError,
});

function RefundPolicyError({ error, reset }: ErrorComponentProps) {
  return <LegalDocumentError type="refund_policy" error={error} reset={reset} />;
}

function RefundPolicy() {
  return <LegalDocumentPage type="refund_policy" />;
}

function RefundPolicySkeleton() {
  return <LegalDocumentSkeleton type="refund_policy" />;
}
