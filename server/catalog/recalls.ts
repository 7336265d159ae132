/**
 * Recalls (EU General Product Safety Regulation (EU) 2023/988 arts 35-37: a recall notice
 * reaches the affected consumers directly where they can be identified, and is published;
 * decision 083). The owner publishes a recall on a product from the back office
 * (`POST /products/{product_id}/recalls/`; the door checks `catalog.recall`, owner only, and
 * hands an `Acting`): in one transaction the recall is written, the product is taken off sale
 * when the owner says so (made a draft: the page stays, with the notice, but no cart takes it),
 * every buyer is e-mailed through the outbox (./emails/recall-email-data.ts) and the activity
 * log gets `product.recall`.
 *
 * Who is a buyer: the account of every paid order (`orders.paid_at` set, whatever happened
 * since: a refunded piece may still be in a drawer) holding a line of the product, each
 * address once (case ignored). An erased account keeps only a tombstone address (`.invalid`,
 * server/accounts/erasure.ts) and the shop keeps no other address of an order, so it is
 * skipped: its former owner reads the notice on the product's page.
 *
 * Once only: a product has at most one open recall (`product_recalls_one_open`, a unique
 * partial index), so a double click or two processes publishing at once make one recall (the
 * other answers 409 `recall_open`), and each e-mail's outbox key is `recall:{id}:{address}`, so
 * a replay never queues one twice.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import type { Acting } from '../platform/journal.ts';
import { staffEmailShop } from '../staff/staff-mail.ts';
import type { Schemas as AdminSchemas } from '../../common/admin-contract.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ProductEditingErrorCode } from './product-editing-errors.ts';
import type { ProductRecallEmailData } from './emails/recall-email-data.ts';

export type ProductRecall = AdminSchemas['ProductRecall'];
type Db = Kysely<Database> | Transaction<Database>;

/** The longest title, and the longest "what is wrong" and "what to do" (characters). */
export const RECALL_LIMITS = { title: 200, problem: 4000, action: 4000 } as const;

/** The words of the refusals (tests and the contract quote them). */
export const RECALL_MESSAGES = {
  open: 'This product already has an open recall: withdraw it first.',
  controlCharacters: 'Control characters are not allowed.',
} as const;

