/**
 * The back office's API (decision 020): the routes of openapi/admin.yaml under
 * `{publicApiPath}/admin/`, made by fastify-openapi-glue as the storefront's are, in a scope of
 * their own with the same tenant check, JSON-only bodies and error bodies, and every answer
 * `no-store` (a shop's private records).
 *
 * Before a handler runs: the tenant header (./../tenant.ts), request validation against the
 * contract, the `staffAuth` check (a staff access token of this shop: ./staff-auth.ts), then
 * the operation's access from ./permissions.ts (403 for a role without it, and for a member
 * who must still set up the two-step verification their shop requires). The handlers
 * (./operations.ts) translate to the same domain folders the storefront uses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { FORBIDDEN_MESSAGE, can } from '../../staff/roles.ts';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import { apiRequests } from '../api-requests.ts';
import { HttpError } from '../http-error.ts';
import { notImplemented } from '../storefront/not-implemented.ts';
import { tenant } from '../tenant.ts';
import { imageBodies } from './image-bodies.ts';
import { adminHandlers } from './operations.ts';
import { ADMIN_OPERATION_ACCESS, type OperationAccess } from './permissions.ts';
import { ADMIN_SPECIFICATION_PATH } from './admin-spec.ts';
import { requireStaff, staffAuth } from './staff-auth.ts';

/** Beyond their own account, what a member held for two-step verification may still reach. */
const REACHABLE_WITHOUT_TOTP = new Set(['getSecuritySettings', 'updateSecuritySettings']);

export interface AdminApiOptions {
  /** The API's path prefix (config.publicApiPath); the back office's is `{it}/admin`. */
  publicApiPath: string;
}

/**
 * Wraps a handler with its operation's access check, which runs after the staff token was
 * verified (the glue's security handlers run first, in the route's preHandler).
 */
function guarded(
  operationId: string,
  access: OperationAccess,
  handler: RouteHandlerMethod,
): RouteHandlerMethod {
  if (access === 'public') return handler;
  return async function guardedHandler(
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const actor = requireStaff(request);
    if (access !== 'signed_in' && !can(actor.role, access)) {
      throw new HttpError(403, { detail: FORBIDDEN_MESSAGE });
    }
    // A shop that requires two-step verification lets a member without it reach only their
    // own account (the `signed_in` operations), where they set it up, and an owner the
    // security settings too, so the one who turned the requirement on can turn it off.
    if (access !== 'signed_in' && actor.mustSetUpTotp && !REACHABLE_WITHOUT_TOTP.has(operationId)) {
      throw new HttpError(403, { detail: STAFF_MESSAGES.setUpTotpFirst });
    }
    return handler.call(this, request, reply);
  };
}

/** Registers the back office's API routes (encapsulated: its hooks apply to them only). */
export async function adminApi(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const prefix = `${options.publicApiPath}/admin`;
  await app.register(tenant);
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
      const access = (ADMIN_OPERATION_ACCESS as Record<string, OperationAccess | undefined>)[
        operationId
      ];
      const handler = (adminHandlers as Record<string, RouteHandlerMethod | undefined>)[
        operationId
      ];
      // An operation nobody decided access for never runs (the table's type makes that rare).
      if (!access) return notImplemented;
      return guarded(operationId, access, handler ?? notImplemented);
    },
  });
}
