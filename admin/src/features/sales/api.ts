/**
 * The sales view's calls (owners only).
 *
 * Queries (keys start with `['sales']`):
 * - `salesQuery(search)`: `GET /sales/?period=&from=&to=`, key `['sales','report',search]`: a
 *   period's figures against the period before, each day's revenue, the top products and
 *   categories.
 *
 * `downloadSalesExport(kind, from, to)`: `GET /sales/exports/{kind}/`, the accountant's CSV
 * file, saved under the name the server gives it. The call needs the bearer token, so it goes
 * through the API client (which refreshes the token) and the answer is saved from a Blob, not
 * opened as a link.
 */
import { api, type Schemas } from '../../api/client';
import { dataOf, pagedQuery } from '../../api/queries';

export type SalesReport = Schemas['SalesReport'];
export type SalesPeriod = Schemas['SalesPeriod'];
export type SalesChange = Schemas['SalesChange'];
export type SalesExportKind = 'orders' | 'payments' | 'refunds';

export const SALES_QUERY_KEY = ['sales'] as const;

/** What the view asks for: a period, and its days for a range. */
export interface SalesSearch {
  period: SalesPeriod;
  from?: string;
  to?: string;
}

export const salesQuery = (search: SalesSearch) => {
  const query =
    search.period === 'range'
      ? { period: search.period, from: search.from, to: search.to }
      : { period: search.period };
  return pagedQuery([...SALES_QUERY_KEY, 'report', query] as const, (signal) =>
    dataOf(api.GET('/sales/', { params: { query }, signal })),
  );
};

/** The file's name from the answer's Content-Disposition, else `kind-from-to-to.csv`. */
export function exportFileName(
  contentDisposition: string | null,
  kind: SalesExportKind,
  from: string,
  to: string,
): string {
  const named = /filename="([^"\\/]+)"/.exec(contentDisposition ?? '')?.[1];
  return named ?? `${kind}-${from}-to-${to}.csv`;
}

/**
 * Downloads the `kind` export of the days from `from` to `to` (`YYYY-MM-DD`, both included).
 * Resolves to the file's name; rejects with the `ApiError` of a refusal (400 on the days).
 */
export async function downloadSalesExport(
  kind: SalesExportKind,
  from: string,
  to: string,
): Promise<string> {
  const { data, response } = await api.GET('/sales/exports/{kind}/', {
    params: { path: { kind }, query: { from, to } },
    parseAs: 'blob',
  });
  const name = exportFileName(response.headers.get('content-disposition'), kind, from, to);
  const url = URL.createObjectURL(data as unknown as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After this task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
