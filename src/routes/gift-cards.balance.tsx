import { createFileRoute } from '@tanstack/react-router';
import { GiftCardBalancePage } from '../features/giftcards/balance-page';
import { pageHead } from '../features/site/seo';

/**
 * `/gift-cards/balance`: a gift card's balance from its code (decision 090). Its own route
 * chunk: nothing of it loads with the other pages.
 */
export const Route = createFileRoute('/gift-cards/balance')({
  head: ({ matches }) => pageHead(matches, { title: 'Gift Card Balance' }),
  component: GiftCardBalancePage,
});
