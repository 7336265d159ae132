/**
 * Content handlers (spec sections 2, 3, 7 and 8): the contact page's information and
 * message form, the FAQs and the legal documents. Every query filters by the request's tenant.
 *
 * HTML fields (FAQ answers, document contents) are served as stored; the SPA sanitizes them in
 * its one HTML component. Contact messages are plain text, stored trimmed, and throttled per
 * client address in the database (CONTACT_MAX_PER_ADDRESS per hour; plugins/contact-throttle.ts).
 */
import { ThrottledError } from '../../accounts/throttle.ts';
import { toBool, toIsoString } from '../../platform/db/mapping.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { HttpError } from '../http-error.ts';
import type { FieldErrors } from '../../platform/domain-error.ts';
import { throttled } from '../../accounts/throttle.ts';
import type { Schemas } from '../../../common/storefront-contract.ts';
import type { OperationHandler } from '../contract-types.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../../platform/field-messages.ts';

/** Messages of this module (DRF's wording where the spec names none). */
export const CONTENT_MESSAGES = {
  blank: BLANK_MESSAGE,
} as const;

/**
 * GET /contact/info/ -> ContactInfo `{branch_locations, contact_emails, social_media_profiles}`:
 * locations with the headquarters first, then each list in the shop's order. Lists are empty
 * for a shop that has none (the storefront then shows 'Contact information is currently
 * unavailable.').
 */
export const getContactInfo: OperationHandler<'getContactInfo'> = async (request) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const [locations, emails, profiles] = await Promise.all([
    db
      .selectFrom('contact_locations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('is_hq', 'desc')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('contact_emails')
      .select(['id', 'purpose', 'email_address'])
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('social_profiles')
      .select(['id', 'platform', 'platform_display', 'link'])
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return {
    branch_locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      is_hq: toBool(l.is_hq),
      address: l.address,
      phone_number: l.phone_number,
      map_embed_link: l.map_embed_link,
      map_location_url: l.map_location_url,
      image: l.image_path,
    })),
    contact_emails: emails,
    social_media_profiles: profiles,
  };
};

type ContactMessage = Schemas['ContactMessage'];
const REQUIRED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The message with every field trimmed (an empty phone number becomes null), or 400 field
 * errors: 'This field may not be blank.' for a required field that is blank after trimming,
 * 'Null characters are not allowed.' for a NUL character in any field.
 */
function cleanMessage(body: ContactMessage) {
  const errors: FieldErrors = {};
  const clean = {} as Record<(typeof REQUIRED_FIELDS)[number], string>;
  for (const field of REQUIRED_FIELDS) {
    const value = body[field];
    if (hasNul(value)) errors[field] = [NUL_MESSAGE];
    else if (value.trim() === '') errors[field] = [CONTENT_MESSAGES.blank];
    clean[field] = value.trim();
  }
  const phone = body.phone_number ?? '';
  if (hasNul(phone)) errors.phone_number = [NUL_MESSAGE];
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  return { ...clean, phone_number: phone.trim() || null };
}

/**
 * POST /contact/messages/ `{name, email, phone_number?, subject, message}` -> 201
 * ContactMessageReceipt: the stored message (trimmed) with its id and created_at; the phone
 * number is left out when none was given. Lengths and the e-mail format are the contract's,
 * checked before this runs.
 * Errors: 400 field errors (see cleanMessage; nothing is stored or counted); 429
 * `{"detail":"Request was throttled. Expected available in N seconds."}` with Retry-After once
 * the client address has sent CONTACT_MAX_PER_ADDRESS messages to this shop within the hour.
 */
export const createContactMessage: OperationHandler<'createContactMessage'> = async (
  request,
  reply,
) => {
  const message = cleanMessage(request.body);
  const tenantId = request.tenant.id;
  try {
    await request.server.contactThrottle.consume(tenantId, request.ip);
  } catch (error) {
    if (error instanceof ThrottledError) return throttled(reply, error);
    throw error;
  }
  const createdAt = new Date().toISOString();
  const { id } = await request.server.db
    .insertInto('contact_messages')
    .values({
      tenant_id: tenantId,
      ...message,
      client_address: request.ip.slice(0, 64),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  reply.code(201);
  const { phone_number: phone, ...rest } = message;
  return { id, ...rest, ...(phone === null ? {} : { phone_number: phone }), created_at: createdAt };
};

/** GET /pages/manage/faqs/ -> the shop's FAQs `[{id, question, answer (HTML), order}]` in order. */
export const listFaqs: OperationHandler<'listFaqs'> = async (request) => {
  const rows = await request.server.db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer', 'position'])
    .where('tenant_id', '=', request.tenant.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, order: r.position }));
};

/**
 * GET /pages/manage/documents/?document_type= -> the shop's legal documents
 * `[{id, document_type, title, content (HTML), updated_at}]`, of the given type when one is named
 * (refund_policy or privacy_policy: any other value is a 400 from the contract). A shop has at
 * most one document of each type, so the storefront's "first item" is the one.
 */
export const listDocuments: OperationHandler<'listDocuments'> = async (request) => {
  let query = request.server.db
    .selectFrom('legal_documents')
    .select(['id', 'document_type', 'title', 'content', 'updated_at'])
    .where('tenant_id', '=', request.tenant.id);
  const type = request.query.document_type;
  if (type) query = query.where('document_type', '=', type);
  const rows = await query.orderBy('document_type').orderBy('id').execute();
  return rows.map((r) => ({ ...r, updated_at: toIsoString(r.updated_at) }));
};
