/**
 * "E-mail me when it is back" (contract: requestBackInStock, confirmBackInStock; issue 42,
 * decision 092): a visitor asks for a sold-out demo piece (202, the link is e-mailed), asking
 * for a piece in stock is refused (409), a malformed address (400), and a link that is not one
 * (400 on `token`).
 */
import { detailIs, fieldError, make, demoTenant, type Case, type Via } from '../case';
import { isObject, type Json, type JsonObject } from '../contract-document';
import type { Shop } from './shop-setup';

const LINK_INVALID =
  'This link is no longer valid. It may have expired: ask again on the piece’s page.';

/** The cases, on the demo shop's first sold-out piece (the seed's nakiri) and `shop.p1`. */
export function backInStockCases(shop: Shop, products: JsonObject[]): Case[] {
  const soldOut = products.find((p) => Number(p.stock) === 0 && p.made_to_order !== true);
  if (!soldOut) throw new Error('the demo catalogue has no sold-out piece');
  const ask = (name: string, body: Json, status: number, check: Case['check']) =>
    make(
      `requestBackInStock ${name}`,
      'requestBackInStock',
      'POST',
      '/products/back-in-stock/',
      demoTenant,
      status,
      { body, check },
    );
  return [
    ask(
      'for a sold-out piece',
      { product: Number(soldOut.id), email: 'ada@example.com' },
      202,
      (b) =>
        isObject(b) && typeof b.detail === 'string' && b.detail.startsWith('Check your inbox')
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    ),
    ask(
      'for a piece in stock',
      { product: shop.p1.id, email: 'ada@example.com' },
      409,
      detailIs('This piece is in stock: you can order it now.'),
    ),
    {
      ...ask(
        'with a malformed address (bad body)',
        { product: Number(soldOut.id), email: 'not-an-address' },
        400,
        fieldError('email', 'Enter a valid email address.'),
      ),
      via: 'lenient' as Via,
    },
    make(
      'confirmBackInStock with a link that is not one',
      'confirmBackInStock',
      'POST',
      '/products/back-in-stock/confirm/',
      demoTenant,
      400,
      { body: { token: 'A'.repeat(43) }, check: fieldError('token', LINK_INVALID) },
    ),
  ];
}
