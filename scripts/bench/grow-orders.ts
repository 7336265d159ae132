/**
 * The grown shop's generated orders and their lines: old, settled orders of the generated
 * customers for the shop's active products, shipped to the UK by the shop's own delivery
 * methods (age-restricted lines by the age-verified one), with the totals, shipments and age
 * attestation the checkout would have stored. Written BATCH orders at a time.
 */
import type { BulkWriter, Cell } from './bulk-writer';
import { between, pick, type Random, randomFor, ukAddress, weighted } from './catalog-words';
import {
  BATCH,
  DAY_MS,
  type Ids,
  iso,
  ORDER_COLUMNS,
  ORDER_ITEM_COLUMNS,
  STREAM,
  toInt,
  YEAR_MS,
} from './grow-rows';

/** Integer cents as the decimal text a stored shipment carries ("12.50"). */
const money = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** What an order line needs of its product. */
interface OrderableProduct {
  id: number;
  name: string;
  slug: string;
  price_cents: number;
  made_to_order: boolean | number;
  age_restricted: boolean | number;
  thumb: string | null;
}

interface Method {
  code: string;
  name: string;
  kind: string;
  age_verified: boolean | number;
  price_cents: number;
  free_over_cents: number | null;
}

const ORDER_CODE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Brings the shop's orders to `wanted`, each for one of `customers` with 1-3 lines of its
 * active products (the first products more often), shipped to the UK by the shop's own methods.
 * Orders are old and settled (shipped, paid, processing, canceled or expired), never awaiting
 * payment: the API's sweep would otherwise start expiring them while the bench measures.
 */
