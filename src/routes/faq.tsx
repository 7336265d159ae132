import { loadSanitizer } from '../components/sanitizer';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { faqsQuery } from '../features/content/api';
import { FaqError, FaqPage } from '../features/content/faq-page';
import { FaqSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/** `/faq`: the FAQ accordion (spec section 2). */
export const Route = createFileRoute('/faq')({
  head: ({ matches }) => pageHead(matches, { title: 'FAQ' }),
  // The page's HTML is sanitized in the browser too: load the sanitizer with the data.
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(faqsQuery()), loadSanitizer()]),
  component: FaqPage,
  pendingComponent: FaqSkeleton,
  errorComponent: FaqErrorRoute,
});

function FaqErrorRoute({ error, reset }: ErrorComponentProps) {
  return <FaqError error={error} reset={reset} />;
}
