import { contactViewOf, platformOf } from './contact-info';

const HQ = {
  id: 1,
  name: 'The Forge',
  is_hq: true,
  address: '12 Forge Lane, Sheffield S1 2AB',
  phone_number: '+44 114 496 0000',
  map_embed_link: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
  map_location_url: 'https://www.openstreetmap.org/?mlat=53.38&mlon=-1.47',
  image: '/api/media/demo/contact/forge.webp',
};
const SHOWROOM = {
  id: 2,
  name: 'Harbour Showroom',
  is_hq: false,
  address: '3 Quay Street',
  phone_number: null,
  map_embed_link: null,
  map_location_url: null,
  image: null,
};

describe('contactViewOf', () => {
  it('keeps every well-formed entry, the HQ first, with tel: and map links', () => {
    const view = contactViewOf({
      branch_locations: [SHOWROOM, HQ],
      contact_emails: [{ id: 1, purpose: 'Orders', email_address: 'hello@emberandoak.example' }],
      social_media_profiles: [
        {
          id: 1,
          platform: 'instagram',
          platform_display: 'Instagram',
          link: 'https://instagram.com/e',
        },
      ],
    });
    expect(view.empty).toBe(false);
    expect(view.incomplete).toBe(false);
    expect(view.locations.map((l) => l.name)).toEqual(['The Forge', 'Harbour Showroom']);
    expect(view.locations[0]).toMatchObject({
      isHq: true,
      phone: { display: '+44 114 496 0000', href: 'tel:+441144960000' },
      mapUrl: HQ.map_location_url,
      embedUrl: HQ.map_embed_link,
      image: HQ.image,
    });
    expect(view.locations[1]).toMatchObject({
      phone: null,
      mapUrl: null,
      embedUrl: null,
      image: null,
    });
    expect(view.emails).toEqual([
      { id: 1, purpose: 'Orders', address: 'hello@emberandoak.example' },
    ]);
    expect(view.socials).toEqual([
      { id: 1, platform: 'instagram', label: 'Instagram', href: 'https://instagram.com/e' },
    ]);
  });

  it('does not embed a map from a host the CSP does not allow, and keeps the location', () => {
    const view = contactViewOf({
      branch_locations: [{ ...HQ, map_embed_link: 'https://maps.example/embed?q=x' }],
      contact_emails: [],
      social_media_profiles: [],
    });
    expect(view.locations[0]?.embedUrl).toBeNull();
    expect(view.locations[0]?.mapUrl).toBe(HQ.map_location_url);
    expect(view.incomplete).toBe(false);
  });

  it('drops javascript: links and malformed e-mails and says the view is incomplete', () => {
    const view = contactViewOf({
      branch_locations: [
        { ...HQ, map_location_url: 'javascript:alert(1)' },
        { id: 3, name: ' ' },
      ],
      contact_emails: [
        { id: 1, purpose: 'Sales', email_address: 'not-an-address' },
        { id: 2, purpose: 'Press', email_address: 'a@b.example?body=x' },
      ],
      social_media_profiles: [
        { id: 1, platform: 'facebook', platform_display: 'Facebook', link: 'javascript:alert(1)' },
      ],
    });
    expect(view.incomplete).toBe(true);
    expect(view.locations).toHaveLength(1);
    expect(view.locations[0]?.mapUrl).toBeNull();
    expect(view.emails).toEqual([]);
    expect(view.socials).toEqual([]);
  });

  it('marks a missing or malformed list as incomplete, and accepts a {results} page', () => {
    const view = contactViewOf({
      branch_locations: { results: [HQ] },
      contact_emails: 'oops',
    });
    expect(view.locations).toHaveLength(1);
    expect(view.incomplete).toBe(true);
  });

  it('is empty for an answer with nothing in it, or no answer at all', () => {
    expect(
      contactViewOf({ branch_locations: [], contact_emails: [], social_media_profiles: [] }),
    ).toMatchObject({ empty: true, incomplete: false });
    expect(contactViewOf(null)).toMatchObject({ empty: true, incomplete: false });
    expect(contactViewOf('<html>')).toMatchObject({ empty: true });
  });

  it('gives a phone number without digits no tel: link', () => {
    const view = contactViewOf({ branch_locations: [{ ...HQ, phone_number: 'ask at the desk' }] });
    expect(view.locations[0]?.phone).toEqual({ display: 'ask at the desk', href: null });
  });
});

describe('platformOf (icons for the five platforms of spec section 2)', () => {
  it.each([
    [{ platform: 'facebook' }, 'facebook'],
    [{ platform_display: 'Instagram' }, 'instagram'],
    [{ platform: 'linkedin', platform_display: 'LinkedIn' }, 'linkedin'],
    [{ platform: 'twitter', platform_display: 'Twitter (X)' }, 'twitter'],
    [{ platform_display: 'X' }, 'twitter'],
    [{ platform: 'youtube', platform_display: 'YouTube' }, 'youtube'],
    [{ link: 'https://x.com/emberandoak' }, 'twitter'],
    [{ link: 'https://www.youtube.com/@emberandoak' }, 'youtube'],
    [{ link: 'https://uk.linkedin.com/company/e' }, 'linkedin'],
  ] as const)('%o is %s', (profile, platform) => {
    expect(platformOf(profile)).toBe(platform);
  });

  it('is null for any other platform', () => {
    expect(platformOf({ platform: 'pinterest', link: 'https://pinterest.com/e' })).toBeNull();
    expect(platformOf({ link: 'https://mastodon.social/@e' })).toBeNull();
  });
});
