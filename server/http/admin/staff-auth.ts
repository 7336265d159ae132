/**
 * The back office's `staffAuth` security scheme (openapi/admin.yaml): a fastify-openapi-glue
 * security handler that accepts only a staff ACCESS token of the request's shop (audience
 * `staff:<tenant id>`, type `staff_access`: never a shopper's token) whose session is open and
 * whose member is not removed (server/staff/sessions.ts verifyStaffAccess), and sets
 * `request.staff`. Otherwise, as the shoppers' bearer check (../auth.ts) answers:
 * - no `Authorization: Bearer` header -> 401 `{"detail":"Authentication credentials were not
 *   provided."}`;
 * - any other failure -> 401 `{"detail":"Given token not valid for any token type"}`.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/domain-error.ts';
import type { StaffActor } from '../../staff/actor.ts';
import { actingOf } from '../../staff/activity-log.ts';
import type { Acting } from '../../platform/journal.ts';
import { verifyStaffAccess } from '../../staff/sessions.ts';
import { HttpError } from '../http-error.ts';
import './staff-services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `staffAuth` security handler; absent on operations without it. */
    staff?: StaffActor;
  }
}

const NOT_PROVIDED = 'Authentication credentials were not provided.';
const NOT_VALID = 'Given token not valid for any token type';

/** A staff token is a JWT: three base64url parts; anything far longer is no token of ours. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * The staff check (see the module comment). Made once per request: the back office's door
 * (./admin-api.ts) makes it before the body is parsed, and the contract's security handler and
 * the image body parser then find `request.staff` already set.
 * @throws HttpError 401.
 */
export async function staffAuth(request: FastifyRequest): Promise<void> {
  if (request.staff) return;
  const header = request.headers.authorization?.trim() ?? '';
  const [scheme, token, ...rest] = header.split(/\s+/);
  if (!scheme || scheme.toLowerCase() !== 'bearer') {
    throw new HttpError(401, { detail: NOT_PROVIDED });
  }
  const invalid = new HttpError(401, { detail: NOT_VALID });
  if (!token || rest.length > 0 || token.length > MAX_TOKEN_LENGTH) throw invalid;
  try {
    request.staff = await verifyStaffAccess(
      request.server.db,
      request.server.staff.tokens,
      token,
      request.tenant.id,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'staff_auth_failed') throw invalid;
    throw error;
  }
}

/**
 * The signed-in member of a `staffAuth` operation.
 * @throws HttpError 401 when the route ran without the staff check.
 */
export function requireStaff(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new HttpError(401, { detail: NOT_PROVIDED });
  return request.staff;
}

/**
 * The signed-in member of a `staffAuth` operation as the domain is told of them: their shop,
 * their id and name, and a journal that writes the activity log in their name
 * (server/platform/journal.ts). The role was checked before, at the door (./permissions.ts).
 * @throws HttpError 401 when the route ran without the staff check.
 */
export function requireActing(request: FastifyRequest): Acting {
  return actingOf(requireStaff(request));
}
