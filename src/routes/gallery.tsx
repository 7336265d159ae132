import { createFileRoute } from '@tanstack/react-router';
import { everyProductQuery } from '../features/catalog/api';
import { GalleryError, GalleryPage } from '../features/catalog/gallery-page';
import { GallerySkeleton } from '../features/catalog/skeletons';
import { pageHead } from '../features/site/seo';

/** `/gallery`: every product's thumbnail, opening a full-screen overlay (spec section 2). */
export const Route = createFileRoute('/gallery')({
  head: ({ matches }) =>
    pageHead(matches, { title: 'Gallery', description: 'Every piece in the shop at a glance.' }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(everyProductQuery()),
  component: GalleryPage,
  pendingComponent: GallerySkeleton,
  errorComponent: GalleryError,
});
