/**
 * The cases every operation of the contract gets, read from the contract itself so a new
 * operation is covered without editing this file: each customer (bearerAuth) operation,
 * implemented or not, answers 401 without a token and with an invalid one (spec section 6);
 * each operation outside IMPLEMENTED answers 501 with a `detail`; and each name in IMPLEMENTED
 * is still an operation of the contract.
 */
import { TENANT_HEADER, DEMO, detailIs, type Case } from '../case';
import { isObject, type JsonObject, type Operation } from '../contract-document';
import { IMPLEMENTED } from '../implemented';
import { wellFormedRequest } from '../sampler';

const NOT_PROVIDED = 'Authentication credentials were not provided.';
const TOKEN_NOT_VALID = 'Given token not valid for any token type';

/** True when the operation needs a customer's bearer token (spec section 6). */
function needsBearer(doc: JsonObject, op: Operation): boolean {
  const security = op.op.security ?? doc.security;
  // Required only when every alternative names it: the contact form takes a token optionally.
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement) => isObject(requirement) && 'bearerAuth' in requirement)
  );
}

/**
 * A well-formed request for an operation, with the demo customer's access token, so the API
 * can only answer 501 for not being implemented. Asked of the API directly: Prism turns an
 * upstream 501 into a mock answer.
 */
function notImplementedCase(doc: JsonObject, op: Operation, access: string): Case {
  const { path, query, body } = wellFormedRequest(doc, op);
  return {
    name: `${op.operationId} is not implemented yet`,
    operationId: op.operationId,
    method: op.method,
    path,
    query,
    headers: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${access}` },
    body,
    status: 501,
    via: 'direct',
    check: (b) =>
      isObject(b) && typeof b.detail === 'string' && b.detail.length > 0
        ? null
        : `expected a detail, got ${JSON.stringify(b)}`,
  };
}

/**
 * A customer operation refuses a request without a bearer token (asked directly: Prism's own
 * security check would answer it) and one with an invalid token (through Prism).
 */
function bearerCases(doc: JsonObject, op: Operation, access: string): Case[] {
  const base = notImplementedCase(doc, op, access);
  return [
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
      name: `${op.operationId} with an invalid bearer token`,
      headers: { [TENANT_HEADER]: DEMO, authorization: 'Bearer not-a-valid-token' },
      status: 401,
      via: 'strict',
      check: detailIs(TOKEN_NOT_VALID),
    },
  ];
}

/**
 * The contract-wide cases, in the contract's operation order: IMPLEMENTED names missing from
 * the contract first (they fail as unknown operations), then per operation its 401s and 501.
 * `access` is the demo customer's access token.
 */
export function contractWideCases(doc: JsonObject, allOps: Operation[], access: string): Case[] {
  const known = new Set(allOps.map((o) => o.operationId));
  const cases: Case[] = IMPLEMENTED.filter((id) => !known.has(id)).map((id) => ({
    name: `${id} exists in the contract`,
    operationId: id,
    method: 'GET',
    path: '/',
    status: 200,
  }));
  const implemented = new Set<string>(IMPLEMENTED);
  for (const op of allOps) {
    if (needsBearer(doc, op)) cases.push(...bearerCases(doc, op, access));
    if (!implemented.has(op.operationId)) cases.push(notImplementedCase(doc, op, access));
  }
  return cases;
}
