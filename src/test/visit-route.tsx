/*
 * Test helper (only tests import it): renders a path as the app wires it (the generated route
 * tree, the app's QueryClient rules, the shared frame), against the stubbed API of
 * ./stub-api.ts. The site settings and an empty category list are answered
 * unless `answers` says otherwise.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { stubApi, type RecordedCall, type StubAnswer } from './stub-api';
import { routeTree } from '../routeTree.gen';
import { createAppQueryClient } from '../app/router';

/** Renders the app at `path`; returns the API calls it makes, recorded as they happen. */
export function visitRoute(path: string, answers: Record<string, StubAnswer>): RecordedCall[] {
  if (!vi.isMockFunction(window.scrollTo))
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const calls = stubApi({
    '/pages/site-settings/': {
      body: { site_title: 'Ember & Oak Workshop', site_description: '', currency: 'USD' },
    },
    '/products/categories/': { body: [] },
    ...answers,
  });
  const queryClient = createAppQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient, origin: 'http://localhost' },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}
