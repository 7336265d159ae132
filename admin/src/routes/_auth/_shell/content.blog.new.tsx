import { createFileRoute } from '@tanstack/react-router';
import { NewPostPage } from '../../../features/content/blog-post-page';

/** `/content/blog/new`: a new post. */
export const Route = createFileRoute('/_auth/_shell/content/blog/new')({
  component: NewPostPage,
});
