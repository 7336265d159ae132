/**
 * What every order move of the back office shares (decision 056): finding the order
 * by its number in the actor's shop and locking it, the refusals, the field checks, and the
 * activity log entry. Each move runs in one transaction under the order lock (./order-lock.ts)
 * and names the state it moves from in a conditional UPDATE, so a double click or two
 * processes make it once: the second is refused (`order_move_refused`) and records nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { OrderStatus } from './tables.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Journal } from '../platform/journal.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import type { OrderErrorCode } from './errors.ts';
import { ORDER_MOVE_MESSAGES, FIELD_MESSAGES } from './staff-move-messages.ts';
import { lockOrder, type OrderRow, type Trx } from './order-lock.ts';
import { CONTROL, CONTROL_BUT_LINES } from '../platform/text-checks.ts';

/** What a move answers: the order it moved and its status now. */
export interface OrderMoveResult {
  orderId: number;
  orderNumber: string;
  status: OrderStatus;
}

/** `order_not_found` ("Not found."): no order of that number in the actor's shop. */
export const orderNotFound = () =>
  new DomainError<OrderErrorCode>('order_not_found', ORDER_MOVE_MESSAGES.notFound);

/** `order_move_refused` (409) with the plain sentence the back office shows. */
export const moveRefused = (message: string) =>
  new DomainError<OrderErrorCode>('order_move_refused', message);

/** `invalid_order_input` (400) with each bad field's messages. */
export const invalidInput = (fields: FieldErrors) =>
  new DomainError<OrderErrorCode>('invalid_order_input', 'Invalid input.', { fields });

/**
 * The id of the order numbered `orderNumber` in shop `tenantId`, read before the move's
 * transaction: the number never changes, and on SQLite a transaction must write (the lock)
 * before it reads.
 * @throws DomainError `order_not_found` for no such order in that shop (another shop's too).
 */
export async function orderIdForMove(
  db: Kysely<Database>,
  tenantId: number,
  orderNumber: string,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
  if (!row) throw orderNotFound();
  return row.id;
}

/**
 * Locks the order for the rest of `trx` (first in it) and answers its row as it is now.
 * @throws DomainError `order_not_found` when it is gone.
 */
export async function lockOrderForMove(
  trx: Trx,
  orderId: number,
  tenantId: number,
): Promise<OrderRow> {
  const order = await lockOrder(trx, orderId, { tenantId });
  if (!order) throw orderNotFound();
  return order;
}

/** The refusal of a move that needs money on a closed or refunded order, or null. */
export function closedRefusal(order: Pick<OrderRow, 'status' | 'closed_at' | 'updated_at'>) {
  switch (order.status) {
    case 'canceled':
      return ORDER_MOVE_MESSAGES.canceled;
    case 'expired':
      return ORDER_MOVE_MESSAGES.expiredReopenFirst(
        toIsoString(order.closed_at ?? order.updated_at),
      );
    case 'refunded':
      return ORDER_MOVE_MESSAGES.refunded;
    default:
      return null;
  }
}

/**
 * Checks a text field a member typed in the back office: trimmed, not blank, at most `max`
 * characters, and without control characters (line breaks only where `lines`). Pushes DRF's
 * messages into `errors` under `field`.
 * @returns the trimmed text ('' when refused).
 */
export function checkText(
  errors: FieldErrors,
  field: string,
  value: unknown,
  { max, lines = false }: { max: number; lines?: boolean },
): string {
  if (typeof value !== 'string') {
    errors[field] = [FIELD_MESSAGES.required];
    return '';
  }
  const text = value.trim();
  if (text === '') errors[field] = [FIELD_MESSAGES.blank];
  else if (text.length > max) errors[field] = [FIELD_MESSAGES.tooLong(max)];
  else if ((lines ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    errors[field] = [FIELD_MESSAGES.controlCharacters];
  }
  return errors[field] ? '' : text;
}

/** Throws `invalid_order_input` when `errors` names any field. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}

/**
 * Writes the move to the activity log in its transaction (convention 18) through `journal`:
 * the order by its number, and the fields the move changed, before and after.
 * @param journal the acting member's (`Acting.journal`), or the system's when no member acted
 *   (the order sweep, a provider's answer): the door or the app hands it in, bound to the
 *   order's shop and to who acted.
 * @param at the move's clock.
 */
export async function logOrderMove(
  trx: Trx,
  journal: Journal,
  order: Pick<OrderRow, 'order_number'>,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await journal(
    trx,
    { action, objectType: 'order', objectId: order.order_number, before, after },
    at,
  );
}