export async function addOrders(
  writer: BulkWriter,
  ids: Ids,
  tenantId: number,
  wanted: number,
  o: { seed: number; now: number; customers: { id: number; fullname: string }[] },
): Promise<{ orders: number; lines: number }> {
  const [{ n: existingCount } = { n: 0 }] = await writer.query<{ n: number | string }>(
    'select count(*) as n from orders where tenant_id = ?',
    [tenantId],
  );
  const existing = toInt(existingCount);
  if (existing >= wanted || o.customers.length === 0) return { orders: 0, lines: 0 };
  const products = await writer.query<OrderableProduct>(
    `select p.id as id, p.name as name, p.slug as slug, p.price_cents as price_cents,
            p.made_to_order as made_to_order, p.age_restricted as age_restricted,
            (select i.thumb_path from product_images i where i.product_id = p.id
              order by i.position, i.id limit 1) as thumb
       from products p where p.tenant_id = ? and p.is_active = ? order by p.id`,
    [tenantId, 1],
  );
  if (products.length === 0) return { orders: 0, lines: 0 };
  const methods = await writer.query<Method>(
    `select code, name, kind, age_verified, price_cents, free_over_cents
       from shipping_methods where tenant_id = ? order by position, id`,
    [tenantId],
  );
  const delivery = methods.filter((m) => m.kind === 'delivery');
  const standard =
    delivery.find((m) => m.code === 'uk-standard') ?? delivery.find((m) => !m.age_verified) ?? null;
  const ageVerified =
    delivery.find((m) => m.code === 'uk-age-verified') ??
    delivery.find((m) => Boolean(m.age_verified)) ??
    standard;
  const numbers = new Set(
    (
      await writer.query<{ order_number: string }>(
        'select order_number from orders where tenant_id = ?',
        [tenantId],
      )
    ).map((r) => r.order_number),
  );

  let orders: Cell[][] = [];
  let lines: Cell[][] = [];
  let lineCount = 0;
  for (let i = existing; i < wanted; i++) {
    const random = randomFor(o.seed, STREAM.order, i);
    const customer = pick(random, o.customers);
    const orderId = ids.take('orders');
    let number: string;
    do {
      let code = '';
      for (let c = 0; c < 8; c++) code += pick(random, [...ORDER_CODE]);
      number = `ORD-${code.slice(0, 4)}-${code.slice(4)}`;
    } while (numbers.has(number));
    numbers.add(number);

    const createdAt = o.now - Math.floor(random() * 2 * YEAR_MS);
    const lineTotal = 1 + weighted(random, [60, 28, 12]);
    const byMethod = new Map<Method | null, { ids: number[]; subtotal: number }>();
    let subtotal = 0;
    let items = 0;
    let adult = false;
    const chosen = new Set<number>();
    for (let n = 0; n < lineTotal; n++) {
      // Popular pieces first: a square skews the draw towards the start of the list.
      const product = products[Math.floor(random() ** 2 * products.length)]!;
      if (chosen.has(product.id)) continue;
      chosen.add(product.id);
      const quantity = random() < 0.85 ? 1 : 2;
      const lineId = ids.take('order_items');
      const madeToOrder = Boolean(product.made_to_order);
      const restricted = Boolean(product.age_restricted);
      adult ||= restricted;
      lines.push([
        lineId,
        orderId,
        product.id,
        product.name,
        product.slug,
        product.thumb,
        '{}',
        quantity,
        product.price_cents,
        product.price_cents * quantity,
        '[]',
        madeToOrder ? 1 : 0,
        madeToOrder ? 0 : quantity,
        restricted ? 1 : 0,
      ]);
      lineCount++;
      subtotal += product.price_cents * quantity;
      items += quantity;
      const method = restricted ? ageVerified : standard;
      const shipment = byMethod.get(method) ?? { ids: [], subtotal: 0 };
      shipment.ids.push(lineId);
      shipment.subtotal += product.price_cents * quantity;
      byMethod.set(method, shipment);
    }
    const shipments: object[] = [];
    let shipping = 0;
    for (const [method, shipment] of byMethod) {
      if (!method) continue;
      const free = method.free_over_cents !== null && shipment.subtotal >= method.free_over_cents;
      const price = free ? 0 : method.price_cents;
      shipping += price;
      shipments.push({
        method: method.code,
        name: method.name,
        kind: method.kind,
        age_verified: Boolean(method.age_verified),
        price: money(price),
        item_ids: shipment.ids,
      });
    }
    const status = orderStatus(random, createdAt, o.now);
    const paid = status === 'paid' || status === 'processing' || status === 'shipped';
    const paidAt = paid ? createdAt + between(random, 1, 48) * 3_600_000 : null;
    const closedAt =
      status === 'expired'
        ? createdAt + 7 * DAY_MS
        : status === 'canceled'
          ? createdAt + between(random, 1, 72) * 3_600_000
          : null;
    const updatedAt = Math.max(createdAt, paidAt ?? 0, closedAt ?? 0);
    const address = ukAddress(random);
    orders.push([
      orderId,
      tenantId,
      customer.id,
      number,
      status,
      'bank_transfer',
      subtotal + shipping,
      items,
      address.street,
      address.city,
      address.postalCode,
      'GB',
      customer.fullname,
      `+44 7700 9${String(between(random, 0, 99999)).padStart(5, '0')}`,
      `Pay by bank transfer quoting ${number}.`,
      iso(createdAt),
      paidAt === null ? null : iso(paidAt),
      iso(updatedAt),
      null,
      closedAt === null ? null : iso(closedAt),
      subtotal,
      shipping,
      JSON.stringify(shipments),
      adult ? 1 : 0,
      adult
        ? `19${between(random, 50, 99)}-0${between(random, 1, 9)}-1${between(random, 0, 9)}`
        : null,
      adult ? iso(createdAt) : null,
      adult ? 'I confirm that I am 18 or over.' : null,
    ]);
    if (orders.length >= BATCH) {
      await writer.insert('orders', ORDER_COLUMNS, orders);
      await writer.insert('order_items', ORDER_ITEM_COLUMNS, lines);
      orders = [];
      lines = [];
    }
  }
  await writer.insert('orders', ORDER_COLUMNS, orders);
  await writer.insert('order_items', ORDER_ITEM_COLUMNS, lines);
  return { orders: wanted - existing, lines: lineCount };
}

/** A settled status: recent orders are paid or being made, older ones mostly shipped. */
function orderStatus(random: Random, createdAt: number, now: number): string {
  if (now - createdAt < 5 * DAY_MS) return random() < 0.5 ? 'paid' : 'processing';
  return ['shipped', 'canceled', 'expired', 'paid'][weighted(random, [86, 7, 5, 2])]!;
}
