import { screen, within } from '@testing-library/react';
import { createTestQueryClient, renderWithRouter } from '../test/render-with-router';
import { SiteFooter, copyrightLine } from './site-footer';

describe('SiteFooter (spec section 2: footer)', () => {
  async function renderFooter(settings: Record<string, unknown>) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], settings);
    return renderWithRouter(<SiteFooter now={new Date('2031-06-01T12:00:00Z')} />, { queryClient });
  }

  it('links the refund policy, privacy policy, accessibility statement and FAQ', async () => {
    await renderFooter({ site_title: 'Ember & Oak Workshop' });
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund-policy',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  });

  it('shows the copyright with the current year and the site title', async () => {
    await renderFooter({ site_title: 'Ember & Oak Workshop' });
    expect(screen.getByText('© 2031 Ember & Oak Workshop')).toBeInTheDocument();
    expect(copyrightLine(2031, '')).toBe('© 2031');
  });

  it("has a 'Get In Touch' block with the contact e-mail and the social links", async () => {
    await renderFooter({
      site_title: 'Ember & Oak Workshop',
      contact_email: 'hello@emberoak.example',
      social_media_links: { instagram: 'https://instagram.com/emberoak' },
    });
    const block = screen.getByRole('region', { name: 'Get In Touch' });
    expect(within(block).getByRole('link', { name: 'hello@emberoak.example' })).toHaveAttribute(
      'href',
      'mailto:hello@emberoak.example',
    );
    expect(within(block).getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      'https://instagram.com/emberoak',
    );
  });
});
