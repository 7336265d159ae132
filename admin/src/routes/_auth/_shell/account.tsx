import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/account-page';

/** `/account`: the member's own password, two-step verification and sessions. */
export const Route = createFileRoute('/_auth/_shell/account')({
  component: AccountPage,
});
