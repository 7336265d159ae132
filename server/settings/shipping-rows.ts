/**
 * What the shop's shipping zones (./shipping-zones.ts) and methods (./shipping-methods.ts) share
 * as settings: one table each, whose rows the shop keeps in an order of its own (`position`, then
 * `id`), read, found, created, changed, deleted and reordered alike, each change logged as
 * `shipping_<noun>.<verb>` on the object `shipping_<noun>:<id>`.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import {
  invalidSettings,
  recordSettingsChange,
  saveSettingsChange,
  settingsNotFound,
  settingsTransaction,
} from './checks.ts';
import type { Db, SettingsContext, Trx } from './checks.ts';

/** The tables of a shop's zones and of its methods. */
export type ShippingTable = 'shipping_zones' | 'shipping_methods';

/** A zone or a method as the settings answer it: its id and its place in the shop's order. */
type Positioned = { id: number; position: number };

/** The position after the last of `rows`: 0 for a shop's first. */
export function nextPosition(rows: readonly { position: number }[]): number {
  return rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.position)) + 1;
}

/** True when `ids` names each of `existing` exactly once. */
export function sameIds(existing: readonly number[], ids: readonly number[]): boolean {
  return (
    existing.length === ids.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => existing.includes(id))
  );
}

/**
 * A shop's shipping zones or its methods (items `T`, stored in `table`): how they are read,
 * found, logged when created, changed or deleted, and reordered. `noun` (`zone` or `method`)
 * names them in the log (`shipping_<noun>.create` on `shipping_<noun>:<id>`) and in refusals;
 * `toItem` reads a stored row as the item the settings answer.
 */
export class ShippingRows<K extends ShippingTable, T extends Positioned> {
  constructor(
    readonly table: K,
    readonly noun: 'zone' | 'method',
    private readonly toItem: (row: Selectable<Database[K]>) => T,
  ) {}

  /**
   * Shop `tenantId`'s items, in their order (position, then id).
   * @throws the database's error
   */
  async list(db: Db | Trx, tenantId: number): Promise<T[]> {
    const rows = await db
      .selectFrom(this.table as ShippingTable)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toItem(row as Selectable<Database[K]>));
  }

  /**
   * Item `id` of shop `tenantId`.
   * @throws DomainError `settings_not_found` when the shop has no such row (another shop's too).
   */
  async find(trx: Trx, tenantId: number, id: number): Promise<T> {
    const row = await trx
      .selectFrom(this.table as ShippingTable)
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw settingsNotFound();
    return this.toItem(row as Selectable<Database[K]>);
  }

  /** `shipping_<noun>:<id>`: the object a change of item `id` is logged on. */
  private objectOf(id: number): string {
    return `shipping_${this.noun}:${id}`;
  }

  /** Logs `shipping_<noun>.create` for `created`, in `trx`, with its fields but id and position. */
  async recordCreate(trx: Trx, ctx: SettingsContext, created: T): Promise<void> {
    const { id, position: _position, ...after } = created;
    await recordSettingsChange(trx, ctx, `shipping_${this.noun}.create`, this.objectOf(id), {
      after,
    });
  }

  /**
   * Deletes `deleted` (the caller found it in the shop and allowed it) and logs
   * `shipping_<noun>.delete` with its fields, but its id and position, as they were.
   */
  async delete(trx: Trx, ctx: SettingsContext, deleted: T): Promise<void> {
    await trx
      .deleteFrom(this.table as ShippingTable)
      .where('tenant_id', '=', ctx.acting.tenantId)
      .where('id', '=', deleted.id)
      .execute();
    const { id, position: _position, ...before } = deleted;
    await recordSettingsChange(trx, ctx, `shipping_${this.noun}.delete`, this.objectOf(id), {
      before,
    });
  }

  /**
   * When `after` differs from `before` (item `before.id`), runs `write` to save it and logs
   * `shipping_<noun>.update` with the fields that changed.
   */
  async saveChange(
    trx: Trx,
    ctx: SettingsContext,
    before: T,
    after: T,
    write: () => Promise<unknown>,
  ): Promise<void> {
    const action = `shipping_${this.noun}.update`;
    await saveSettingsChange(trx, ctx, action, this.objectOf(before.id), before, after, write);
  }

  /**
   * Puts the shop's items in the order of `ids` (each of them once), logs
   * `shipping_<noun>.reorder` with the ids before and after (nothing when the order is the
   * same), and answers them in their new order.
   * @throws DomainError `invalid_settings` on `ids` when it does not name each item once.
   */
  async reorder(ctx: SettingsContext, ids: readonly number[]): Promise<T[]> {
    return settingsTransaction(ctx, async (trx, tenantId) => {
      const rows = await this.list(trx, tenantId);
      const before = rows.map((row) => row.id);
      if (!sameIds(before, ids)) {
        throw invalidSettings({ ids: [`Name every ${this.noun} once, in the new order.`] });
      }
      for (const [position, id] of ids.entries()) {
        await trx
          .updateTable(this.table as ShippingTable)
          .set({ position })
          .where('id', '=', id)
          .where('tenant_id', '=', tenantId)
          .execute();
      }
      if (JSON.stringify(before) !== JSON.stringify(ids)) {
        await recordSettingsChange(trx, ctx, `shipping_${this.noun}.reorder`, this.table, {
          before: { ids: before },
          after: { ids },
        });
      }
      return ids.map((id, position) => ({ ...rows.find((row) => row.id === id)!, position }));
    });
  }
}
