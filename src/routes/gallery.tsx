import { createFileRoute } from '@tanstack/react-router';
import { allProductsQuery } from '../features/catalog/api';
import { GalleryError, GalleryPage } from '../features/catalog/gallery-page';
import { GallerySkeleton } from '../features/catalog/skeletons';

/** `/gallery`: every product's thumbnail, opening a full-screen overlay (spec section 2). */
export const Route = createFileRoute('/gallery')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(allProductsQuery()),
  component: GalleryPage,
  pendingComponent: GallerySkeleton,
  errorComponent: GalleryError,
});
