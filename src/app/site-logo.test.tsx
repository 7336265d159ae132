import { fireEvent, screen } from '@testing-library/react';
import { renderWithRouter, createTestQueryClient } from '../test/render-with-router';
import { SiteLogo, SiteLogoView } from './site-logo';

describe('SiteLogoView (spec section 2: header logo)', () => {
  it('shows a grey placeholder while loading', async () => {
    await renderWithRouter(<SiteLogoView state={{ status: 'pending' }} />);
    expect(screen.getByTestId('logo-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('shows the logo image with the site title as its alt text', async () => {
    await renderWithRouter(
      <SiteLogoView
        state={{
          status: 'success',
          title: 'Ember & Oak Workshop',
          logo: '/api/media/demo/logo.webp',
        }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Ember & Oak Workshop' });
    expect(image).toHaveAttribute('src', '/api/media/demo/logo.webp');
    expect(image.closest('a')).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('logo-placeholder')).toBeNull();
  });

  it('shows the site title when there is no logo', async () => {
    await renderWithRouter(
      <SiteLogoView state={{ status: 'success', title: 'Ember & Oak Workshop', logo: null }} />,
    );
    expect(screen.getByRole('link', { name: 'Ember & Oak Workshop' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('falls back to the title when the logo image fails to load', async () => {
    await renderWithRouter(
      <SiteLogoView state={{ status: 'success', title: 'Ember & Oak', logo: '/broken.png' }} />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Ember & Oak' }));
    expect(screen.getByRole('link', { name: 'Ember & Oak' })).toHaveTextContent('Ember & Oak');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows a dash on error', async () => {
    await renderWithRouter(<SiteLogoView state={{ status: 'error' }} />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveTextContent(/^-$/);
    expect(screen.getByText('Failed to load site details.')).toBeInTheDocument();
  });
});

describe('SiteLogo', () => {
  it('reads the title from the site settings', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], {
      site_title: 'Riverside Pottery Studio',
      logo: null,
    });
    await renderWithRouter(<SiteLogo />, { queryClient });
    expect(screen.getByRole('link', { name: 'Riverside Pottery Studio' })).toBeInTheDocument();
  });
});
