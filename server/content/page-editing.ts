/**
 * The shop's single pages as the back office edits them: the refund, privacy and review
 * policies and the accessibility statement (a title and staff HTML, sanitized on save with the storefront's own policy) and the company
 * page's texts (tagline, history, mission, vision: plain text, paragraphs split by blank lines
 * as the storefront shows them). The company page's core values are an ordered list
 * (./ordered-content.ts, `coreValueKind`).
 *
 * A shop without one of these yet gets it on its first save; reading it before answers it
 * empty. Every save is in the activity log with the fields it changed, in its transaction,
 * which writes before it reads (SQLite).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import type { DocumentType } from './tables.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import type { Acting } from '../platform/journal.ts';
import { changedFields, checkHtml, checkText, throwIfInvalid } from './content-input.ts';
import { coreValueKind } from './content-kinds.ts';
import {
  accessibilityStatementHtml,
  ACCESSIBILITY_STATEMENT_TITLE,
} from './accessibility-statement.ts';
import { listItems } from './ordered-content.ts';
import { REVIEW_POLICY_MODEL_HTML, REVIEW_POLICY_TITLE } from './review-policy.ts';

type Trx = Transaction<Database>;

/** The title a policy not written yet shows in its form. */
export const POLICY_TITLES: Record<DocumentType, string> = {
  refund_policy: 'Refund policy',
  privacy_policy: 'Privacy policy',
  review_policy: REVIEW_POLICY_TITLE,
  accessibility_statement: ACCESSIBILITY_STATEMENT_TITLE,
};

/** The longest value of each field (the contract's maxLength). */
export const PAGE_LIMITS = {
  policyTitle: 200,
  policyContent: 200_000,
  tagline: 300,
  history: 10_000,
  mission: 5000,
  vision: 5000,
} as const;

/**
 * The policy of `documentType` of shop `tenantId`; one not written yet answers its default
 * title, no content and `updated_at` null, but two have a model to start from: the review policy
 * (decision 085, what the shop does with reviews) and the accessibility statement
 * (./accessibility-statement.ts, filled with the shop's name, contact e-mail and `now`'s date,
 * for the owner to complete and save; decision 086).
 */
