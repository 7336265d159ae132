import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { config } from './api/config';
import { loadSiteSettingsForStartUp } from './features/site/api';
import { applyStartUp, type AnalyticsWindow } from './features/site/start-up';
import { createAppQueryClient, createAppRouter } from './router';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient);

// Spec section 1: title, description, favicon and analytics from the site settings, once.
void loadSiteSettingsForStartUp(queryClient).then((settings) =>
  applyStartUp(document, window as Window & AnalyticsWindow, settings, config.apiBaseUrl),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
