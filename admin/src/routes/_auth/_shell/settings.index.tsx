import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/settings`: the site's settings are its first tab. */
export const Route = createFileRoute('/_auth/_shell/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/site' });
  },
});
