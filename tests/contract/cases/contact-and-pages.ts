/**
 * The contact page and the content pages (contract: getContactInfo, createContactMessage,
 * listFaqs, listDocuments; spec section 2, /contact and Other pages): each shop's contact
 * details, contact messages up to the per-address limit (a refused message does not count; the
 * limit's 429 with Retry-After; the other shop keeps its own count), the FAQs, and the refund
 * and privacy policies.
 */
import {
  fieldError,
  make,
  tenantErrors,
  demoTenant,
  potteryTenant,
  type Case,
  type Via,
} from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { CONTACT_MAX } from '../servers';

/** Contact, FAQs and legal documents, as a shopper meets them. */
export function contactAndPagesCases(): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  const message = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_number: '+44 20 7946 0958',
    subject: 'Custom engraving',
    message: 'Could you engrave initials on the gyuto?',
  };
  const contact = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    make(
      `createContactMessage ${name}`,
      'createContactMessage',
      'POST',
      '/contact/messages/',
      demo,
      status,
      { body, ...rest },
    );

  return [
    // Contact, FAQs, legal documents.
    make('getContactInfo', 'getContactInfo', 'GET', '/contact/info/', demo, 200, {
      check: (b) => {
        if (
          !isObject(b) ||
          !Array.isArray(b.branch_locations) ||
          !Array.isArray(b.social_media_profiles)
        )
          return 'no lists';
        const hq = b.branch_locations.find((l) => isObject(l) && l.is_hq === true);
        if (
          !isObject(hq) ||
          !str(hq.map_embed_link).startsWith('https://www.openstreetmap.org/export/embed.html') ||
          !str(hq.image)
        )
          return `unexpected HQ ${JSON.stringify(hq)}`;
        return b.branch_locations.length === 2 &&
          b.social_media_profiles.length === 5 &&
          Array.isArray(b.contact_emails) &&
          b.contact_emails.length === 3
          ? null
          : 'expected 2 locations, 3 e-mails and 5 social profiles';
      },
    }),
    make(
      'getContactInfo for the second tenant (isolation)',
      'getContactInfo',
      'GET',
      '/contact/info/',
      pottery,
      200,
      {
        check: (b) =>
          JSON.stringify(b).includes('emberandoak')
            ? 'the pottery sees the demo shop’s contacts'
            : null,
      },
    ),
    ...tenantErrors('getContactInfo', 'GET', '/contact/info/'),
    contact('(1 of the limit)', message, 201, {
      check: (b) =>
        isObject(b) && typeof b.id === 'number' && b.subject === message.subject
          ? null
          : `unexpected receipt ${JSON.stringify(b)}`,
    }),
    contact('with a blank name (not counted)', { ...message, name: '   ' }, 400, {
      check: fieldError('name', 'This field may not be blank.'),
    }),
    {
      ...contact('with an invalid e-mail (bad body)', { ...message, email: 'not-an-email' }, 400),
      via: 'lenient' as Via,
      check: fieldError('email', 'Enter a valid email address.'),
    },
    ...Array.from({ length: CONTACT_MAX - 1 }, (_, i) =>
      contact(`(${i + 2} of the limit)`, message, 201),
    ),
    contact('past the limit', message, 429, {
      check: (b, headers) =>
        Number(headers.get('retry-after')) > 0 &&
        isObject(b) &&
        /^Request was throttled\. Expected available in \d+ seconds\.$/.test(str(b.detail))
          ? null
          : `unexpected throttle answer ${JSON.stringify(b)} (Retry-After ${headers.get('retry-after')})`,
    }),
    make(
      'createContactMessage at the other shop (its own count)',
      'createContactMessage',
      'POST',
      '/contact/messages/',
      pottery,
      201,
      { body: message },
    ),
    ...tenantErrors('createContactMessage', 'POST', '/contact/messages/', undefined, message),
    make('listFaqs', 'listFaqs', 'GET', '/pages/manage/faqs/', demo, 200, {
      check: (b) =>
        results(b).length >= 8 && results(b).every((f) => str(f.answer).startsWith('<'))
          ? null
          : `expected 8 FAQs with HTML answers, got ${results(b).length}`,
    }),
    ...tenantErrors('listFaqs', 'GET', '/pages/manage/faqs/'),
    ...(
      ['refund_policy', 'privacy_policy', 'review_policy', 'accessibility_statement'] as const
    ).map((type) =>
      make(
        `listDocuments document_type=${type}`,
        'listDocuments',
        'GET',
        '/pages/manage/documents/',
        demo,
        200,
        {
          query: { document_type: type },
          check: (b) =>
            results(b).length === 1 &&
            results(b)[0]!.document_type === type &&
            str(results(b)[0]!.content)
              ? null
              : `expected one ${type}`,
        },
      ),
    ),
    make(
      'listDocuments (all four)',
      'listDocuments',
      'GET',
      '/pages/manage/documents/',
      demo,
      200,
      {
        check: (b) =>
          results(b).length === 4 ? null : `expected 4 documents, got ${results(b).length}`,
      },
    ),
    {
      ...make(
        'listDocuments document_type=terms (bad query)',
        'listDocuments',
        'GET',
        '/pages/manage/documents/',
        demo,
        400,
        { query: { document_type: 'terms' } },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listDocuments', 'GET', '/pages/manage/documents/'),
  ];
}
