import { createFileRoute } from '@tanstack/react-router';
import { contactInfoQuery } from '../features/content/api';
import { ContactPage } from '../features/content/contact-page';
import { ContactSkeleton } from '../features/content/skeletons';
import { pageHead } from '../features/site/seo';

/**
 * `/contact`: locations, e-mails, social profiles and the message form (spec section 2). The
 * loader only prefetches: a failed load is shown inside the page, whose form still works.
 */
export const Route = createFileRoute('/contact')({
  head: ({ matches }) => pageHead(matches, { title: 'Contact' }),
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(contactInfoQuery()),
  component: ContactPage,
  pendingComponent: ContactSkeleton,
});
