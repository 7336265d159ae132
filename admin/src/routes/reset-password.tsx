import { createFileRoute } from '@tanstack/react-router';
import { linkTokenSearch } from './-guards';
import { ResetPasswordPage } from '../features/auth/reset-password-page';

/** `/reset-password?token=`: the e-mailed link sets a new password. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: linkTokenSearch,
  component: ResetPasswordPage,
});
