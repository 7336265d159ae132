import { createFileRoute } from '@tanstack/react-router';
import { EditPostPage } from '../../../features/content/blog-post-page';

/** `/content/blog/$postId`: editing a post. */
export const Route = createFileRoute('/_auth/_shell/content/blog/$postId')({
  component: EditPostPage,
});
