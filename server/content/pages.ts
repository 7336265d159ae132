/**
 * The shop's information pages (spec sections 2, 3 and 7): the FAQs, the legal documents and
 * the About page's company information. HTML fields (FAQ answers, document contents) are
 * served as stored; the SPA sanitizes them in its one HTML component.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';
import { REVIEW_POLICY_MODEL } from './review-policy.ts';

/**
 * The shop's FAQs `[{id, question, answer (HTML), order}]` in the shop's order. Read here, not
 * through the back office's ordered-content module: the storefront's bundle must not load the
 * back office's input checks and their HTML sanitizer (decision 045).
 */
export async function listFaqs(db: Kysely<Database>, tenantId: number): Promise<Schemas['Faq'][]> {
  const rows = await db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer', 'position'])
    .where('tenant_id', '=', tenantId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, order: r.position }));
}

/**
 * The shop's legal documents `[{id, document_type, title, content (HTML), updated_at}]`, of
 * `documentType` when one is named. A shop has at most one document of each type, so the
 * storefront's "first item" is the one. A shop asked for its review policy that has not saved
 * one (opened before the policy existed) answers the model (./review-policy.ts, decision 085)
 * with id 0 and no `updated_at`: what it does with reviews is published either way.
 */
export async function listLegalDocuments(
  db: Kysely<Database>,
  tenantId: number,
  documentType?: Schemas['DocumentType'],
): Promise<Schemas['LegalDocument'][]> {
  let query = db
    .selectFrom('legal_documents')
    .select(['id', 'document_type', 'title', 'content', 'updated_at'])
    .where('tenant_id', '=', tenantId);
  if (documentType) query = query.where('document_type', '=', documentType);
  const rows = await query.orderBy('document_type').orderBy('id').execute();
  const documents: Schemas['LegalDocument'][] = rows.map((r) => ({
    ...r,
    updated_at: toIsoString(r.updated_at),
  }));
  if (documentType === 'review_policy' && documents.length === 0) {
    documents.push({ id: 0, document_type: 'review_policy', ...REVIEW_POLICY_MODEL });
  }
  return documents;
}

/**
 * The About page's CompanyInfo with the core values in their set order.
 * @throws DomainError `company_info_not_found` ("Not found.") for a shop without it.
 */
export async function loadCompanyInfo(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['CompanyInfo']> {
  const [info, values] = await Promise.all([
    db.selectFrom('company_info').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('core_values')
      .select(['id', 'name', 'description'])
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  if (!info) throw new DomainError<ContentErrorCode>('company_info_not_found', 'Not found.');
  return {
    tagline: info.tagline,
    history_summary: info.history_summary,
    mission_statement: info.mission_statement,
    vision_statement: info.vision_statement,
    core_values: values,
  };
}
