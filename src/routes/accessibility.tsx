import { loadSanitizer } from '../components/sanitizer';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { legalDocumentQuery } from '../features/content/api';
import { LegalDocumentError, LegalDocumentPage } from '../features/content/legal-document-page';
import { LegalDocumentSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/**
 * `/accessibility`: the shop's accessibility statement, its HTML as the owner keeps it in the back
 * office (document type accessibility_statement; European Accessibility Act, Directive (EU)
 * 2019/882 art. 13 and Annex V; decision 086).
 */
export const Route = createFileRoute('/accessibility')({
  head: ({ matches }) => pageHead(matches, { title: 'Accessibility Statement' }),
  // The page's HTML is sanitized in the browser too: load the sanitizer with the data.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(legalDocumentQuery('accessibility_statement')),
      loadSanitizer(),
    ]),
  component: AccessibilityStatement,
  pendingComponent: AccessibilityStatementSkeleton,
  errorComponent: AccessibilityStatementError,
});

function AccessibilityStatementError({ error, reset }: ErrorComponentProps) {
  return <LegalDocumentError type="accessibility_statement" error={error} reset={reset} />;
}

function AccessibilityStatement() {
  return <LegalDocumentPage type="accessibility_statement" />;
}

function AccessibilityStatementSkeleton() {
  return <LegalDocumentSkeleton type="accessibility_statement" />;
}
