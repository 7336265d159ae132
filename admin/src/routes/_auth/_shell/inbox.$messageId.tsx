import { createFileRoute } from '@tanstack/react-router';
import { MessagePage } from '../../../features/inbox/message-page';

/** `/inbox/$messageId`: one message, and the answer to it. */
export const Route = createFileRoute('/_auth/_shell/inbox/$messageId')({
  component: MessagePage,
});
