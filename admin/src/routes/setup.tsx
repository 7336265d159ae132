import { createFileRoute } from '@tanstack/react-router';
import { SetupPage } from '../features/setup/setup-page';

/** `/setup`: the first-run set-up of a deployment without any shop (features/setup). */
export const Route = createFileRoute('/setup')({
  component: SetupPage,
});
