/**
 * The back office's API (decisions 020 and 062): the routes of openapi/admin.yaml under
 * `{publicApiPath}/admin/`, made by fastify-openapi-glue as the storefront's are, in a scope of
 * their own with the same tenant check, JSON-only bodies and error bodies, and every answer
 * `no-store` (a shop's private records).
 *
 * Before a handler runs, in this order: the tenant header (./../tenant.ts); then, at the door
 * (an `onRequest` hook, before the body is even parsed), the `staffAuth` check of every
 * operation that is not public (a staff access token of this shop: ./staff-auth.ts; 401) and
 * the operation's access from ./permissions.ts (403 for a role without it, and for a member
 * who must still set up the two-step verification their shop requires); only then the body's
 * media type, its parsing and the request's validation against the contract (400). So a
 * request without a valid staff token learns nothing of what an operation accepts, and costs
 * no parsing. The handlers (./operations.ts) translate to the same domain folders the
 * storefront uses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { FORBIDDEN_MESSAGE } from '../../staff/roles.ts';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import { apiRequests } from '../api-requests.ts';
import { HttpError } from '../http-error.ts';
import { notImplemented } from '../storefront/not-implemented.ts';
import { tenant } from '../tenant.ts';
import { imageBodies } from './image-bodies.ts';
import { adminHandlers } from './operations.ts';
import { ADMIN_OPERATION_ACCESS, can, type OperationAccess } from './permissions.ts';
import { ADMIN_SPECIFICATION_PATH } from './admin-spec.ts';
import { requireStaff, staffAuth } from './staff-auth.ts';

/**
 * Beyond their own account, what a member held for two-step verification may still reach: an
 * owner may read the rule, but changing it takes a session that passed two-step verification
 * (server/staff/policy.ts), so they set up theirs first.
 */
const REACHABLE_WITHOUT_TOTP = new Set(['getSecuritySettings']);

export interface AdminApiOptions {
  /** The API's path prefix (config.publicApiPath); the back office's is `{it}/admin`. */
  publicApiPath: string;
}

/** The operation a request was routed to (its contract's operationId), if any. */
function operationOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
}

function accessOf(operationId: string | undefined): OperationAccess | undefined {
  return operationId
    ? (ADMIN_OPERATION_ACCESS as Record<string, OperationAccess | undefined>)[operationId]
    : undefined;
}

/**
 * The door of every admin operation but the public ones (sign-in, refresh, accepting an
 * invitation, a forgotten password): the staff token (401), then the operation's access for
 * the member's role (403) and the shop's two-step rule (403). Runs before the body is parsed
 * and validated.
 * @throws HttpError 401 or 403.
 */
async function atTheDoor(request: FastifyRequest): Promise<void> {
  const operationId = operationOf(request);
  const access = accessOf(operationId);
  // An unknown route (404) or a public operation: nothing to check here. (The first-run set-up
  // never reaches this API: ./first-run.ts answers it before the hand-over.)
  if (!operationId || !access || access === 'public' || access === 'first_run') return;
  await staffAuth(request);
  const actor = requireStaff(request);
  if (access !== 'signed_in' && !can(actor.role, access)) {
    throw new HttpError(403, { detail: FORBIDDEN_MESSAGE });
  }
  // A shop that requires two-step verification lets a member without it reach only their
  // own account (the `signed_in` operations), where they set it up, and an owner the reading
  // of the security settings.
  if (access !== 'signed_in' && actor.mustSetUpTotp && !REACHABLE_WITHOUT_TOTP.has(operationId)) {
    throw new HttpError(403, { detail: STAFF_MESSAGES.setUpTotpFirst });
  }
}

/**
 * Wraps the handler of an operation that is not public with the check that the door let a
 * member in (a 401 should the route ever run without it), so no handler reads a missing actor.
 */
function guarded(access: OperationAccess, handler: RouteHandlerMethod): RouteHandlerMethod {
  if (access === 'public' || access === 'first_run') return handler;
  return async function guardedHandler(
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    requireStaff(request);
    return handler.call(this, request, reply);
  };
}

/** Registers the back office's API routes (encapsulated: its hooks apply to them only). */
export async function adminApi(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const prefix = `${options.publicApiPath}/admin`;
  await app.register(tenant);
  // After the tenant's own onRequest hook: the staff check needs the shop.
  app.addHook('onRequest', atTheDoor);
  await app.register(apiRequests, { noStorePrefix: `${prefix}/` });
  // The image upload's body is the file's bytes (./image-bodies.ts).
  await app.register(imageBodies);
  await app.register(openapiGlue, {
    specification: ADMIN_SPECIFICATION_PATH,
    prefix,
    securityHandlers: {
      tenantToken: async (): Promise<void> => {},
      staffAuth,
    },
    operationResolver: (operationId: string) => {
      const access = accessOf(operationId);
      const handler = (adminHandlers as Record<string, RouteHandlerMethod | undefined>)[
        operationId
      ];
      // An operation nobody decided access for never runs (the table's type makes that rare);
      // nor does the first-run set-up here, whose routes ./first-run.ts serves outside any shop.
      if (!access || access === 'first_run') return notImplemented;
      return guarded(access, handler ?? notImplemented);
    },
  });
}
