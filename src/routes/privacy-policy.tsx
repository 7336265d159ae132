import { loadSanitizer } from '../components/sanitizer';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { legalDocumentQuery } from '../features/content/api';
import { LegalDocumentError, LegalDocumentPage } from '../features/content/legal-document-page';
import { LegalDocumentSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/** `/privacy-policy`: the privacy policy's HTML (spec section 2; document type privacy_policy). */
export const Route = createFileRoute('/privacy-policy')({
  head: ({ matches }) => pageHead(matches, { title: 'Privacy Policy' }),
  // The page's HTML is sanitized in the browser too: load the sanitizer with the data.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(legalDocumentQuery('privacy_policy')),
      loadSanitizer(),
    ]),
  component: PrivacyPolicy,
  pendingComponent: PrivacyPolicySkeleton,
  errorComponent: PrivacyPolicyError,
});

function PrivacyPolicyError({ error, reset }: ErrorComponentProps) {
  return <LegalDocumentError type="privacy_policy" error={error} reset={reset} />;
}

function PrivacyPolicy() {
  return <LegalDocumentPage type="privacy_policy" />;
}

function PrivacyPolicySkeleton() {
  return <LegalDocumentSkeleton type="privacy_policy" />;
}
