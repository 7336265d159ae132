/**
 * Content operations (spec sections 2, 3, 7 and 8): the contact page's information and
 * message form, the FAQs and the legal documents. The rules and reads are
 * server/content/contact.ts and pages.ts; a contact message past the client address's count
 * answers 429 here (http/wiring/contact-throttle.ts holds the count).
 */
import { loadContactInfo, receiveContactMessage } from '../../content/contact.ts';
import { listFaqs as listShopFaqs, listLegalDocuments } from '../../content/pages.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/** GET /contact/info/ -> ContactInfo: branch locations (headquarters first), e-mails, profiles. */
export const getContactInfo: OperationHandler<'getContactInfo'> = async (request) =>
  loadContactInfo(request.server.db, request.tenant.id);

/**
 * POST /contact/messages/ `{name, email, phone_number?, subject, message}` -> 201
 * ContactMessageReceipt; a logged-in shopper's message is linked to their account. Errors: 400
 * field errors (nothing is stored or counted); 429 `{"detail":"Request was throttled. Expected
 * available in N seconds."}` with Retry-After once the client address has sent
 * CONTACT_MAX_PER_ADDRESS messages to this shop within the hour.
 */
export const createContactMessage: OperationHandler<'createContactMessage'> = async (
  request,
  reply,
) => {
  try {
    const receipt = await receiveContactMessage(
      {
        db: request.server.db,
        tenantId: request.tenant.id,
        clientAddress: request.ip,
        // Set when the contract's optional bearer check passed: the message is the shopper's.
        userId: request.user?.id ?? null,
      },
      request.server.contactThrottle,
      request.body,
    );
    request.server.push.outbox.wake();
    reply.code(201);
    return receipt;
  } catch (error) {
    return throttled(reply, error);
  }
};

/** GET /pages/manage/faqs/ -> the shop's FAQs `[{id, question, answer (HTML), order}]` in order. */
export const listFaqs: OperationHandler<'listFaqs'> = async (request) =>
  listShopFaqs(request.server.db, request.tenant.id);

/**
 * GET /pages/manage/documents/?document_type= -> the shop's legal documents, of the given type
 * when one is named (refund_policy or privacy_policy: any other value is a 400 from the
 * contract).
 */
export const listDocuments: OperationHandler<'listDocuments'> = async (request) =>
  listLegalDocuments(request.server.db, request.tenant.id, request.query.document_type);
