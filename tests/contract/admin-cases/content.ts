/**
 * The shop's content (admin contract, tag content: blog posts, the FAQ, the policies, the
 * company page and its core values, the contact page's locations, e-mail addresses and social
 * profiles), as the seeded staff member edits it (content is theirs as well as the owner's):
 * - a draft written (its slug made from the title), another with a slug the first has (400),
 *   the drafts listed, one read, published (shown now), refused deletion once published (409),
 *   a second draft deleted, an unknown post (404);
 * - the FAQ read, a question added (its answer sanitized), changed, moved first, a reorder that
 *   misses a question (400), deleted, and deleted again (404);
 * - the refund policy read and saved (sanitized), a policy that is not one (400);
 * - the company page read and its tagline changed; a core value added, changed, moved, deleted;
 * - the contact information read; a location added (an embed from another map host refused),
 *   changed, moved and deleted; the same for an e-mail address and a social profile (a link
 *   that is not https refused).
 */
import { detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

/** Ids this run's cases made, read by the cases after them. */
interface ContentState {
  post: number;
  slug: string;
  draft: number;
  faq: number;
  faqs: number[];
  value: number;
  values: number[];
  location: number;
  locations: number[];
  email: number;
  emails: number[];
  profile: number;
  profiles: number[];
}

const idOf = (b: Json) => (isObject(b) ? Number(b.id) : 0);
const idsOf = (b: Json) => (Array.isArray(b) ? b.map((item) => idOf(item)) : []);

/** A check that `field` of the answer is `value`. */
function fieldIs(field: string, value: Json) {
  return (b: Json) =>
    isObject(b) && JSON.stringify(b[field]) === JSON.stringify(value)
      ? null
      : `expected ${field} ${JSON.stringify(value)}, got ${JSON.stringify(b).slice(0, 300)}`;
}

/** A check that a list answer's ids are `ids()` in that order. */
function orderIs(ids: () => number[]) {
  return (b: Json) =>
    JSON.stringify(idsOf(b)) === JSON.stringify(ids())
      ? null
      : `expected the order ${JSON.stringify(ids())}, got ${JSON.stringify(idsOf(b))}`;
}

/** The content cases. */
export function contentCases(a: AdminSetup): Case[] {
  const { asStaff } = members(a);
  const s: ContentState = {
    post: 0,
    slug: '',
    draft: 0,
    faq: 0,
    faqs: [],
    value: 0,
    values: [],
    location: 0,
    locations: [],
    email: 0,
    emails: [],
    profile: 0,
    profiles: [],
  };
  const title = `Oiling a board ${a.stamp}`;
  const staff = (
    name: string,
    operationId: string,
    method: string,
    path: string | (() => string),
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asStaff(
      adminCase(name, operationId, method, typeof path === 'string' ? path : '/', status, {
        ...(typeof path === 'string' ? {} : { prepare: () => ({ path: path() }) }),
        ...rest,
      }),
    );

  /** Add, change, move first, delete and delete again one item of an ordered list. */
  const orderedList = (
    noun: string,
    ops: { create: string; update: string; remove: string; reorder: string },
    base: string,
    body: Json,
    change: Json,
    key: 'value' | 'location' | 'email' | 'profile',
    listKey: 'values' | 'locations' | 'emails' | 'profiles',
    readAll: (b: Json) => number[],
  ): Case[] => [
    staff(`${ops.create} adds ${noun} at the end`, ops.create, 'POST', `${base}`, 201, {
      body,
      remember: (b) => {
        s[key] = idOf(b);
      },
    }),
    staff(`${ops.update} changes ${noun}`, ops.update, 'PATCH', () => `${base}${s[key]}/`, 200, {
      body: change,
      check: (b) => {
        const field = Object.keys(change as object)[0]!;
        return fieldIs(field, (change as Record<string, Json>)[field]!)(b);
      },
    }),
    staff(
      `getContactDetails reads the list of ${noun}`,
      'getContactDetails',
      'GET',
      '/contact-info/',
      200,
      {
        remember: (b) => {
          s[listKey] = readAll(b);
        },
      },
    ),
    staff(`${ops.reorder} moves ${noun} first`, ops.reorder, 'PUT', `${base}order/`, 200, {
      prepare: () => ({
        body: { ids: [s[key], ...s[listKey].filter((id) => id !== s[key])] },
      }),
      check: orderIs(() => [s[key], ...s[listKey].filter((id) => id !== s[key])]),
    }),
    staff(`${ops.remove} deletes ${noun}`, ops.remove, 'DELETE', () => `${base}${s[key]}/`, 204),
    staff(
      `${ops.remove} of ${noun} already gone: 404`,
      ops.remove,
      'DELETE',
      () => `${base}${s[key]}/`,
      404,
      {
        check: detailIs(NOT_FOUND),
      },
    ),
  ];

  const contactList = (field: 'locations' | 'emails' | 'social_profiles') => (b: Json) =>
    isObject(b) && Array.isArray(b[field]) ? idsOf(b[field]) : [];

  return [
    // ---- Blog posts ----
    staff(
      'createBlogPost writes a draft, its slug made from the title',
      'createBlogPost',
      'POST',
      '/blog-posts/',
      201,
      {
        body: {
          title,
          excerpt: 'Once a month.',
          content: '<p onclick="x()">Once a month.</p><script>x()</script>',
        },
        check: (b) =>
          isObject(b) &&
          b.status === 'draft' &&
          b.is_visible === false &&
          str(b.content) === '<p>Once a month.</p>' &&
          str(b.slug).startsWith('oiling-a-board-')
            ? null
            : `expected a sanitized draft, got ${JSON.stringify(b).slice(0, 300)}`,
        remember: (b) => {
          s.post = idOf(b);
          s.slug = isObject(b) ? str(b.slug) : '';
        },
      },
    ),
    staff(
      'createBlogPost with a slug another post has: 400',
      'createBlogPost',
      'POST',
      '/blog-posts/',
      400,
      {
        prepare: () => ({ body: { title: 'Again', slug: s.slug } }),
        check: fieldError('slug', 'Another post already has this slug.'),
      },
    ),
    staff(
      'listBlogPosts of drafts holds the new one',
      'listBlogPosts',
      'GET',
      '/blog-posts/',
      200,
      {
        query: { status: 'draft' },
        check: (b) => {
          const list = results(b);
          if (list.some((p) => p.status !== 'draft')) return 'a post that is not a draft';
          return list.some((p) => Number(p.id) === s.post) ? null : `post ${s.post} missing`;
        },
      },
    ),
    staff(
      'getBlogPost reads the draft',
      'getBlogPost',
      'GET',
      () => `/blog-posts/${s.post}/`,
      200,
      {
        check: fieldIs('title', title),
      },
    ),
    staff(
      'updateBlogPost publishes it now',
      'updateBlogPost',
      'PATCH',
      () => `/blog-posts/${s.post}/`,
      200,
      {
        body: { status: 'published' },
        check: fieldIs('is_visible', true),
      },
    ),
    staff(
      'deleteBlogPost of a published post: 409',
      'deleteBlogPost',
      'DELETE',
      () => `/blog-posts/${s.post}/`,
      409,
      {
        check: detailIs('Only a draft can be deleted; archive a published post instead.'),
      },
    ),
    staff('createBlogPost writes a second draft', 'createBlogPost', 'POST', '/blog-posts/', 201, {
      body: { title: `A draft to delete ${a.stamp}` },
      remember: (b) => {
        s.draft = idOf(b);
      },
    }),
    staff(
      'deleteBlogPost deletes a draft',
      'deleteBlogPost',
      'DELETE',
      () => `/blog-posts/${s.draft}/`,
      204,
    ),
    staff(
      'getBlogPost of a post that is gone: 404',
      'getBlogPost',
      'GET',
      () => `/blog-posts/${s.draft}/`,
      404,
      {
        check: detailIs(NOT_FOUND),
      },
    ),

    // ---- FAQ ----
    staff('listFaqs reads the FAQ in order', 'listFaqs', 'GET', '/faqs/', 200, {
      remember: (b) => {
        s.faqs = idsOf(b);
      },
    }),
    staff('createFaq adds a question, its answer sanitized', 'createFaq', 'POST', '/faqs/', 201, {
      body: {
        question: 'Do you engrave?',
        answer: '<p>Yes.<iframe src="https://evil.example"></iframe></p>',
      },
      check: fieldIs('answer', '<p>Yes.</p>'),
      remember: (b) => {
        s.faq = idOf(b);
      },
    }),
    staff('updateFaq changes the question', 'updateFaq', 'PATCH', () => `/faqs/${s.faq}/`, 200, {
      body: { question: 'Do you engrave names?' },
      check: fieldIs('question', 'Do you engrave names?'),
    }),
    staff('reorderFaqs puts the new question first', 'reorderFaqs', 'PUT', '/faqs/order/', 200, {
      prepare: () => ({ body: { ids: [s.faq, ...s.faqs] } }),
      check: orderIs(() => [s.faq, ...s.faqs]),
    }),
    staff('reorderFaqs without every question: 400', 'reorderFaqs', 'PUT', '/faqs/order/', 400, {
      prepare: () => ({ body: { ids: [s.faq] } }),
      check: fieldError('ids', "Send every item's id exactly once."),
    }),
    staff('deleteFaq deletes the question', 'deleteFaq', 'DELETE', () => `/faqs/${s.faq}/`, 204),
    staff(
      'deleteFaq of a question already gone: 404',
      'deleteFaq',
      'DELETE',
      () => `/faqs/${s.faq}/`,
      404,
      {
        check: detailIs(NOT_FOUND),
      },
    ),

    // ---- Policies ----
    staff(
      'getPolicy reads the refund policy',
      'getPolicy',
      'GET',
      '/policies/refund_policy/',
      200,
      {
        check: fieldIs('document_type', 'refund_policy'),
      },
    ),
    staff(
      'updatePolicy saves the refund policy sanitized',
      'updatePolicy',
      'PUT',
      '/policies/refund_policy/',
      200,
      {
        body: {
          title: 'Refund policy',
          content: '<h2>30 days</h2><p style="color:red">Return any piece.</p>',
        },
        check: fieldIs('content', '<h2>30 days</h2><p>Return any piece.</p>'),
      },
    ),
    staff(
      'getPolicy of a document that is not a policy: 400',
      'getPolicy',
      'GET',
      '/policies/terms/',
      400,
      {
        via: 'lenient',
      },
    ),

    // ---- Company page ----
    staff('getCompanyPage reads the company page', 'getCompanyPage', 'GET', '/company/', 200, {
      remember: (b) => {
        s.values = isObject(b) && Array.isArray(b.core_values) ? idsOf(b.core_values) : [];
      },
    }),
    staff('updateCompanyPage changes the tagline', 'updateCompanyPage', 'PATCH', '/company/', 200, {
      body: { tagline: 'Knives and boards made by hand in Sheffield' },
      check: fieldIs('tagline', 'Knives and boards made by hand in Sheffield'),
    }),
    staff('createCoreValue adds a value', 'createCoreValue', 'POST', '/company/core-values/', 201, {
      body: { name: 'Repair', description: 'We mend what we made.' },
      remember: (b) => {
        s.value = idOf(b);
      },
    }),
    staff(
      'updateCoreValue changes it',
      'updateCoreValue',
      'PATCH',
      () => `/company/core-values/${s.value}/`,
      200,
      {
        body: { name: 'Repair and care' },
        check: fieldIs('name', 'Repair and care'),
      },
    ),
    staff(
      'reorderCoreValues puts it first',
      'reorderCoreValues',
      'PUT',
      '/company/core-values/order/',
      200,
      {
        prepare: () => ({ body: { ids: [s.value, ...s.values] } }),
        check: orderIs(() => [s.value, ...s.values]),
      },
    ),
    staff(
      'deleteCoreValue deletes it',
      'deleteCoreValue',
      'DELETE',
      () => `/company/core-values/${s.value}/`,
      204,
    ),

    // ---- Contact information ----
    staff(
      'getContactDetails reads the contact information',
      'getContactDetails',
      'GET',
      '/contact-info/',
      200,
    ),
    staff(
      'createContactLocation with an embed from another map host: 400',
      'createContactLocation',
      'POST',
      '/contact-info/locations/',
      400,
      {
        body: {
          name: 'Stall',
          address: 'Castle Market',
          map_embed_link: 'https://maps.example.com/embed',
        },
      },
    ),
    ...orderedList(
      'a location',
      {
        create: 'createContactLocation',
        update: 'updateContactLocation',
        remove: 'deleteContactLocation',
        reorder: 'reorderContactLocations',
      },
      '/contact-info/locations/',
      {
        name: 'Market stall',
        address: 'Stall 14\nCastle Market',
        map_embed_link:
          'https://www.openstreetmap.org/export/embed.html?bbox=-1.47%2C53.38%2C-1.46%2C53.39&layer=mapnik',
      },
      { phone_number: '+44 114 496 0001' },
      'location',
      'locations',
      contactList('locations'),
    ),
    ...orderedList(
      'an e-mail address',
      {
        create: 'createContactEmail',
        update: 'updateContactEmail',
        remove: 'deleteContactEmail',
        reorder: 'reorderContactEmails',
      },
      '/contact-info/emails/',
      { purpose: 'Commissions', email_address: 'commissions@emberandoak.example' },
      { purpose: 'Commissions and repairs' },
      'email',
      'emails',
      contactList('emails'),
    ),
    staff(
      'createSocialProfile with a link that is not https: 400',
      'createSocialProfile',
      'POST',
      '/contact-info/social-profiles/',
      400,
      {
        body: { platform: 'instagram', link: 'http://instagram.com/emberandoak' },
        check: fieldError('link', 'Enter an address starting with https://.'),
      },
    ),
    ...orderedList(
      'a social profile',
      {
        create: 'createSocialProfile',
        update: 'updateSocialProfile',
        remove: 'deleteSocialProfile',
        reorder: 'reorderSocialProfiles',
      },
      '/contact-info/social-profiles/',
      { platform: 'twitter', link: 'https://x.com/emberandoak' },
      { link: 'https://x.com/ember_and_oak' },
      'profile',
      'profiles',
      contactList('social_profiles'),
    ),
  ];
}
