import { createFileRoute } from '@tanstack/react-router';
import { AddressesPage } from '../features/account/addresses-page';
import { privatePageHead } from '../features/site/seo';

/** `/account/addresses`: the saved delivery addresses; loads in the browser. */
export const Route = createFileRoute('/account/addresses')({
  head: ({ matches }) => privatePageHead(matches, 'Saved Addresses'),
  component: AddressesPage,
});
