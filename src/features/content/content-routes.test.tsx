/*
 * The five content routes wired as the app wires them (the generated route tree, the app's
 * QueryClient rules, the shared frame): each loader fills its page, and a failed load ends on
 * the page's own message, not on the generic error screen.
 */
import { screen } from '@testing-library/react';
import { visitRoute } from '../../test/visit-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('content routes', () => {
  it('/contact renders the page even when the contact information fails', async () => {
    visitRoute('/contact', { '/contact/info/': { status: 404, body: { detail: 'Not found.' } } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to load contact information.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it("/company-info ends on 'Company information endpoint not found.' for a 404", async () => {
    visitRoute('/company-info', { '/pages/company-info/': { status: 404, body: { detail: 'x' } } });
    expect(await screen.findByText('Company information endpoint not found.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Ember & Oak Workshop' }),
    ).toBeInTheDocument();
  });

  it("/faq ends on 'Failed to load FAQs.' when the list cannot be loaded", async () => {
    visitRoute('/faq', { '/pages/manage/faqs/': { status: 400, body: null } });
    expect(await screen.findByText('Failed to load FAQs.')).toBeInTheDocument();
  });

  it('/refund-policy and /privacy-policy load the document of their type', async () => {
    const calls = visitRoute('/privacy-policy', {
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
    visitRoute('/refund-policy', { '/pages/manage/documents/': { status: 401, body: '' } });
    expect(await screen.findByText('Failed to load refund policy.')).toBeInTheDocument();
  });

  it('the footer and the nav lead to the content pages', async () => {
    visitRoute('/faq', { '/pages/manage/faqs/': { body: [] } });
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
