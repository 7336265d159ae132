import { describe, expect, it } from 'vitest';
import {
  faqSchema,
  htmlHasContent,
  locationSchema,
  postSchema,
  socialSchema,
  toLocationBody,
  toPostBody,
} from './schemas';

const post = {
  title: 'Oiling a board',
  slug: '',
  excerpt: '',
  content: '<p>Once a month.</p>',
  status: 'draft' as const,
  published_at: '',
};

describe('the post form', () => {
  it('asks the server for a slug when it is left empty, and sends no publish date when none is set', () => {
    const values = postSchema.parse(post);
    expect(toPostBody(values)).toMatchObject({ slug: null, published_at: null, status: 'draft' });
  });

  it('refuses a slug with capitals or spaces and a blank title', () => {
    const result = postSchema.safeParse({ ...post, title: '  ', slug: 'Winter Oiling' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['title', 'slug']));
  });

  it('sends the publish date typed in local time as an instant', () => {
    const values = postSchema.parse({ ...post, published_at: '2027-03-01T09:00' });
    expect(toPostBody(values).published_at).toBe(new Date('2027-03-01T09:00').toISOString());
  });
});

describe('the FAQ form', () => {
  it("refuses an answer that shows nothing, as the editor's empty paragraph", () => {
    expect(htmlHasContent('<p></p>')).toBe(false);
    expect(htmlHasContent('<p>&nbsp;</p>')).toBe(false);
    expect(htmlHasContent('<p><img src="/a.webp" alt=""></p>')).toBe(true);
    const result = faqSchema.safeParse({ question: 'Do you engrave?', answer: '<p> </p>' });
    expect(result.error?.issues[0]?.message).toBe('Write the answer.');
  });
});

describe('the contact forms', () => {
  const location = {
    name: 'Market stall',
    is_hq: false,
    address: 'Castle Market',
    phone_number: '',
    map_location_url: '',
    map_embed_link: '',
  };

  it('sends blank optional fields as null', () => {
    expect(toLocationBody(locationSchema.parse(location))).toEqual({
      ...location,
      phone_number: null,
      map_location_url: null,
      map_embed_link: null,
    });
  });

  it('takes https links only, and embeds only from OpenStreetMap', () => {
    const bad = locationSchema.safeParse({
      ...location,
      map_location_url: 'javascript:alert(1)',
      map_embed_link: 'https://maps.example.com/embed',
    });
    const messages = Object.fromEntries(
      bad.error!.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages.map_location_url).toBe('Enter an address starting with https://.');
    expect(messages.map_embed_link).toMatch(/www\.openstreetmap\.org/);
    expect(
      locationSchema.safeParse({
        ...location,
        map_embed_link: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
      }).success,
    ).toBe(true);
    expect(
      socialSchema.safeParse({ platform: 'instagram', link: 'http://instagram.com/a' }).success,
    ).toBe(false);
    expect(socialSchema.safeParse({ platform: 'myspace', link: 'https://a.example' }).success).toBe(
      false,
    );
  });
});
