/**
 * What a domain operation is told about who acts, and how it writes down what it changed
 * (issue 37: permissions and the activity log at the door).
 *
 * The door (the HTTP layer, or the app for a scheduled sweep) checks the role, then hands the
 * domain an {@link Acting}: the shop, the staff member's id and name for the rows that name
 * them, and a {@link Journal} bound to them. The domain calls the journal with the change it
 * made, inside the transaction that makes it, so the entry commits with the change or not at
 * all; the door's journal writes the activity log (server/staff/activity-log.ts, decision 055).
 * A domain folder imports neither the log nor a staff member's session: it knows a change,
 * never a role.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from './db/database.ts';

/**
 * The kinds of object the activity log names, as its `object_type` column holds them: the
 * contract's ActivityObjectType, its one list (openapi/admin.yaml).
 */
export type JournalObjectType = Schemas['ActivityObjectType'];

/** One change, as a domain reports it. `before`/`after` are plain JSON values, or absent. */
export interface JournalChange {
  /** A dotted verb, e.g. `order.mark_paid`, `product.stock_set`, `review.approve`. */
  action: string;
  objectType: JournalObjectType;
  /** The object's public id: an order number, a product id, a category id. */
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one change down in `db`, the transaction that makes it (a plain connection only for a
 * change that is a single statement of its own). `at` is the operation's clock (so a test's
 * moved clock is honoured); now when absent.
 */
export type Journal = (
  db: Transaction<Database> | Kysely<Database>,
  change: JournalChange,
  at?: Date,
) => Promise<void>;

/** Who acts in a back-office operation, as the door hands it to the domain. */
export interface Acting {
  tenantId: number;
  /** The staff member acting: `id` for the columns that name them, `name` for the text that does. */
  staff: { id: number; name: string };
  /** Writes the operation's changes to the activity log, naming the member. */
  journal: Journal;
}
