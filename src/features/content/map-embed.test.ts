import { embeddableMapUrl, MAP_EMBED_HOSTS, safeExternalUrl, safeImageUrl } from './map-embed';

describe('embeddableMapUrl (only hosts the CSP frame-src allows)', () => {
  it('accepts an https OpenStreetMap embed', () => {
    const url =
      'https://www.openstreetmap.org/export/embed.html?bbox=-1.48,53.37,-1.46,53.39&layer=mapnik&marker=53.38,-1.47';
    expect(embeddableMapUrl(url)).toBe(url);
    expect(MAP_EMBED_HOSTS).toEqual(['www.openstreetmap.org']);
  });

  it.each([
    ['another host', 'https://maps.google.com/maps?q=x&output=embed'],
    ['a look-alike host', 'https://www.openstreetmap.org.evil.example/export/embed.html'],
    ['plain http', 'http://www.openstreetmap.org/export/embed.html'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['credentials in the URL', 'https://user:pw@www.openstreetmap.org/export/embed.html'],
    ['another port', 'https://www.openstreetmap.org:8443/export/embed.html'],
    ['not a URL', 'openstreetmap'],
    ['blank', '  '],
  ])('refuses %s', (_, url) => {
    expect(embeddableMapUrl(url)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(embeddableMapUrl(null)).toBeNull();
    expect(embeddableMapUrl(undefined)).toBeNull();
  });
});

describe('safeExternalUrl and safeImageUrl', () => {
  it('keep http(s) links and drop script or data URLs', () => {
    expect(safeExternalUrl(' https://instagram.com/emberandoak ')).toBe(
      'https://instagram.com/emberandoak',
    );
    expect(safeExternalUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
  });

  it('allow site paths and http(s) images, not protocol-relative or script URLs', () => {
    expect(safeImageUrl('/api/media/demo/contact/forge.webp')).toBe(
      '/api/media/demo/contact/forge.webp',
    );
    expect(safeImageUrl('https://cdn.example/forge.webp')).toBe('https://cdn.example/forge.webp');
    expect(safeImageUrl('//evil.example/x.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });
});
