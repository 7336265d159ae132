/**
 * The cases every operation of the back office's contract gets, read from the contract so a new
 * operation is covered without editing this file: each staff operation (`staffAuth`) answers
 * 401 without a bearer token (asked of the API directly: Prism's own security check would
 * answer it) and 401 with a shopper's storefront access token (through Prism: a customer's
 * token is no staff token); each operation without it (signing in, refreshing, accepting an
 * invitation) answers 401 without the tenant header (directly) and 403 for an unknown shop;
 * the first-run set-up, which needs neither, gets its own (./shop.ts).
 * The requests are the contract's own examples (../sampler.ts), refused before any handler
 * runs, so nothing changes.
 */
import { TENANT_HEADER, DEMO, detailIs, type Case } from '../case';
import type { JsonObject, Operation } from '../contract-document';
import { wellFormedRequest } from '../sampler';
import { NOT_PROVIDED, TOKEN_NOT_VALID } from './admin-setup';

/** True when the operation needs a member of staff's access token. */
function needsStaff(doc: JsonObject, op: Operation): boolean {
  return JSON.stringify(op.op.security ?? doc.security ?? []).includes('staffAuth');
}

/** The contract-wide cases, in the contract's operation order. */
export function accessCases(
  doc: JsonObject,
  ops: Operation[],
  shopper: Record<string, string>,
): Case[] {
  const cases: Case[] = [];
  for (const op of ops) {
    // The first-run set-up (`security: []`): no shop to name, nor any member yet (./shop.ts).
    if (Array.isArray(op.op.security) && op.op.security.length === 0) continue;
    const { path, query, body, rawBody } = wellFormedRequest(doc, op);
    const base = { operationId: op.operationId, method: op.method, path, query, body, rawBody };
    if (needsStaff(doc, op)) {
      cases.push(
        {
          ...base,
          name: `${op.operationId} without a bearer token`,
          headers: { [TENANT_HEADER]: DEMO },
          status: 401,
          via: 'direct',
          check: detailIs(NOT_PROVIDED),
        },
        {
          ...base,
          name: `${op.operationId} with a shopper's storefront access token`,
          headers: shopper,
          status: 401,
          check: detailIs(TOKEN_NOT_VALID),
        },
      );
    } else {
      cases.push(
        {
          ...base,
          name: `${op.operationId} without ${TENANT_HEADER}`,
          headers: {},
          status: 401,
          via: 'direct',
          check: detailIs('Tenant token missing.'),
        },
        {
          ...base,
          name: `${op.operationId} with an unknown tenant token`,
          headers: { [TENANT_HEADER]: 'no-such-tenant' },
          status: 403,
          check: detailIs('Unknown tenant token.'),
        },
      );
    }
  }
  return cases;
}
