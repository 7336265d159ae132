/**
 * The product list's orderings (decision 010): by price, name, newest and rating, ties broken
 * by id, the same on SQLite and PostgreSQL, and pages that never overlap.
 */
import { sql } from 'kysely';
import type { components } from '../../common/storefront-api';
import { asciiLower, byCodePoint, cents, demo, useCatalogApi } from '../test/catalog.ts';

type Page = components['schemas']['PaginatedProductList'];

const { t, get, listAll, walk, tenantId } = useCatalogApi();

describe('product list ordering', () => {
  it('orders by price both ways, ties by id, and pages never overlap', async () => {
    // Make ties on purpose: two products share the cheapest price.
    const [a, b] = await t.app.db
      .selectFrom('products')
      .select(['id', 'price_cents'])
      .where('tenant_id', '=', (await tenantId(demo.token))!)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.app.db
      .updateTable('products')
      .set({ price_cents: 100 })
      .where('id', 'in', [a!.id, b!.id])
      .execute();

    const up = await listAll('ordering=price');
    const expectedUp = [...up].sort((x, y) => cents(x) - cents(y) || x.id - y.id);
    expect(up.map((p) => p.id)).toEqual(expectedUp.map((p) => p.id));
    expect(up.slice(0, 2).map((p) => p.id)).toEqual([a!.id, b!.id]);

    const down = await listAll('ordering=-price');
    expect(down.map((p) => p.id)).toEqual(
      [...down].sort((x, y) => cents(y) - cents(x) || x.id - y.id).map((p) => p.id),
    );

    for (const ordering of ['price', '-price', 'name', '-created_at', '-average_rating']) {
      const paged = await walk(`ordering=${ordering}`);
      const whole = await listAll(`ordering=${ordering}`);
      expect(
        paged.map((p) => p.id),
        ordering,
      ).toEqual(whole.map((p) => p.id));
      expect(new Set(paged.map((p) => p.id)).size).toBe(whole.length);
    }
  });

  it('orders by name ignoring ASCII case, the same on SQLite and PostgreSQL', async () => {
    const names = [
      'banana split',
      'Banana Split',
      'apple',
      'Zebra',
      'zebra b',
      'Émile',
      '_under',
      '10 knives',
      '9 knives',
      'a b',
      'ab',
    ];
    const rows = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', (await tenantId(demo.token))!)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(names.length)
      .execute();
    if (t.app.dbDialect === 'postgres') {
      // The throwaway cluster is initialised without a locale (byte order already); give the
      // column a linguistic collation, as a production database usually has, to prove the
      // order does not follow it.
      await sql`alter table products alter column name type varchar(255) collate "und-x-icu"`.execute(
        t.app.db,
      );
    }
    for (const [i, row] of rows.entries()) {
      await t.app.db
        .updateTable('products')
        .set({ name: names[i]! })
        .where('id', '=', row.id)
        .execute();
    }
    const listed = await listAll('ordering=name');
    const expected = [...listed].sort(
      (x, y) =>
        byCodePoint(asciiLower(x.name), asciiLower(y.name)) ||
        byCodePoint(x.name, y.name) ||
        x.id - y.id,
    );
    expect(listed.map((p) => p.name)).toEqual(expected.map((p) => p.name));
    const ours = listed.map((p) => p.name).filter((n) => names.includes(n));
    expect(ours).toEqual(
      [
        '10 knives',
        '9 knives',
        'Banana Split',
        'Zebra',
        '_under',
        'a b',
        'ab',
        'apple',
        'banana split',
        'zebra b',
        'Émile',
      ].sort((x, y) => byCodePoint(asciiLower(x), asciiLower(y)) || byCodePoint(x, y)),
    );
    // Case only decides between names that are otherwise equal: upper case first (byte order).
    expect(ours.indexOf('Banana Split')).toBe(ours.indexOf('banana split') - 1);
  });

  it('orders newest first, and the later-added first within the same instant', async () => {
    const id = (await tenantId(demo.token))!;
    const rows = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', id)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.app.db
      .updateTable('products')
      .set({ created_at: new Date(Date.UTC(2030, 0, 1)).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();
    const listed = await listAll('ordering=-created_at');
    expect(listed[0]!.id).toBe(rows[0]!.id);
    const made = new Map(
      (
        await t.app.db
          .selectFrom('products')
          .select(['id', 'created_at'])
          .where('tenant_id', '=', id)
          .execute()
      ).map((row) => [row.id, new Date(row.created_at).getTime()]),
    );
    const rest = listed.slice(1).map((p) => p.id);
    expect(rest).toEqual([...rest].sort((a, b) => made.get(b)! - made.get(a)! || b - a));
  });

  it('the demo shop’s newest pieces span its categories, as the home page shows them', async () => {
    const newest = (
      await get('/api/products/products/?is_active=true&ordering=-created_at&page_size=8')
    ).body as Page;
    const categories = new Set(newest.results.map((product) => product.category.slug));
    const withProducts = new Set(
      demo.products.filter((p) => p.is_active !== false).map((p) => p.category_slug),
    );
    expect(categories).toEqual(withProducts);
  });

  it('orders by the exact average rating, best first, products without reviews last', async () => {
    const listed = await listAll('ordering=-average_rating');
    const id = (await tenantId(demo.token))!;
    const reviews = await t.app.db
      .selectFrom('reviews')
      .select(['product_id', 'rating'])
      .where('tenant_id', '=', id)
      .execute();
    const average = new Map<number, number>();
    for (const p of listed) {
      const mine = reviews.filter((r) => r.product_id === p.id);
      if (mine.length) average.set(p.id, mine.reduce((s, r) => s + r.rating, 0) / mine.length);
    }
    const expected = [...listed].sort((a, b) => {
      const x = average.get(a.id);
      const y = average.get(b.id);
      if (x === undefined || y === undefined)
        return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.id - b.id;
      return y - x || a.id - b.id;
    });
    expect(listed.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(average.size).toBeGreaterThan(1);
    expect(listed.at(-1)!.average_rating).toBeNull();
  });
});
