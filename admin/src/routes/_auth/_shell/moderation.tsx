import { createFileRoute } from '@tanstack/react-router';
import { moderationSearchSchema } from '../../../features/moderation/schemas';
import { ModerationPage } from '../../../features/moderation/moderation-page';

/** `/moderation`: reviews and comments waiting for a decision. */
export const Route = createFileRoute('/_auth/_shell/moderation')({
  validateSearch: moderationSearchSchema,
  component: ModerationPage,
});
