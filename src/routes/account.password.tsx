import { createFileRoute } from '@tanstack/react-router';
import { PasswordPage } from '../features/account/password-page';
import { privatePageHead } from '../features/site/seo';

/** `/account/password`: change the password; loads in the browser. */
export const Route = createFileRoute('/account/password')({
  head: ({ matches }) => privatePageHead(matches, 'Change Password'),
  component: PasswordPage,
});
