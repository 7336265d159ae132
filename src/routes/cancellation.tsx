import { createFileRoute } from '@tanstack/react-router';
import { CancellationPage } from '../features/content/cancellation-page';
import { siteSettingsQuery } from '../features/site/api';
import { pageHead } from '../features/site/seo';

/**
 * `/cancellation`: the 14-day cancellation right and the model cancellation form (issue 29;
 * Consumer Contracts Regulations 2013 Sch. 2 and Sch. 3). Server-rendered like the other
 * content pages; its words and the seller's details need only the site settings.
 */
export const Route = createFileRoute('/cancellation')({
  // Title only, as the other content pages: the head is not split, so every page's first load
  // carries it (the 130 KB budget of `/`).
  head: ({ matches }) => pageHead(matches, { title: 'Cancellation rights' }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(siteSettingsQuery()),
  component: CancellationPage,
});
