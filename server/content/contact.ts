/**
 * The contact page (spec sections 2, 3, 7 and 8): the shop's contact information, and messages
 * sent through its form. Every query filters by the shop. Contact messages are plain text,
 * stored trimmed, and counted per client address in the database (CONTACT_MAX_PER_ADDRESS an hour;
 * server/platform/credentials/throttle.ts AddressThrottle), so two API processes on one database
 * share the count.
 */
import type { Kysely } from 'kysely';
import type { AddressThrottle } from '../platform/credentials/throttle.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';
import { queuePushNotice } from '../staff/push-notifications.ts';

/** The window of the contact messages' count per client address: one hour. */
export const CONTACT_WINDOW_SECONDS = 60 * 60;

/** What a refused contact message says (DRF's wording). */
export const CONTACT_MESSAGES = {
  blank: BLANK_MESSAGE,
} as const;

/**
 * The shop's ContactInfo `{branch_locations, contact_emails, social_media_profiles}`:
 * locations with the headquarters first, then each list in the shop's order. Lists are empty
 * for a shop that has none (the storefront then shows 'Contact information is currently
 * unavailable.').
 */
export async function loadContactInfo(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['ContactInfo']> {
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
}

type ContactMessage = Schemas['ContactMessage'];
const REQUIRED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The message with every field trimmed (an empty phone number becomes null).
 * @throws DomainError `invalid_contact_message` (fields: 'This field may not be blank.' for a
 *   required field that is blank after trimming, 'Null characters are not allowed.' for a NUL
 *   character in any field).
 */
function cleanMessage(body: ContactMessage) {
  const errors: FieldErrors = {};
  const clean = {} as Record<(typeof REQUIRED_FIELDS)[number], string>;
  for (const field of REQUIRED_FIELDS) {
    const value = body[field];
    if (hasNul(value)) errors[field] = [NUL_MESSAGE];
    else if (value.trim() === '') errors[field] = [CONTACT_MESSAGES.blank];
    clean[field] = value.trim();
  }
  const phone = body.phone_number ?? '';
  if (hasNul(phone)) errors.phone_number = [NUL_MESSAGE];
  if (Object.keys(errors).length > 0) {
    throw new DomainError<ContentErrorCode>('invalid_contact_message', 'Invalid message.', {
      fields: errors,
    });
  }
  return { ...clean, phone_number: phone.trim() || null };
}

/**
 * Stores a message `{name, email, phone_number?, subject, message}` sent to the shop from
 * `clientAddress`, once it is counted against that address. `userId` is the shopper signed in
 * when it was sent (null for a visitor): the message is then that account's, in its data download
 * and gone with its erasure (server/accounts/my-data.ts, erasure.ts). Lengths and the e-mail format
 * are the contract's, checked before this runs.
 * The shop's members are told of it by push (server/staff/push-notifications.ts, queued with
 * the message: wake the push outbox after this returns).
 * @returns the ContactMessageReceipt: the stored message (trimmed) with its id and created_at
 *   (ISO 8601); the phone number is left out when none was given.
 * @throws DomainError `invalid_contact_message` (fields; nothing is stored or counted);
 *   ThrottledError once the address has sent its messages to this shop within the window.
 */
export async function receiveContactMessage(
  scope: { db: Kysely<Database>; tenantId: number; clientAddress: string; userId: number | null },
  throttle: AddressThrottle,
  body: ContactMessage,
): Promise<Schemas['ContactMessageReceipt']> {
  const message = cleanMessage(body);
  const { db, tenantId, clientAddress } = scope;
  await throttle.consume(tenantId, clientAddress);
  const createdAt = new Date().toISOString();
  const { id } = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({
        tenant_id: tenantId,
        ...message,
        client_address: clientAddress.slice(0, 64),
        user_id: scope.userId,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The members' phones are told with the message, never its words nor who wrote it.
    await queuePushNotice(trx, tenantId, 'new_message', `message:${row.id}`, {
      title: 'New message',
      body: 'New message from a shopper',
      url: `/admin/inbox/${row.id}`,
      tag: `message-${row.id}`,
    });
    return row;
  });
  const { phone_number: phone, ...rest } = message;
  return { id, ...rest, ...(phone === null ? {} : { phone_number: phone }), created_at: createdAt };
}

/** A contact message as it was sent: who by, how to reach them, what they wrote and when. */
export interface SentMessage {
  id: number;
  name: string;
  email: string;
  phone_number: string | null;
  subject: string;
  message: string;
  /** ISO 8601. */
  created_at: string;
}

/**
 * The fields of stored message `m` the shopper sent (SentMessage), in the order both the
 * shopper's data download (server/accounts/my-data.ts) and the back office's inbox (./inbox.ts)
 * answer them; `created_at` as either driver returns it, answered as ISO 8601. Throws nothing.
 */
export function sentMessage(
  m: Omit<SentMessage, 'created_at'> & { created_at: Date | string },
): SentMessage {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone_number: m.phone_number,
    subject: m.subject,
    message: m.message,
    created_at: toIsoString(m.created_at),
  };
}
