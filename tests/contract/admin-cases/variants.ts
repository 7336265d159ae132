/**
 * Variants (admin contract: getProductVariants, updateProductVariants; issue 42, decision 091),
 * over the demo shop: a seeded mug is given two sizes (the first at its own price and stock, so
 * the piece's price and stock stay what they were), a SKU given twice is refused (400 on the
 * second row's `sku`), the sizes are read back, then removed again (no axes); an unknown
 * product answers 404.
 */
import type { Case } from '../case';
import { isObject, type Json } from '../contract-document';
import { results } from '../request';
import { adminCase, members, type AdminSetup } from './admin-setup';

/** The cases of a product's variants. */
export function variantsCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const made = { productId: 0, price: '0.00', stock: 0 };
  const path = () => `/products/${made.productId}/variants/`;
  const sizes = (secondSku: string): Json => ({
    axes: ['Size'],
    variants: [
      {
        values: ['Small'],
        sku: 'CONTRACT-MUG-S',
        price: made.price,
        stock: made.stock,
        weight_grams: null,
      },
      { values: ['Large'], sku: secondSku, price: '99.00', stock: 0, weight_grams: 420 },
    ],
  });
  const variantsOf = (b: Json) => (isObject(b) && Array.isArray(b.variants) ? b.variants : []);
  return [
    asOwner(
      adminCase('listProducts finds a mug to size', 'listProducts', 'GET', '/products/', 200, {
        query: { search: 'mug', status: 'active' },
        check: (b: Json) => (results(b).length > 0 ? null : 'expected a seeded mug'),
        remember: (b: Json) => {
          const mug = results(b)[0] ?? {};
          made.productId = Number(mug.id ?? 0);
          made.price = String(mug.price ?? '0.00');
          made.stock = Number(mug.stock ?? 0);
        },
      }),
    ),
    asOwner(
      adminCase(
        'updateProductVariants gives the mug two sizes',
        'updateProductVariants',
        'PUT',
        '/products/999999/variants/',
        200,
        {
          prepare: () => ({ path: path(), body: sizes('CONTRACT-MUG-L') }),
          check: (b: Json) =>
            variantsOf(b).length === 2 ? null : `expected two variants: ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateProductVariants refuses a SKU twice',
        'updateProductVariants',
        'PUT',
        '/products/999999/variants/',
        400,
        {
          prepare: () => ({ path: path(), body: sizes('CONTRACT-MUG-S') }),
          check: (b: Json) =>
            isObject(b) && Array.isArray(b['variants.1.sku'])
              ? null
              : `expected the second row's sku refused: ${JSON.stringify(b)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'getProductVariants reads them',
        'getProductVariants',
        'GET',
        '/products/1/variants/',
        200,
        {
          prepare: () => ({ path: path() }),
          check: (b: Json) =>
            isObject(b) && JSON.stringify(b.axes) === '["Size"]' && variantsOf(b).length === 2
              ? null
              : `expected the two sizes: ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateProductVariants removes them',
        'updateProductVariants',
        'PUT',
        '/products/999999/variants/',
        200,
        {
          prepare: () => ({ path: path(), body: { axes: [], variants: [] } }),
          check: (b: Json) =>
            isObject(b) && variantsOf(b).length === 0
              ? null
              : `expected none: ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'getProductVariants of no such product',
        'getProductVariants',
        'GET',
        '/products/999999/variants/',
        404,
      ),
    ),
  ];
}
