/*
 * The five content routes wired as the app wires them (the generated route tree, the app's
 * QueryClient rules, the shared frame): each loader fills its page, and a failed load ends on
 * the page's own message, not on the generic error screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { routeTree } from '../../routeTree.gen';
import { createAppQueryClient } from '../../router';
import { stubApi, type StubAnswer } from './test-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function visit(path: string, answers: Record<string, StubAnswer>) {
  if (!vi.isMockFunction(window.scrollTo))
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const calls = stubApi({
    '/pages/site-settings/': { body: { site_title: 'Ember & Oak Workshop', site_description: '' } },
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

describe('content routes', () => {
  it('/contact renders the page even when the contact information fails', async () => {
    visit('/contact', { '/contact/info/': { status: 404, body: { detail: 'Not found.' } } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to load contact information.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it("/company-info ends on 'Company information endpoint not found.' for a 404", async () => {
    visit('/company-info', { '/pages/company-info/': { status: 404, body: { detail: 'x' } } });
    expect(await screen.findByText('Company information endpoint not found.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Ember & Oak Workshop' }),
    ).toBeInTheDocument();
  });

  it("/faq ends on 'Failed to load FAQs.' when the list cannot be loaded", async () => {
    visit('/faq', { '/pages/manage/faqs/': { status: 400, body: null } });
    expect(await screen.findByText('Failed to load FAQs.')).toBeInTheDocument();
  });

  it('/refund-policy and /privacy-policy load the document of their type', async () => {
    const calls = visit('/privacy-policy', {
      '/pages/manage/documents/': {
        body: [{ id: 1, document_type: 'privacy_policy', content: '<p>We keep little.</p>' }],
      },
    });
    expect(await screen.findByText('We keep little.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const asked = calls.find((call) => call.path === '/pages/manage/documents/');
    expect(asked?.query.get('document_type')).toBe('privacy_policy');
  });

  it("/refund-policy ends on 'Failed to load refund policy.'", async () => {
    visit('/refund-policy', { '/pages/manage/documents/': { status: 401, body: '' } });
    expect(await screen.findByText('Failed to load refund policy.')).toBeInTheDocument();
  });

  it('the footer and the nav lead to the content pages', async () => {
    visit('/faq', { '/pages/manage/faqs/': { body: [] } });
    expect(await screen.findByText('No FAQs found.')).toBeInTheDocument();
    for (const [name, href] of [
      ['Refund Policy', '/refund-policy'],
      ['Privacy Policy', '/privacy-policy'],
      ['FAQ', '/faq'],
      ['ABOUT', '/company-info'],
      ['CONTACT', '/contact'],
    ]) {
      expect(screen.getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
    }
  });
});
