/**
 * Stock and categories (admin contract: getProductStock, adjustProductStock,
 * updateStockThreshold, listLowStock, listCategories, createCategory, updateCategory,
 * reorderCategories, deleteCategory) over the demo shop's seeded catalogue:
 * - a plain piece's stock read (nobody waiting for an e-mail when it is back), received (+3) and counted (set with the stock seen), a count
 *   against a stock that moved (409 with the stock now), taking away more than there is (409),
 *   a quantity of 0 and a reason that is not one (400), another shop's or no such product 404;
 * - its low-stock threshold set above its stock, and the low list naming it; a negative
 *   threshold 400;
 * - the categories in the shop's order with their counts; the staff member adds one (its
 *   description cleaned, its slug made from the name), is refused a slug already taken,
 *   renames it, reorders the list (a list that is not the shop's refused), deletes it, and is
 *   refused deleting a category that holds products (409); no such category 404.
 */
import { DEMO, detailIs, fieldError, TENANT_HEADER, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { request, results } from '../request';
import { NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

interface Kept {
  productId: number;
  stock: number;
  categoryId: number;
  order: number[];
  fullCategoryId: number;
  problem: string;
}

/** Finds a plain piece in stock through the storefront (its id, for the stock cases). */
async function findPiece(upstream: string, kept: Kept): Promise<void> {
  const list = await request(upstream, {
    method: 'GET',
    path: '/products/products/',
    query: { in_stock: 'true' },
    headers: { [TENANT_HEADER]: DEMO },
  });
  // Not the demo gyuto: it is sold in sizes (issue 42), and its stock is theirs.
  const piece = results(list.body).find(
    (p) => !p.made_to_order && Number(p.stock) >= 3 && p.slug !== 'damascus-gyuto-210mm',
  );
  if (!piece) kept.problem = `no plain piece in stock (${list.status})`;
  else kept.productId = Number(piece.id);
}

/** A check over a ProductStock answer. */
function stockIs(kept: Kept, check: (s: JsonObject) => string | null) {
  return (b: Json) => {
    if (!isObject(b) || b.product_id !== kept.productId) {
      return `expected product ${kept.productId}'s stock, got ${JSON.stringify(b).slice(0, 200)}`;
    }
    return check(b);
  };
}

/** The stock and category cases, in order. */
export function stockAndCategoryCases(a: AdminSetup, upstream: string): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept: Kept = {
    productId: 0,
    stock: 0,
    categoryId: 0,
    order: [],
    fullCategoryId: 0,
    problem: '',
  };
  let found: Promise<void> | null = null;
  const ready = async () => {
    found ??= findPiece(upstream, kept);
    await found;
    if (!kept.productId) throw new Error(`not run: ${kept.problem}`);
  };
  const onStock = (
    operationId: string,
    name: string,
    method: string,
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json; productId?: number } = {},
  ) => {
    const { bodyOf, productId, ...others } = rest;
    return asStaff(
      adminCase(`${operationId} ${name}`, operationId, method, '/products/1/stock/', status, {
        ...others,
        prepare: async () => {
          await ready();
          return {
            path: `/products/${productId ?? kept.productId}/stock/`,
            ...(bodyOf ? { body: bodyOf() } : {}),
          };
        },
      }),
    );
  };
  const onCategory = (
    operationId: string,
    name: string,
    method: string,
    id: () => number,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asStaff(
      adminCase(`${operationId} ${name}`, operationId, method, '/categories/1/', status, {
        ...rest,
        prepare: () => ({ path: `/categories/${id()}/` }),
      }),
    );
  const categoryName = `Contract bowls ${a.stamp}`;

  return [
    onStock('getProductStock', 'of a plain piece, with its history', 'GET', 200, {
      check: stockIs(kept, (s) =>
        s.made_to_order === false && isObject(s.movements) && s.back_in_stock_waiting === 0
          ? null
          : 'expected a stocked piece nobody waits for',
      ),
      remember: (b) => {
        if (isObject(b)) kept.stock = Number(b.stock);
      },
    }),
    onStock('adjustProductStock', 'received: +3', 'POST', 200, {
      bodyOf: () => ({ mode: 'adjust', quantity: 3, reason: 'received', note: 'Contract batch' }),
      check: stockIs(kept, (s) => {
        const first = isObject(s.movements) ? results(s.movements)[0] : undefined;
        return s.stock === kept.stock + 3 && first?.change === 3 && first.reason === 'received'
          ? null
          : `expected ${kept.stock + 3} with the movement first, got ${JSON.stringify(s).slice(0, 300)}`;
      }),
      remember: (b) => {
        if (isObject(b)) kept.stock = Number(b.stock);
      },
    }),
    onStock('adjustProductStock', 'counted, with the stock seen', 'POST', 200, {
      bodyOf: () => ({
        mode: 'set',
        quantity: 4,
        expected_stock: kept.stock,
        reason: 'correction',
      }),
      check: stockIs(kept, (s) => (s.stock === 4 ? null : `expected 4, got ${str(s.stock)}`)),
      remember: () => {
        kept.stock = 4;
      },
    }),
    onStock('adjustProductStock', 'counted against a stock that moved', 'POST', 409, {
      bodyOf: () => ({ mode: 'set', quantity: 9, expected_stock: 5, reason: 'correction' }),
      check: (b) =>
        isObject(b) && b.stock === 4 && /changed to 4 meanwhile/.test(str(b.detail))
          ? null
          : `expected the stock now (4), got ${JSON.stringify(b)}`,
    }),
    onStock('adjustProductStock', 'taking away more than there is', 'POST', 409, {
      bodyOf: () => ({ mode: 'adjust', quantity: -5, reason: 'broken' }),
      check: detailIs('Only 4 in stock: you cannot take away 5.'),
    }),
    onStock('adjustProductStock', 'by 0', 'POST', 400, {
      bodyOf: () => ({ mode: 'adjust', quantity: 0, reason: 'received' }),
      check: fieldError('quantity', 'Enter a number other than 0.'),
    }),
    onStock('adjustProductStock', 'with a reason that is not one', 'POST', 400, {
      via: 'lenient',
      bodyOf: () => ({ mode: 'adjust', quantity: 1, reason: 'lost' }),
    }),
    onStock('adjustProductStock', 'of no such product', 'POST', 404, {
      productId: 999999,
      bodyOf: () => ({ mode: 'adjust', quantity: 1, reason: 'received' }),
      check: detailIs(NOT_FOUND),
    }),
    onStock('getProductStock', 'of no such product', 'GET', 404, {
      productId: 999999,
      check: detailIs(NOT_FOUND),
    }),
    onStock('updateStockThreshold', 'above the stock: low', 'PATCH', 200, {
      bodyOf: () => ({ low_stock_threshold: 5 }),
      check: stockIs(kept, (s) =>
        s.low_stock_threshold === 5 && s.is_low === true
          ? null
          : `expected low at 5, got ${JSON.stringify(s).slice(0, 200)}`,
      ),
    }),
    onStock('updateStockThreshold', 'below 0', 'PATCH', 400, {
      via: 'lenient',
      bodyOf: () => ({ low_stock_threshold: -1 }),
    }),
    asStaff(
      adminCase('listLowStock naming the piece', 'listLowStock', 'GET', '/stock/low/', 200, {
        check: (b) =>
          results(b).some((p) => p.product_id === kept.productId)
            ? null
            : `expected product ${kept.productId} in ${JSON.stringify(b).slice(0, 300)}`,
      }),
    ),
    asStaff(
      adminCase('listLowStock past the last page', 'listLowStock', 'GET', '/stock/low/', 404, {
        query: { page: '100000' },
        check: detailIs('Invalid page.'),
      }),
    ),

    asStaff(
      adminCase('listCategories with their counts', 'listCategories', 'GET', '/categories/', 200, {
        check: (b) =>
          results(b).length > 0 && results(b).some((c) => Number(c.product_count) > 0)
            ? null
            : `expected the seeded categories, got ${JSON.stringify(b).slice(0, 200)}`,
        remember: (b) => {
          kept.fullCategoryId = Number(
            results(b).find((c) => Number(c.product_count) > 0)?.id ?? 0,
          );
        },
      }),
    ),
    asStaff(
      adminCase(
        'createCategory, its description cleaned',
        'createCategory',
        'POST',
        '/categories/',
        201,
        {
          body: {
            name: categoryName,
            description: '<p>Thrown <strong>on the wheel</strong>.</p><script>alert(1)</script>',
          },
          check: (b) =>
            isObject(b) &&
            str(b.slug).startsWith('contract-bowls-') &&
            !str(b.description).includes('script') &&
            b.product_count === 0
              ? null
              : `unexpected category ${JSON.stringify(b).slice(0, 300)}`,
          remember: (b) => {
            if (isObject(b)) kept.categoryId = Number(b.id);
          },
        },
      ),
    ),
    asStaff(
      adminCase(
        'createCategory with a slug already taken',
        'createCategory',
        'POST',
        '/categories/',
        400,
        {
          prepare: async () => {
            const list = await request(upstream, {
              method: 'GET',
              path: '/products/categories/',
              headers: { [TENANT_HEADER]: DEMO },
            });
            return { body: { name: 'Another', slug: str(results(list.body)[0]?.slug) } };
          },
          check: fieldError('slug', 'A category with this slug already exists.'),
        },
      ),
    ),
    onCategory('updateCategory', 'renamed', 'PATCH', () => kept.categoryId, 200, {
      body: { name: `${categoryName} and plates` },
      check: (b) =>
        isObject(b) && b.name === `${categoryName} and plates`
          ? null
          : `expected the new name, got ${JSON.stringify(b).slice(0, 200)}`,
    }),
    onCategory('updateCategory', 'of no such category', 'PATCH', () => 999999, 404, {
      body: { name: 'Nothing' },
      check: detailIs(NOT_FOUND),
    }),
    asStaff(
      adminCase(
        'reorderCategories: the new one first',
        'reorderCategories',
        'PUT',
        '/categories/order/',
        200,
        {
          prepare: async () => {
            const list = await request(upstream, {
              method: 'GET',
              path: '/products/categories/',
              headers: { [TENANT_HEADER]: DEMO },
            });
            const ids = results(list.body).map((c) => Number(c.id));
            kept.order = [kept.categoryId, ...ids.filter((id) => id !== kept.categoryId)];
            return { body: { ids: kept.order } };
          },
          check: (b) =>
            results(b)
              .map((c) => Number(c.id))
              .join() === kept.order.join()
              ? null
              : `expected the order ${kept.order.join()}, got ${JSON.stringify(b).slice(0, 200)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'reorderCategories missing one',
        'reorderCategories',
        'PUT',
        '/categories/order/',
        400,
        {
          prepare: () => ({ body: { ids: kept.order.slice(1) } }),
          check: fieldError('ids', 'List every category of the shop exactly once.'),
        },
      ),
    ),
    onCategory('deleteCategory', 'holding products', 'DELETE', () => kept.fullCategoryId, 409, {
      check: (b) =>
        /^This category holds \d+ products?; move them to another category first\.$/.test(
          isObject(b) ? str(b.detail) : '',
        )
          ? null
          : `expected the refusal, got ${JSON.stringify(b)}`,
    }),
    onCategory('deleteCategory', 'empty', 'DELETE', () => kept.categoryId, 204),
    asOwner(
      adminCase(
        'deleteCategory of no such category',
        'deleteCategory',
        'DELETE',
        '/categories/999999/',
        404,
        {
          check: detailIs(NOT_FOUND),
        },
      ),
    ),
  ];
}
