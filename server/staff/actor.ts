/**
 * Who is acting in the back office: the signed-in staff member a domain rule is told about, so
 * it can check their role and name them in the activity log. The HTTP layer builds it from a
 * verified staff token (server/http/admin/staff-auth.ts); domain code only reads it.
 */
import type { StaffRole } from './tables.ts';

export interface StaffActor {
  /** `staff.id`. */
  id: number;
  tenantId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The session the request came with (`staff_sessions.uuid`). */
  sessionId: string;
  /**
   * True while the shop requires two-step verification and this member has not set it up:
   * they may only reach their own account (to set it up) until they do.
   */
  mustSetUpTotp?: boolean;
}
