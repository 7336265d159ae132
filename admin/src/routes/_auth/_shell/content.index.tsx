import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/content`: the blog is its first tab. */
export const Route = createFileRoute('/_auth/_shell/content/')({
  beforeLoad: () => {
    throw redirect({ to: '/content/blog' });
  },
});
