import { createFileRoute } from '@tanstack/react-router';
import { inboxSearchSchema } from '../../../features/inbox/schemas';
import { InboxPage } from '../../../features/inbox/inbox-page';

/** `/inbox`: the contact form's messages. */
export const Route = createFileRoute('/_auth/_shell/inbox/')({
  validateSearch: inboxSearchSchema,
  component: InboxPage,
});
