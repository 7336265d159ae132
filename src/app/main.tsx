import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createAppQueryClient, createAppRouter } from './router';
import '../styles/tokens.css';
import '../styles/base.css';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient, { origin: window.location.origin });

// `npm start` renders the page on the server and leaves its data in `window.$_TSR`: hydrate it
// (decision 008). Without it (the Vite dev server, `npm run mock`, or the shell the server
// falls back to when a render fails) the app renders the document in the browser.
const app = (
  <StrictMode>
    {'$_TSR' in window ? <RouterClient router={router} /> : <RouterProvider router={router} />}
  </StrictMode>
);
if ('$_TSR' in window) startTransition(() => void hydrateRoot(document, app));
else createRoot(document).render(app);