/** What the back office sends to publish a recall. */
export interface RecallInput {
  title: string;
  problem: string;
  action: string;
  off_sale?: boolean;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const notFound = () => new DomainError<ProductEditingErrorCode>('recall_not_found', 'Not found.');
const productNotFound = () => new DomainError('product_not_found', 'Not found.');

/**
 * The recall's texts checked: plain text, trimmed, not blank, NUL and control characters
 * refused (line breaks allowed but in the title), within {@link RECALL_LIMITS}.
 * @throws DomainError `invalid_recall_input` (400) with every field's message.
 */
export function checkRecallInput(input: RecallInput): Required<RecallInput> {
  const errors: FieldErrors = {};
  const out = { title: '', problem: '', action: '' };
  for (const field of ['title', 'problem', 'action'] as const) {
    const value: unknown = input[field];
    if (typeof value !== 'string') {
      errors[field] = ['Not a valid string.'];
      continue;
    }
    const multiline = field !== 'title';
    if (value.includes('\u0000')) errors[field] = [NUL_MESSAGE];
    else if ((multiline ? CONTROL_BUT_LINES : CONTROL).test(value))
      errors[field] = [RECALL_MESSAGES.controlCharacters];
    else {
      const text = value.replace(/\r\n?/g, '\n').trim();
      if (text === '') errors[field] = [BLANK_MESSAGE];
      else if ([...text].length > RECALL_LIMITS[field])
        errors[field] = [tooLongMessage(RECALL_LIMITS[field])];
      else out[field] = text;
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new DomainError<ProductEditingErrorCode>('invalid_recall_input', 'Invalid input.', {
      fields: errors,
    });
  }
  return { ...out, off_sale: input.off_sale === true };
}

type RecallRow = {
  id: number;
  product_id: number;
  title: string;
  problem: string;
  action: string;
  off_sale: boolean | number;
  recipients: number;
  published_by: string;
  published_at: Date | string;
  withdrawn_at: Date | string | null;
};

/** A recall row as the back office's contract carries it. */
function toRecall(row: RecallRow): ProductRecall {
  return {
    id: row.id,
    product_id: row.product_id,
    title: row.title,
    problem: row.problem,
    action: row.action,
    off_sale: toBool(row.off_sale),
    recipients: row.recipients,
    published_by: row.published_by,
    published_at: toIsoString(row.published_at),
    withdrawn_at: row.withdrawn_at === null ? null : toIsoString(row.withdrawn_at),
  };
}

const RECALL_COLUMNS = [
  'id',
  'product_id',
  'title',
  'problem',
  'action',
  'off_sale',
  'recipients',
  'published_by',
  'published_at',
  'withdrawn_at',
] as const;

/** Refuses a product that is not the shop's. */
async function requireProduct(db: Db, tenantId: number, productId: number) {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'archived_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw productNotFound();
  return product;
}

/**
 * The recalls of product `productId` of shop `tenantId`, newest first, open and withdrawn.
 * @throws DomainError `product_not_found` (404) for no such product in the shop.
 */
export async function listRecalls(
  db: Db,
  tenantId: number,
  productId: number,
): Promise<ProductRecall[]> {
  await requireProduct(db, tenantId, productId);
  const rows = await db
    .selectFrom('product_recalls')
    .select(RECALL_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecall);
}

/** The open (not withdrawn) recall of a product of the shop, or null. */
export async function openRecallOf(
  db: Db,
  tenantId: number,
  productId: number,
): Promise<ProductRecall | null> {
  const row = await db
    .selectFrom('product_recalls')
    .select(RECALL_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecall(row) : null;
}

/** The storefront's notice of a product's open recall, or null (contract ProductRecallNotice). */
export async function recallNotice(
  db: Db,
  tenantId: number,
  productId: number,
): Promise<Schemas['ProductRecallNotice'] | null> {
  const open = await openRecallOf(db, tenantId, productId);
  if (!open) return null;
  return {
    id: open.id,
    title: open.title,
    problem: open.problem,
    action: open.action,
    off_sale: open.off_sale,
    published_at: open.published_at,
  };
}

/**
 * The distinct addresses of the buyers of a product (see the module comment): accounts of paid
 * orders of the shop holding a line of it, erased accounts left out. Lowered for the outbox key.
 */
export async function recallRecipients(
  db: Db,
  tenantId: number,
  productId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(sql<string>`lower(u.email)`.as('email'))
    .distinct()
    .where('o.tenant_id', '=', tenantId)
    .where('i.product_id', '=', productId)
    .where('o.paid_at', 'is not', null)
    .where('u.erased_at', 'is', null)
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email).filter((email) => email.includes('@'));
}

/**
 * Publishes a recall of product `productId` of `acting`'s shop (see the module comment).
 * @param origin the storefront's origin (configuration), for the e-mails' links.
 * @returns the recall with how many buyers were e-mailed.
 * @throws DomainError `product_not_found` (404); `invalid_recall_input` (400); `recall_open`
 *   (409) when the product already has an open recall.
 */
export async function publishRecall(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  input: RecallInput,
  origin: string,
  now: Date = new Date(),
): Promise<ProductRecall> {
  const checked = checkRecallInput(input);
  const tenantId = acting.tenantId;
  try {
    return await db.transaction().execute(async (trx) => {
      const product = await requireProduct(trx, tenantId, productId);
      if (await openRecallOf(trx, tenantId, productId)) {
        throw new DomainError<ProductEditingErrorCode>('recall_open', RECALL_MESSAGES.open);
      }
      const recipients = await recallRecipients(trx, tenantId, productId);
      const { id } = await trx
        .insertInto('product_recalls')
        .values({
          tenant_id: tenantId,
          product_id: productId,
          title: checked.title,
          problem: checked.problem,
          action: checked.action,
          off_sale: checked.off_sale ? 1 : 0,
          recipients: recipients.length,
          published_by: acting.staff.name,
          published_at: now.toISOString(),
          withdrawn_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (checked.off_sale) {
        await trx
          .updateTable('products')
          .set({ is_active: 0, updated_at: now.toISOString() })
          .where('id', '=', productId)
          .where('tenant_id', '=', tenantId)
          .where('archived_at', 'is', null)
          .execute();
      }
      if (recipients.length > 0) {
        const shop = await staffEmailShop(trx, tenantId, origin, 'no-reply@invalid.example');
        const data: ProductRecallEmailData = {
          kind: 'product_recall',
          shop,
          productName: product.name,
          productUrl: `${origin}/products/${encodeURIComponent(product.slug)}`,
          title: checked.title,
          problem: checked.problem,
          action: checked.action,
          publishedAt: now.toISOString(),
        };
        // In batches: a product sold thousands of times stays within a statement's parameters.
        for (let i = 0; i < recipients.length; i += 200) {
          await trx
            .insertInto('email_outbox')
            .values(
              recipients.slice(i, i + 200).map((recipient) => ({
                tenant_id: tenantId,
                order_id: null,
                kind: data.kind,
                recipient,
                data: JSON.stringify(data),
                dedupe_key: `recall:${id}:${recipient}`,
                status: 'pending' as const,
                attempts: 0,
                next_attempt_at: now.toISOString(),
                locked_until: null,
                last_error: null,
                created_at: now.toISOString(),
                sent_at: null,
              })),
            )
            .onConflict((oc) => oc.column('dedupe_key').doNothing())
            .execute();
        }
      }
      const recall = (await openRecallOf(trx, tenantId, productId))!;
      await acting.journal(
        trx,
        {
          action: 'product.recall',
          objectType: 'product',
          objectId: productId,
          before: null,
          after: {
            recall: recall.title,
            off_sale: recall.off_sale,
            recipients: recall.recipients,
          },
        },
        now,
      );
      return recall;
    });
  } catch (error) {
    // Another process published the product's recall between our check and our insert.
    if (isUniqueViolation(error)) {
      throw new DomainError<ProductEditingErrorCode>('recall_open', RECALL_MESSAGES.open);
    }
    throw error;
  }
}

/**
 * Withdraws recall `recallId` of product `productId` of `acting`'s shop: its notice leaves the
 * page (a product it took off sale stays a draft); logged as `product.recall_withdraw`.
 * Withdrawing a withdrawn recall changes and logs nothing.
 * @throws DomainError `product_not_found`, `recall_not_found` (404).
 */
export async function withdrawRecall(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  recallId: number,
  now: Date = new Date(),
): Promise<ProductRecall> {
  const tenantId = acting.tenantId;
  return db.transaction().execute(async (trx) => {
    await requireProduct(trx, tenantId, productId);
    const row = await trx
      .selectFrom('product_recalls')
      .select(RECALL_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('id', '=', recallId)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.withdrawn_at !== null) return toRecall(row);
    await trx
      .updateTable('product_recalls')
      .set({ withdrawn_at: now.toISOString() })
      .where('id', '=', recallId)
      .where('withdrawn_at', 'is', null)
      .execute();
    await acting.journal(
      trx,
      {
        action: 'product.recall_withdraw',
        objectType: 'product',
        objectId: productId,
        before: { recall: row.title },
        after: { withdrawn: true },
      },
      now,
    );
    return toRecall({ ...row, withdrawn_at: now.toISOString() });
  });
}
