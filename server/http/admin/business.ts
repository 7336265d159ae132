/**
 * Knowing the business (openapi/admin.yaml, tags sales and customers): the sales view and the
 * accountant's CSV exports (owners; server/orders/sales-report.ts, sales-exports.ts), the
 * One-Stop Shop return (owners; server/orders/oss-report.ts), and the
 * customers, read-only (any member; server/accounts/customers.ts). The role was checked before a
 * handler runs (./permissions.ts); each only translates the query to the domain and back. A
 * refusal is a DomainError the error handler answers (server/http/domain-errors.ts).
 */
import {
  getCustomer as customerOf,
  listCustomers as customersOf,
} from '../../accounts/customers.ts';
import { salesExport } from '../../orders/sales-exports.ts';
import { salesReport } from '../../orders/sales-report.ts';
import { ossExport, ossReport } from '../../orders/oss-report.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageAnswer } from './orders.ts';
import { requireStaff } from './staff-auth.ts';

/** GET /sales/?period=&from=&to= -> SalesReport; 400 on `from` or `to` for a range that is none. */
export const getSales: AdminOperationHandler<'getSales'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const query = request.query ?? {};
  return salesReport(
    request.server.db,
    tenantId,
    { period: query.period, from: query.from, to: query.to },
    request.server.orders.now(),
  );
};

/**
 * GET /sales/exports/{kind}/?from=&to= -> 200 text/csv, streamed as it is read, with
 * `Content-Disposition: attachment`; 400 on `from` or `to` before anything is read.
 */
export const exportSales: AdminOperationHandler<'exportSales'> = async (request, reply) => {
  const { tenantId } = requireStaff(request);
  const query = request.query ?? {};
  const file = await salesExport(
    request.server.db,
    tenantId,
    request.params.kind,
    query.from,
    query.to,
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
};

/**
 * GET /sales/oss/?quarter=2026-Q4 -> OssReport (issue 41, server/orders/oss-report.ts); 400 on
 * `quarter` for one that is not a quarter from 2021-Q3.
 */
export const getOssReport: AdminOperationHandler<'getOssReport'> = async (request) => {
  const { tenantId } = requireStaff(request);
  return ossReport(request.server.db, tenantId, request.query?.quarter);
};

/**
 * GET /sales/exports/oss/?quarter=2026-Q4 -> 200 text/csv `oss-2026-Q4.csv` as an attachment;
 * 400 on `quarter` before anything is read.
 */
export const exportOssReport: AdminOperationHandler<'exportOssReport'> = async (request, reply) => {
  const { tenantId } = requireStaff(request);
  const file = await ossExport(request.server.db, tenantId, request.query?.quarter);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
};

/** GET /customers/?search=&page= -> CustomerList (25 a page); 404 "Invalid page." past the last. */
export const listCustomers: AdminOperationHandler<'listCustomers'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const query = request.query ?? {};
  const page = await customersOf(request.server.db, tenantId, {
    search: query.search,
    page: query.page,
  });
  return pageAnswer(request, page);
};

/** GET /customers/{customer_id}/ -> Customer; 404 for none in the shop (an erased one too). */
export const getCustomer: AdminOperationHandler<'getCustomer'> = async (request) => {
  const { tenantId } = requireStaff(request);
  return customerOf(request.server.db, tenantId, Number(request.params.customer_id));
};

/** The sales view, its exports and the customers, by operationId. */
export const businessHandlers: AdminHandlerMap = {
  getSales,
  exportSales,
  getOssReport,
  exportOssReport,
  listCustomers,
  getCustomer,
};
