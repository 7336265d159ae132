import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { ContactPage } from './contact-page';
import { ContactSkeleton } from './skeletons';
import { stubApi, type StubAnswer } from '../../test/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const EMBED =
  'https://www.openstreetmap.org/export/embed.html?bbox=-1.48%2C53.37%2C-1.46%2C53.39&layer=mapnik';
const HQ = {
  id: 1,
  name: 'The Forge',
  is_hq: true,
  address: '12 Forge Lane, Sheffield S1 2AB',
  phone_number: '+44 114 496 0000',
  map_embed_link: EMBED,
  map_location_url: 'https://www.openstreetmap.org/?mlat=53.38&mlon=-1.47',
  image: '/api/media/demo/contact/forge.webp',
};
const SHOWROOM = {
  id: 2,
  name: 'Harbour Showroom',
  is_hq: false,
  address: '3 Quay Street, Whitby',
  phone_number: null,
  map_embed_link: null,
  map_location_url: null,
  image: null,
};
const INFO = {
  branch_locations: [HQ, SHOWROOM],
  contact_emails: [
    { id: 1, purpose: 'Orders and commissions', email_address: 'hello@emberandoak.example' },
    { id: 2, purpose: 'Press', email_address: 'press@emberandoak.example' },
  ],
  social_media_profiles: [
    { id: 1, platform: 'facebook', platform_display: 'Facebook', link: 'https://facebook.com/e' },
    {
      id: 2,
      platform: 'instagram',
      platform_display: 'Instagram',
      link: 'https://instagram.com/e',
    },
    { id: 3, platform: 'linkedin', platform_display: 'LinkedIn', link: 'https://linkedin.com/e' },
    { id: 4, platform: 'twitter', platform_display: 'Twitter (X)', link: 'https://x.com/e' },
    { id: 5, platform: 'youtube', platform_display: 'YouTube', link: 'https://youtube.com/@e' },
  ],
};

async function renderContact(answer: StubAnswer | (() => StubAnswer)) {
  const calls = stubApi({ '/contact/info/': answer });
  const utils = await renderWithRouter(<ContactPage />, { path: '/contact' });
  return { calls, ...utils };
}

