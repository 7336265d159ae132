import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { faqsQuery } from '../features/content/api';
import { FaqError, FaqPage } from '../features/content/faq-page';
import { FaqSkeleton } from '../features/content/skeletons';

/** `/faq`: the FAQ accordion (spec section 2). */
export const Route = createFileRoute('/faq')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(faqsQuery()),
  component: FaqPage,
  pendingComponent: FaqSkeleton,
  errorComponent: FaqErrorRoute,
});

function FaqErrorRoute({ error, reset }: ErrorComponentProps) {
  return <FaqError error={error} reset={reset} />;
}
