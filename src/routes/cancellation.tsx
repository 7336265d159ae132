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
  head: ({ matches }) =>
    pageHead(matches, {
      title: 'Cancellation rights',
      description:
        'How to cancel an order within 14 days of delivery, which pieces cannot be cancelled, returns and refunds, and the model cancellation form.',
    }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(siteSettingsQuery()),
  component: CancellationPage,
});
