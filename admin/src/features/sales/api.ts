/**
 * The sales view's calls (owners only).
 *
 * Queries (keys start with `['sales']`):
 * - `salesQuery(search)`: `GET /sales/?period=&from=&to=`, key `['sales','report',search]`: a
 *   period's figures against the period before, each day's revenue, the top products and
 *   categories.
 *
 * - `ossQuery(quarter)`: `GET /sales/oss/?quarter=`, key `['sales','oss',quarter]`: the quarter's
 *   One-Stop Shop return by member state and rate (issue 41).
 *
 * `downloadOssExport(quarter)`: `GET /sales/exports/oss/`, the same return as a CSV file.
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
export type OssReport = Schemas['OssReport'];

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
  saveBlob(data as unknown as Blob, name);
  return name;
}

export const ossQuery = (quarter: string) =>
  pagedQuery([...SALES_QUERY_KEY, 'oss', quarter] as const, (signal) =>
    dataOf(api.GET('/sales/oss/', { params: { query: { quarter } }, signal })),
  );

/** Saves a Blob under `name` through a link the browser follows once. */
function saveBlob(data: Blob, name: string) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After this task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads the One-Stop Shop return of `quarter` (`2026-Q4`) as a CSV file; resolves to its
 * name, rejects with the `ApiError` of a refusal (400 on `quarter`).
 */
export async function downloadOssExport(quarter: string): Promise<string> {
  const { data, response } = await api.GET('/sales/exports/oss/', {
    params: { query: { quarter } },
    parseAs: 'blob',
  });
  const named = /filename="([^"\\/]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const name = named?.[1] ?? `oss-${quarter}.csv`;
  saveBlob(data as unknown as Blob, name);
  return name;
}
