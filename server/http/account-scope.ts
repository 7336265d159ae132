/**
 * The request's shop and client address in the shape the accounts' rules take
 * (server/accounts/context.ts AccountScope), shared by the accounts' handlers.
 */
import type { FastifyRequest } from 'fastify';
import type { AccountScope } from '../accounts/context.ts';

/** The request's database, tenant and client IP address (what the throttles count). */
export function accountScope(request: FastifyRequest): AccountScope {
  return { db: request.server.db, tenantId: request.tenant.id, clientAddress: request.ip };
}