export async function getPolicy(
  db: Kysely<Database> | Trx,
  tenantId: number,
  documentType: DocumentType,
  now: Date = new Date(),
): Promise<Schemas['AdminPolicy']> {
  const row = await db
    .selectFrom('legal_documents')
    .select(['title', 'content', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('document_type', '=', documentType)
    .executeTakeFirst();
  return {
    document_type: documentType,
    title: row?.title ?? POLICY_TITLES[documentType],
    content: row?.content ?? (await unwrittenContent(db, tenantId, documentType, now)),
    updated_at: row ? toIsoString(row.updated_at) : null,
  };
}

/** What the editor starts from for a document not written yet: a model, or ''. */
async function unwrittenContent(
  db: Kysely<Database> | Trx,
  tenantId: number,
  documentType: DocumentType,
  now: Date,
): Promise<string> {
  if (documentType === 'review_policy') return REVIEW_POLICY_MODEL_HTML;
  if (documentType !== 'accessibility_statement') return '';
  const site = await db
    .selectFrom('tenants as t')
    .leftJoin('site_settings as s', 's.tenant_id', 't.id')
    .select(['t.name', 's.site_title', 's.contact_email'])
    .where('t.id', '=', tenantId)
    .executeTakeFirst();
  return accessibilityStatementHtml({
    shopName: site?.site_title || site?.name || '',
    contactEmail: site?.contact_email ?? '',
    date: now,
  });
}

/**
 * Saves the policy of `documentType` of shop `acting.tenantId`: `title` (plain text) and
 * `content` (HTML, not empty once sanitized); journalled through `acting.journal` in its
 * transaction as `policy.update` with the fields that changed (nothing when none did).
 * @returns the policy as saved.
 * @throws DomainError `invalid_content_input` (400).
 */
export async function updatePolicy(
  db: Kysely<Database>,
  acting: Acting,
  documentType: DocumentType,
  body: { title?: unknown; content?: unknown },
  now: Date = new Date(),
): Promise<Schemas['AdminPolicy']> {
  const errors: FieldErrors = {};
  const title = checkText(errors, 'title', body.title, { max: PAGE_LIMITS.policyTitle });
  const content = checkHtml(errors, 'content', body.content, {
    max: PAGE_LIMITS.policyContent,
    required: true,
  });
  throwIfInvalid(errors);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .updateTable('legal_documents')
      .set((eb) => ({ title: eb.ref('title') }))
      .where('tenant_id', '=', acting.tenantId)
      .where('document_type', '=', documentType)
      .returning(['title', 'content'])
      .executeTakeFirst();
    const change = changedFields(before ?? {}, { title, content });
    if (Object.keys(change.after).length === 0) return;
    if (before) {
      await trx
        .updateTable('legal_documents')
        .set({ title, content, updated_at: at })
        .where('tenant_id', '=', acting.tenantId)
        .where('document_type', '=', documentType)
        .execute();
    } else {
      await trx
        .insertInto('legal_documents')
        .values({
          tenant_id: acting.tenantId,
          document_type: documentType,
          title,
          content,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await acting.journal(
      trx,
      {
        action: 'policy.update',
        objectType: 'policy',
        objectId: documentType,
        before: before ? change.before : null,
        after: change.after,
      },
      now,
    );
  });
  return getPolicy(db, acting.tenantId, documentType);
}

/** The company page's texts, as the back office edits them. */
const COMPANY_FIELDS = {
  tagline: { max: PAGE_LIMITS.tagline, lines: false },
  history_summary: { max: PAGE_LIMITS.history, lines: true },
  mission_statement: { max: PAGE_LIMITS.mission, lines: true },
  vision_statement: { max: PAGE_LIMITS.vision, lines: true },
} as const;
type CompanyField = keyof typeof COMPANY_FIELDS;

/**
 * The company page of shop `tenantId`: its texts ('' each for a shop that has none yet) and its
 * core values in their order.
 */
export async function getCompanyPage(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['AdminCompanyPage']> {
  const [row, values] = await Promise.all([
    db
      .selectFrom('company_info')
      .select(['tagline', 'history_summary', 'mission_statement', 'vision_statement'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .executeTakeFirst(),
    listItems(db, tenantId, coreValueKind),
  ]);
  return {
    tagline: row?.tagline ?? '',
    history_summary: row?.history_summary ?? '',
    mission_statement: row?.mission_statement ?? '',
    vision_statement: row?.vision_statement ?? '',
    core_values: values,
  };
}

/**
 * Changes the texts the body names of the company page of shop `acting.tenantId` (each plain
 * text; the tagline on one line, the others with paragraphs); journalled through
 * `acting.journal` in its transaction as `company.update` with the fields that changed
 * (nothing when none did).
 * @returns the page as saved.
 * @throws DomainError `invalid_content_input` (400).
 */
export async function updateCompanyPage(
  db: Kysely<Database>,
  acting: Acting,
  body: Partial<Record<CompanyField, unknown>>,
  now: Date = new Date(),
): Promise<Schemas['AdminCompanyPage']> {
  const errors: FieldErrors = {};
  const values: Partial<Record<CompanyField, string>> = {};
  for (const [field, rule] of Object.entries(COMPANY_FIELDS) as Array<
    [CompanyField, (typeof COMPANY_FIELDS)[CompanyField]]
  >) {
    if (Object.hasOwn(body, field)) values[field] = checkText(errors, field, body[field], rule);
  }
  throwIfInvalid(errors);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .updateTable('company_info')
      .set((eb) => ({ tagline: eb.ref('tagline') }))
      .where('tenant_id', '=', acting.tenantId)
      .returning(['id', 'tagline', 'history_summary', 'mission_statement', 'vision_statement'])
      .executeTakeFirst();
    const { id: _id, ...was } = before ?? { id: 0 };
    const change = changedFields(was, values);
    if (Object.keys(change.after).length === 0) return;
    if (before) {
      await trx
        .updateTable('company_info')
        .set(values)
        .where('tenant_id', '=', acting.tenantId)
        .execute();
    } else {
      await trx
        .insertInto('company_info')
        .values({
          tenant_id: acting.tenantId,
          tagline: values.tagline ?? '',
          history_summary: values.history_summary ?? '',
          mission_statement: values.mission_statement ?? '',
          vision_statement: values.vision_statement ?? '',
        })
        .execute();
    }
    await acting.journal(
      trx,
      {
        action: 'company.update',
        objectType: 'company',
        objectId: 'company',
        before: before ? change.before : null,
        after: change.after,
      },
      now,
    );
  });
  return getCompanyPage(db, acting.tenantId);
}
