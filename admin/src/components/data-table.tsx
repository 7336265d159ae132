/**
 * A list as a table (TanStack Table, headless: the markup is ours). At 1280 px it is a table with a
 * header row; below 700 px each row becomes a card (admin/src/styles/lists.css, `.data-table`):
 * every cell shows its column's header before its value (`data-label`), so nothing scrolls sideways
 * and nothing loses its name.
 *
 * The rows are what the server sent, in its order: filtering, sorting and paging belong to the
 * server and the URL, so the table only lays out. `columns` must be stable (module scope or
 * useMemo), as TanStack Table asks. A column's header should be a string: it labels the cell
 * on a phone; `meta.cell` adds a class to its cells (`cell-title` leads the card, `cell-end`
 * sits right-aligned in the table).
 */
import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue> {
    /** Class of the column's cells: `cell-title` leads the phone card, `cell-end` aligns right. */
    cell?: string;
  }
}

/** The table features every back office list uses: none beyond the core rows and columns. */
export const listFeatures = tableFeatures({});
export type ListFeatures = typeof listFeatures;
export type ListColumns<T extends RowData> = ColumnDef<ListFeatures, T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A column helper for rows of type `T`. */
export const listColumns = <T extends RowData>() => createColumnHelper<ListFeatures, T>();

export function DataTable<T extends RowData>({
  caption,
  columns,
  data,
  rowId,
  empty,
}: {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: ListColumns<T>;
  data: T[];
  rowId: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
}) {
  const table = useTable({
    features: listFeatures,
    columns,
    data,
    getRowId: (row) => rowId(row),
  });
  if (data.length === 0) return <p className="empty">{empty}</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={header.column.columnDef.meta?.cell || undefined}
              >
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => {
              const header = cell.column.columnDef.header;
              return (
                <td
                  key={cell.id}
                  data-label={typeof header === 'string' ? header : undefined}
                  className={cell.column.columnDef.meta?.cell || undefined}
                >
                  <div className="cell-value">
                    <table.FlexRender cell={cell} />
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
