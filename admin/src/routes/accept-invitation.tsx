import { createFileRoute } from '@tanstack/react-router';
import { linkTokenSearch } from './-guards';
import { AcceptInvitationPage } from '../features/auth/accept-invitation-page';

/** `/accept-invitation?token=`: an invited member sets their name and password. */
export const Route = createFileRoute('/accept-invitation')({
  validateSearch: linkTokenSearch,
  component: AcceptInvitationPage,
});