describe('ContactPage (spec sections 2 and 8)', () => {
  it('lists the locations with HQ marker, address, phone, map link, embedded map and image', async () => {
    await renderContact({ body: INFO });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const forge = await screen.findByRole('article', { name: /The Forge/ });
    expect(within(forge).getByText('HQ')).toHaveAttribute('title', 'Headquarters');
    expect(within(forge).getByText('12 Forge Lane, Sheffield S1 2AB')).toBeInTheDocument();
    expect(within(forge).getByRole('link', { name: '+44 114 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441144960000',
    );
    const mapLink = within(forge).getByRole('link', {
      name: 'View on map of The Forge (opens in a new tab)',
    });
    expect(mapLink).toHaveAttribute('href', HQ.map_location_url);
    expect(mapLink).toHaveAttribute('target', '_blank');
    expect(mapLink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(forge).getByTitle('Map of The Forge')).toHaveAttribute('src', EMBED);
    expect(within(forge).getByRole('img', { name: 'Photo of The Forge' })).toHaveAttribute(
      'src',
      HQ.image,
    );
  });

  it('sandboxes the embedded map so its scripts cannot lift the sandbox (no allow-same-origin)', async () => {
    await renderContact({ body: INFO });
    const forge = await screen.findByRole('article', { name: /The Forge/ });
    const sandbox = within(forge).getByTitle('Map of The Forge').getAttribute('sandbox') ?? '';
    expect(sandbox.split(/\s+/).sort()).toEqual([
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-scripts',
    ]);
  });

  it("says 'Location image unavailable' and 'Map currently unavailable.' where a location has neither", async () => {
    await renderContact({ body: INFO });
    const showroom = await screen.findByRole('article', { name: 'Harbour Showroom' });
    expect(within(showroom).queryByText('HQ')).toBeNull();
    expect(within(showroom).getByText('Location image unavailable')).toBeInTheDocument();
    expect(within(showroom).getByText('Map currently unavailable.')).toBeInTheDocument();
    expect(within(showroom).queryByRole('img')).toBeNull();
    expect(showroom.querySelector('iframe')).toBeNull();
  });

  it("says 'Location image unavailable' when the image fails to load", async () => {
    await renderContact({ body: INFO });
    const forge = await screen.findByRole('article', { name: /The Forge/ });
    fireEvent.error(within(forge).getByRole('img', { name: 'Photo of The Forge' }));
    expect(within(forge).getByText('Location image unavailable')).toBeInTheDocument();
  });

  it("does not embed a map from a host the CSP does not allow: 'Map currently unavailable.' and the link", async () => {
    await renderContact({
      body: {
        ...INFO,
        branch_locations: [{ ...HQ, map_embed_link: 'https://maps.example.com/embed?q=forge' }],
      },
    });
    const forge = await screen.findByRole('article', { name: /The Forge/ });
    expect(forge.querySelector('iframe')).toBeNull();
    expect(within(forge).getByRole('link', { name: /View on map/ })).toBeInTheDocument();
    expect(within(forge).getByText('Map currently unavailable.')).toBeInTheDocument();
  });

  it('lists the e-mails as mailto links with their purpose', async () => {
    await renderContact({ body: INFO });
    const emails = await screen.findByRole('region', { name: 'Email us' });
    expect(within(emails).getByText('Orders and commissions')).toBeInTheDocument();
    expect(within(emails).getByRole('link', { name: 'hello@emberandoak.example' })).toHaveAttribute(
      'href',
      'mailto:hello@emberandoak.example',
    );
    expect(within(emails).getByRole('link', { name: 'press@emberandoak.example' })).toHaveAttribute(
      'href',
      'mailto:press@emberandoak.example',
    );
  });

  it('links the five social profiles, each with its icon and an accessible name', async () => {
    await renderContact({ body: INFO });
    const socials = await screen.findByRole('region', { name: 'Follow us' });
    for (const [name, platform, href] of [
      ['Facebook', 'facebook', 'https://facebook.com/e'],
      ['Instagram', 'instagram', 'https://instagram.com/e'],
      ['LinkedIn', 'linkedin', 'https://linkedin.com/e'],
      ['Twitter (X)', 'twitter', 'https://x.com/e'],
      ['YouTube', 'youtube', 'https://youtube.com/@e'],
    ] as const) {
      const link = within(socials).getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('data-platform', platform);
      expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it("says 'Location details currently unavailable.' when there are no locations", async () => {
    await renderContact({ body: { ...INFO, branch_locations: [] } });
    expect(await screen.findByText('Location details currently unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Email us' })).toBeInTheDocument();
  });

  it("says 'Contact information is currently unavailable.' when there is nothing to show", async () => {
    await renderContact({
      body: { branch_locations: [], contact_emails: [], social_media_profiles: [] },
    });
    expect(
      await screen.findByText('Contact information is currently unavailable.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Visit us' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it("says 'Failed to load essential page data. Some content may be missing.' when entries had to be left out", async () => {
    await renderContact({
      body: {
        ...INFO,
        social_media_profiles: [
          {
            id: 9,
            platform: 'facebook',
            platform_display: 'Facebook',
            link: 'javascript:alert(1)',
          },
        ],
      },
    });
    expect(
      await screen.findByText('Failed to load essential page data. Some content may be missing.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(screen.getByRole('article', { name: /The Forge/ })).toBeInTheDocument();
  });

  it("says 'Failed to load contact information.' on a failed load, keeps the form, and retries", async () => {
    let attempt = 0;
    const { calls } = await renderContact(() =>
      ++attempt === 1 ? { status: 500, body: { detail: 'Database down.' } } : { body: INFO },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load contact information.');
    expect(screen.getByText('Contact information is currently unavailable.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /The Forge/ })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load contact information.')).toBeNull();
    expect(calls.filter((call) => call.path === '/contact/info/')).toHaveLength(2);
  });

  it('has a skeleton with the page heading while loading', async () => {
    await renderWithRouter(<ContactSkeleton />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading contact information…');
  });
});
