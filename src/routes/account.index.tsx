import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page';
import { privatePageHead } from '../features/site/seo';

/** `/account`: the shopper's e-mail and username, and links; loads in the browser. */
export const Route = createFileRoute('/account/')({
  head: ({ matches }) => privatePageHead(matches, 'Your Account'),
  component: AccountPage,
});
