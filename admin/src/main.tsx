/**
 * The back office's browser entry: one QueryClient and one router for the tab, rendered into
 * #root (no server render). When the session ends, the data of the member who left is dropped
 * from the cache before anyone else signs in.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isSignedIn, subscribeToTokens } from './api/tokens';
import { createAdminQueryClient } from './app/query-client';
import { createAdminRouter } from './app/router';
import './styles.css';

const queryClient = createAdminQueryClient();
const router = createAdminRouter(queryClient);

subscribeToTokens(() => {
  if (!isSignedIn()) queryClient.clear();
});

const root = document.getElementById('root');
if (!root) throw new Error('admin/index.html has no #root.');
// The page is interactive from here (the end-to-end fixtures wait for this mark, as they do for
// the storefront's hydration).
requestAnimationFrame(() => document.documentElement.setAttribute('data-hydrated', ''));
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
