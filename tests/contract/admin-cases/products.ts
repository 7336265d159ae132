/**
 * The catalogue's products (admin contract: listProducts, createProduct, getProduct,
 * updateProduct, duplicateProduct) over the demo shop's seeded catalogue:
 * - the list newest first, by status, sold out, a search by name, a filter that is not a
 *   value (400) and a page past the last (404);
 * - the staff member creates a product with a choice and an engraving option (its slug made
 *   from the name), is refused a slug already taken and a choice without values (400 on the
 *   field);
 * - the owner reads it, changes its price and slug, archives it (a made-to-order piece without
 *   lead times refused), and duplicates it into a draft copy; an unknown product is 404 for
 *   each;
 * - the staff member sets its stock from a selection (bulkChangeProducts), and is refused a
 *   selection holding a product the shop does not have (400, nothing changed).
 */
import { fieldError, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { results } from '../request';
import { NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';
import { detailIs } from '../case';

/** A check that every listed product passes `ok` and at least one is listed. */
function everyListed(ok: (p: JsonObject) => boolean, what: string) {
  return (b: Json) => {
    const rows = results(b);
    if (rows.length === 0) return `expected some ${what} products, got none`;
    const wrong = rows.filter((p) => !ok(p)).map((p) => `${str(p.slug)} (${str(p.status)})`);
    return wrong.length ? `listed products that are not ${what}: ${wrong.join(', ')}` : null;
  };
}

/** The products' cases, in order. */
export function productCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const made = { categoryId: 0, id: 0, slug: '', name: `Contract knife ${a.stamp}` };
  const knife = (extra: JsonObject = {}): JsonObject => ({
    name: made.name,
    category_id: made.categoryId,
    price: '120.00',
    stock: 2,
    attributes: [{ name: 'Blade steel', value: '1095' }],
    description: 'A test knife.',
    long_html_description: '<p>Forged <strong>by hand</strong>.</p><script>alert(1)</script>',
    options: [
      {
        key: 'handle',
        label: 'Handle wood',
        kind: 'choice',
        required: true,
        values: [
          { value: 'oak', label: 'Oak', price_delta: '0.00' },
          { value: 'ebony', label: 'Ebony', price_delta: '25.00' },
        ],
        max_length: null,
        price_delta: '0.00',
      },
      {
        key: 'engraving',
        label: 'Engraving',
        kind: 'text',
        required: false,
        values: [],
        max_length: 20,
        price_delta: '10.00',
      },
    ],
    status: 'active',
    ...extra,
  });
  const list = (
    name: string,
    query: Record<string, string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asStaff(
      adminCase(`listProducts ${name}`, 'listProducts', 'GET', '/products/', status, {
        query,
        ...rest,
      }),
    );
  const onProduct = (
    operationId: string,
    name: string,
    method: string,
    tail: string,
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json; unknown?: boolean } = {},
  ) => {
    const { bodyOf, unknown, ...others } = rest;
    return adminCase(
      `${operationId} ${name}`,
      operationId,
      method,
      `/products/999999/${tail}`,
      status,
      {
        ...others,
        prepare: () => ({
          path: `/products/${unknown ? 999999 : made.id}/${tail}`,
          ...(bodyOf ? { body: bodyOf() } : {}),
        }),
      },
    );
  };
  const productIs =
    (check: (p: JsonObject) => string | null) =>
    (b: Json): string | null =>
      isObject(b) ? check(b) : `expected a product, got ${JSON.stringify(b).slice(0, 200)}`;

  return [
    list('newest first', {}, 200, {
      check: (b) => {
        const rows = results(b);
        if (rows.length === 0) return 'expected the seeded products';
        const times = rows.map((p) => `${str(p.created_at)}`);
        const sorted = [...times].sort().reverse();
        return times.join() === sorted.join() ? null : `not newest first: ${times.join(', ')}`;
      },
      remember: (b) => {
        const first = results(b)[0];
        made.categoryId = first && isObject(first.category) ? Number(first.category.id) : 0;
      },
    }),
    list('of active products', { status: 'active' }, 200, {
      check: everyListed((p) => p.status === 'active', 'active'),
    }),
    list('found by name', { search: 'gyuto' }, 200, {
      check: everyListed((p) => /gyuto/i.test(`${str(p.name)} ${str(p.slug)}`), 'gyuto'),
    }),
    list('with a status that is not one', { status: 'lost' }, 400, { via: 'lenient' }),
    list('past the last page', { page: '100000' }, 404, { check: detailIs('Invalid page.') }),

    asStaff(
      adminCase(
        'createProduct with options, its slug made from the name',
        'createProduct',
        'POST',
        '/products/',
        201,
        {
          prepare: () => ({ body: knife() }),
          check: productIs((p) =>
            str(p.slug).startsWith('contract-knife-') &&
            p.status === 'active' &&
            !str(p.long_html_description).includes('script') &&
            Array.isArray(p.options) &&
            p.options.length === 2
              ? null
              : `unexpected product ${JSON.stringify(p).slice(0, 300)}`,
          ),
          remember: (b) => {
            if (!isObject(b)) return;
            made.id = Number(b.id);
            made.slug = str(b.slug);
          },
        },
      ),
    ),
    list('of sold out products', { stock: 'sold_out' }, 200, {
      check: (b) => {
        const wrong = results(b).filter((p) => p.stock_state !== 'sold_out');
        return wrong.length ? `not sold out: ${wrong.map((p) => str(p.slug)).join(', ')}` : null;
      },
    }),
    asStaff(
      adminCase(
        'createProduct with a slug already taken',
        'createProduct',
        'POST',
        '/products/',
        400,
        {
          prepare: () => ({ body: knife({ slug: made.slug }) }),
          check: fieldError('slug', 'Another product of the shop has this slug.'),
        },
      ),
    ),
    asStaff(
      adminCase(
        'createProduct with a choice without values',
        'createProduct',
        'POST',
        '/products/',
        400,
        {
          prepare: () => ({
            body: knife({
              options: [
                {
                  key: 'handle',
                  label: 'Handle',
                  kind: 'choice',
                  required: false,
                  values: [],
                  max_length: null,
                  price_delta: '0.00',
                },
              ],
            }),
          }),
          check: fieldError('options.0.values', 'A choice needs at least one value.'),
        },
      ),
    ),
    asOwner(
      onProduct('getProduct', 'just created', 'GET', '', 200, {
        check: productIs((p) =>
          p.name === made.name && p.stock === 2 && p.price === '120.00'
            ? null
            : `unexpected ${JSON.stringify(p).slice(0, 300)}`,
        ),
      }),
    ),
    asOwner(
      onProduct('getProduct', 'unknown', 'GET', '', 404, {
        unknown: true,
        check: detailIs(NOT_FOUND),
      }),
    ),
    asOwner(
      onProduct('updateProduct', 'new price and slug', 'PATCH', '', 200, {
        bodyOf: () => ({
          price: '135.00',
          price_before_discount: '150.00',
          slug: `${made.slug}-v2`,
        }),
        // Raised from 120.00 just now: the 150.00 "was" price is above 120.00, the lowest price
        // of the 30 days before (Directive 98/6/EC art. 6a), so the shop does not show it.
        check: productIs((p) =>
          p.price === '135.00' &&
          p.slug === `${made.slug}-v2` &&
          isObject(p.discount) &&
          p.discount.shown === false &&
          p.discount.lowest_price_30_days === '120.00' &&
          String(p.discount.reason).includes('($150.00) is above the lowest price')
            ? null
            : `unexpected ${JSON.stringify(p).slice(0, 300)}`,
        ),
      }),
    ),
    asOwner(
      onProduct('updateProduct', 'made to order without lead times', 'PATCH', '', 400, {
        bodyOf: () => ({ made_to_order: true, lead_time_days_min: null, lead_time_days_max: null }),
        check: fieldError('lead_time_days_min', 'A made-to-order product needs its lead time.'),
      }),
    ),
    // ~~ i40 products: bulk ~~
    asStaff(
      adminCase(
        'bulkChangeProducts sets the stock of the selection',
        'bulkChangeProducts',
        'POST',
        '/products/bulk/',
        200,
        {
          prepare: () => ({
            body: { action: 'set_stock', product_ids: [made.id], stock: 5 },
          }),
          check: (b) =>
            isObject(b) && b.action === 'set_stock' && b.changed === 1
              ? null
              : `unexpected ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'bulkChangeProducts with a product the shop does not have',
        'bulkChangeProducts',
        'POST',
        '/products/bulk/',
        400,
        {
          prepare: () => ({ body: { action: 'archive', product_ids: [made.id, 999999] } }),
          check: fieldError('product_ids', 'No such product in the shop: 999999.'),
        },
      ),
    ),
    // ~~ end i40 products: bulk ~~
    asOwner(
      onProduct('updateProduct', 'archived', 'PATCH', '', 200, {
        bodyOf: () => ({ status: 'archived' }),
        check: productIs((p) =>
          p.status === 'archived' && typeof p.archived_at === 'string'
            ? null
            : `expected archived, got ${str(p.status)}`,
        ),
      }),
    ),
    asOwner(
      onProduct('updateProduct', 'unknown', 'PATCH', '', 404, {
        unknown: true,
        body: { price: '1.00' },
        check: detailIs(NOT_FOUND),
      }),
    ),
    asStaff(
      onProduct('duplicateProduct', 'into a draft copy', 'POST', 'duplicate/', 201, {
        check: productIs((p) =>
          p.name === `${made.name} (copy)` && p.status === 'draft' && p.stock === 0
            ? null
            : `unexpected copy ${JSON.stringify(p).slice(0, 300)}`,
        ),
      }),
    ),
    asStaff(
      onProduct('duplicateProduct', 'unknown', 'POST', 'duplicate/', 404, {
        unknown: true,
        check: detailIs(NOT_FOUND),
      }),
    ),
  ];
}
