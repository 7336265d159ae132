import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { GiftCardsPage } from '../../../features/giftcards/gift-cards-page';

/** `/gift-cards`: the shop's gift cards and store credit (owners only; decision 090). */
export const Route = createFileRoute('/_auth/_shell/gift-cards')({
  beforeLoad: ownersOnly,
  component: GiftCardsPage,
});
