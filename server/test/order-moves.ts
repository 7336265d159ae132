/**
 * Fixtures of the back office's move tests (mark paid, ship, collection, cancel, reopen,
 * reminders): one seeded app per file, an owner and a staff member of the demo shop, orders
 * placed through the real checkout (so their stock is taken as a shopper's is) with the
 * shipping each line is sent by, the order's rows, e-mails and activity the tests assert on,
 * and a refusal as the client would read it.
 */
import type { components } from '../../common/storefront-api';
import { toMinorUnits } from '../../common/money.ts';
import { statusOfDomainError } from '../http/domain-errors.ts';
import type { AppConfig } from '../config/config.ts';
import type { OrderContext } from '../orders/context.ts';
import { DomainError, errorBody } from '../platform/domain-error.ts';
import { paySandbox, queuedEmails, startPayment } from './sandbox.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  productsInStock,
  setProduct,
  type TestCustomer,
} from './shop.ts';
import { createStaff, tenantIdOf, type TestStaff } from './staff.ts';
import { useTestApp } from './test-app.ts';

type Order = components['schemas']['Order'];

/** One line to order: a product, how many, and the shipping method that carries it. */
export interface OrderDetailLine {
  productId: number;
  quantity?: number;
  /** A shipping method's code (`uk-standard`, `uk-express`, `uk-age-verified`, `collection`). */
  ship?: string;
  customization?: Record<string, string>;
  /** The variant to order, for a piece sold in variants (issue 42). */
  variantId?: number;
}

/**
 * One seeded app for the calling test file (its config adjusted by `overrides`), and the back
 * office's fixtures on it.
 */
export function useOrderMoves(overrides: Partial<AppConfig> = {}) {
  const t = useTestApp(overrides);
  const people = {} as { owner: TestStaff; staff: TestStaff; tenantId: number };
  beforeAll(async () => {
    people.tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
    people.owner = await createStaff(t.app.db, { tenantId: people.tenantId, role: 'owner' });
    people.staff = await createStaff(t.app.db, { tenantId: people.tenantId, role: 'staff' });
  });

  let products: { id: number; name: string }[] = [];
  let next = 0;
  /**
   * An active product of the demo shop, not age-restricted, that no seeded order holds and no
   * earlier call of this file handed out (round again when they run out), its stock set to
   * `stock`.
   */
  async function freshProduct(stock = 10) {
    if (products.length === 0) {
      const held = new Set(
        (await t.app.db.selectFrom('order_items').select('product_id').execute()).map(
          (r) => r.product_id,
        ),
      );
      // Age-restricted products travel only by age-verified delivery: the tests that want one
      // ask for it by name.
      const restricted = new Set(
        (
          await t.app.db
            .selectFrom('products')
            .select('id')
            .where('age_restricted', '=', 1)
            .execute()
        ).map((r) => r.id),
      );
      products = (await productsInStock(t.app, 'demo-handcraft', -1)).filter(
        (p) => !held.has(p.id) && !restricted.has(p.id),
      );
    }
    const product = products[next++ % products.length]!;
    await setProduct(t.app, product.id, { stock });
    return product;
  }

  /**
   * A new shopper's order of `lines` by `method`, each line sent by its `ship` method
   * (`uk-standard` unless told), to the test address in the United Kingdom.
   */
  const shoppers = new Map<string, TestCustomer>();
  async function placeOrder(
    lines: OrderDetailLine[],
    method: Order['payment_method'] = 'bank_transfer',
  ): Promise<Order> {
    const me = await createCustomer(t.app);
    const shipping: { item_id: number; method: string }[] = [];
    for (const line of lines) {
      const cart = await call<{ items: { id: number; product: { id: number } }[] }>(
        t.app,
        'POST',
        '/orders/cart/add-item/',
        me.headers,
        {
          product_id: line.productId,
          quantity: line.quantity ?? 1,
          ...(line.customization ? { customization: line.customization } : {}),
          ...(line.variantId ? { variant_id: line.variantId } : {}),
        },
      );
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      const item = cart.body.items.find(
        (i) => i.product.id === line.productId && !shipping.some((s) => s.item_id === i.id),
      )!;
      shipping.push({ item_id: item.id, method: line.ship ?? 'uk-standard' });
    }
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: method,
      delivery_address: ADDRESS,
      shipping,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    shoppers.set(placed.body.order_number, me);
    return placed.body;
  }

  /** The shopper pays a card order on the sandbox gateway's page: it is paid. */
  async function payByCard(order: Order) {
    const payment = await startPayment(t.app, shoppers.get(order.order_number)!, order.id);
    const paid = await paySandbox(t.app, payment.payment_uuid, order.total_price);
    expect(paid.status).toBe(200);
    expect((await orderRow(order.order_number)).status).toBe('paid');
    return payment;
  }

  /** The order's row, by its number. */
  const orderRow = (orderNumber: string) =>
    t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();

  /** The activity log's entries about the order, oldest first, with before and after parsed. */
  async function activityOf(orderNumber: string) {
    const rows = await t.app.db
      .selectFrom('activity_log')
      .selectAll()
      .where('object_type', '=', 'order')
      .where('object_id', '=', orderNumber)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      staff_id: row.staff_id,
      action: row.action,
      before: row.before === null ? null : (JSON.parse(row.before) as unknown),
      after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    }));
  }

  /** The kinds of the e-mails queued about the order, in order. */
  const emailKinds = async (orderNumber: string) =>
    (await queuedEmails(t.app, orderNumber)).map((e) => e.kind);

  /** The data of the order's last e-mail of `kind`. */
  async function emailData<T = Record<string, unknown>>(orderNumber: string, kind: string) {
    const row = (await queuedEmails(t.app, orderNumber)).filter((e) => e.kind === kind).at(-1);
    if (!row) throw new Error(`No ${kind} e-mail for ${orderNumber}.`);
    return JSON.parse(row.data) as T;
  }

  /** The app's order context, its clock at `at` when given. */
  const ctx = (at?: Date): OrderContext =>
    at ? { ...t.app.orders, now: () => new Date(at) } : t.app.orders;

  /** The order's deadline moved into the past, and the sweep run: it expires. */
  async function expire(orderNumber: string) {
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_number', '=', orderNumber)
      .execute();
    await t.app.sweepOrders();
    expect((await orderRow(orderNumber)).status).toBe('expired');
  }

  return {
    t,
    /** The demo shop's owner (made in beforeAll). */
    get owner() {
      return people.owner;
    },
    /** A staff member of the demo shop (made in beforeAll). */
    get staff() {
      return people.staff;
    },
    get tenantId() {
      return people.tenantId;
    },
    freshProduct,
    placeOrder,
    payByCard,
    /** The shopper who placed the order (placeOrder's). */
    shopperOf: (orderNumber: string) => shoppers.get(orderNumber)!,
    orderRow,
    activityOf,
    emailKinds,
    emailData,
    ctx,
    expire,
  };
}

/**
 * Awaits a back-office move that must be refused, and answers the refusal as the client reads it:
 * the status server/http/domain-errors.ts gives its code, and the body.
 */
export async function refusalOf(
  move: Promise<unknown>,
): Promise<{ status: number; code: string; body: Record<string, unknown> }> {
  try {
    await move;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const refused = error as DomainError;
    return { status: statusOfDomainError(refused), code: refused.code, body: errorBody(refused) };
  }
  throw new Error('expected a refusal, got an answer');
}

/** An amount of the contract in cents ("475.00" -> 47500). */
export const centsOf = (amount: string): number => toMinorUnits(amount)!;
