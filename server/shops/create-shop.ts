/**
 * Opening a shop (issue 38, decision 079): what `npm run shop:create` and the first-run set-up
 * make, in one transaction, so a shop exists whole or not at all:
 *
 * - the tenant, with a token and a media folder of its own (from its domain:
 *   `tidewater.example` -> `tidewater-example`, `-2`, `-3`... when taken) and its currency;
 * - its domain, as its primary one;
 * - its site settings (the name as the title, the owner's e-mail as the shop's contact and
 *   legal e-mail; the seller's legal name and address left for the owner to fill in), an empty
 *   company page, and its shop settings with the country as the default delivery country;
 * - its review policy, the model of what the shop does with reviews (decision 085), which the
 *   owner may edit;
 * - its accessibility statement, the model (server/content/accessibility-statement.ts) filled
 *   with its name, the owner's e-mail and today's date, the enforcement body left for the owner
 *   to name (European Accessibility Act art. 13 and Annex V; decision 086);
 * - its first owner, who signs in at /admin/ with the password given.
 *
 * No payment method, shipping zone, product, refund or privacy policy: the owner sets them in
 * the back office.
 */
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../platform/credentials/passwords.ts';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { DomainError } from '../platform/domain-error.ts';
import { REVIEW_POLICY_MODEL } from '../content/review-policy.ts';
import { insertStaffMember } from '../staff/members.ts';
import {
  ACCESSIBILITY_STATEMENT_TITLE,
  accessibilityStatementHtml,
} from '../content/accessibility-statement.ts';
import type { ShopErrorCode } from './errors.ts';
import { checkNewShop, SHOP_MESSAGES, type CheckedShop, type NewShop } from './shop-input.ts';

/** A shop just opened: what the caller prints or answers with. */
export interface CreatedShop {
  tenantId: number;
  /** The tenant token the storefront and the back office send (`X-Tenant-Token`). */
  token: string;
  name: string;
  domain: string;
  currency: string;
  owner: { id: number; email: string };
}

const domainTaken = () =>
  new DomainError<ShopErrorCode>('domain_taken', SHOP_MESSAGES.domainTaken, { field: 'domain' });

/** Whether a shop answers at `domain` (as kept: lowercased). */
async function domainHeld(db: Kysely<Database>, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('tenant_domains')
    .select('id')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row !== undefined;
}

/** The slug a domain gives a shop's token and media folder: `a.b-c.example` -> `a-b-c-example`. */
export function slugOfDomain(domain: string): string {
  return domain
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** `slug`, or `slug-2`, `slug-3`... the first no tenant has as its token or media folder. */
async function freeSlug(db: Kysely<Database>, slug: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('tenants')
        .select(['token', 'media_slug'])
        .where((eb) =>
          eb.or([eb('token', 'like', `${slug}%`), eb('media_slug', 'like', `${slug}%`)]),
        )
        .execute()
    ).flatMap((row) => [row.token, row.media_slug]),
  );
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${slug}-${n}`;
  return candidate;
}

/**
 * Opens a shop (see the module comment).
 * @param options.passwordHashCost the owner's password hash cost (config.passwordHashCost).
 * @throws DomainError `invalid_shop` with each wrong field (./shop-input.ts), `domain_taken` when
 *   another shop answers at the domain (also when two creations race for it). Two creations
 *   whose domains make the same token both succeed, the second with the next free one.
 */
export async function createShop(
  db: Kysely<Database>,
  input: NewShop,
  options: {
    passwordHashCost: number;
    now?: Date;
    /**
     * Runs first in the creation's transaction: a rule the deployment's other shops decide, such
     * as the first-run set-up's "no shop yet" (./first-run.ts). What it throws ends the creation
     * with nothing written. (On SQLite the transaction holds the write lock from its start; on
     * PostgreSQL the check takes its own lock.)
     */
    inTransaction?: (trx: Transaction<Database>) => Promise<void>;
  },
): Promise<CreatedShop> {
  const shop = checkNewShop(input);
  if (await domainHeld(db, shop.domain)) throw domainTaken();
  // Hashed before the transaction: scrypt's work never holds the database's write lock.
  const passwordHash = await hashPassword(shop.owner.password, {
    log2Cost: options.passwordHashCost,
  });
  const at = options.now ?? new Date();
  // Two creations whose domains make the same slug may both pick it: the second meets the
  // tokens' unique index and tries again, when the first has committed and its slug is taken.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openShop(db, shop, passwordHash, at, options.inTransaction);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two creations raced for the domain: the second meets the domains' unique index.
      if (await domainHeld(db, shop.domain)) throw domainTaken();
      if (attempt === SLUG_ATTEMPTS) throw error;
    }
  }
}

/** How often a creation tries a slug another creation took while it was choosing. */
const SLUG_ATTEMPTS = 5;

/** The transaction of {@link createShop}: every row of the shop, or none. */
async function openShop(
  db: Kysely<Database>,
  shop: CheckedShop,
  passwordHash: string,
  at: Date,
  inTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<CreatedShop> {
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    await inTransaction?.(trx);
    const slug = await freeSlug(trx, slugOfDomain(shop.domain) || 'shop');
    const { id: tenantId } = await trx
      .insertInto('tenants')
      .values({
        token: slug,
        name: shop.name,
        media_slug: slug,
        currency: shop.currency,
        // Prepared before it sells: the owner launches it from the back office's checklist.
        status: 'closed',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tenant_domains')
      .values({ tenant_id: tenantId, domain: shop.domain, is_primary: 1, created_at: now })
      .execute();
    await trx
      .insertInto('site_settings')
      .values({
        tenant_id: tenantId,
        site_title: shop.name,
        site_description: '',
        favicon: null,
        theme_name: 'ember',
        logo: null,
        google_analytics_id: null,
        contact_email: shop.owner.email,
        social_media_links: null,
        legal_email: shop.owner.email,
      })
      .execute();
    await trx
      .insertInto('company_info')
      .values({
        tenant_id: tenantId,
        tagline: '',
        history_summary: '',
        mission_statement: '',
        vision_statement: '',
      })
      .execute();
    await trx
      .insertInto('shop_settings')
      .values({ tenant_id: tenantId, default_country: shop.country })
      .execute();
    await trx
      .insertInto('legal_documents')
      .values({
        tenant_id: tenantId,
        document_type: 'review_policy',
        ...REVIEW_POLICY_MODEL,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('legal_documents')
      .values({
        tenant_id: tenantId,
        document_type: 'accessibility_statement',
        title: ACCESSIBILITY_STATEMENT_TITLE,
        content: accessibilityStatementHtml({
          shopName: shop.name,
          contactEmail: shop.owner.email,
          date: at,
        }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const owner = await insertStaffMember(
      trx,
      { tenantId, email: shop.owner.email, name: shop.owner.name, role: 'owner' },
      passwordHash,
      null,
      at,
    );
    return {
      tenantId,
      token: slug,
      name: shop.name,
      domain: shop.domain,
      currency: shop.currency,
      owner: { id: owner.id, email: owner.email },
    };
  });
}
