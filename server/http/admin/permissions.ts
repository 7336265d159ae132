/**
 * What each operation of the back office's contract (openapi/admin.yaml) requires, checked by
 * the HTTP layer before its handler runs (./admin-api.ts):
 * - `public`: the tenant only (signing in, refreshing, accepting an invitation);
 * - `signed_in`: any staff member of the shop (their own profile, two-step sign-in, sessions);
 * - a permission of server/staff/roles.ts, which names the roles that hold it.
 *
 * The table names every operation (the type says so), so a new operation cannot be added
 * without deciding who may call it; the role matrix test (./role-matrix.test.ts) walks it.
 */
import type { OperationId } from '../../../common/admin-contract.ts';
import type { Permission } from '../../staff/roles.ts';

export type OperationAccess = 'public' | 'signed_in' | Permission;

export const ADMIN_OPERATION_ACCESS = {
  staffLogin: 'public',
  staffRefresh: 'public',
  acceptInvitation: 'public',
  staffLogout: 'signed_in',
  getMe: 'signed_in',
  startTotpSetup: 'signed_in',
  confirmTotpSetup: 'signed_in',
  disableTotp: 'signed_in',
  listMySessions: 'signed_in',
  revokeMySession: 'signed_in',
  listStaff: 'staff.manage',
  updateStaffMember: 'staff.manage',
  removeStaffMember: 'staff.manage',
  listInvitations: 'staff.manage',
  createInvitation: 'staff.manage',
  revokeInvitation: 'staff.manage',
  getSecuritySettings: 'staff.manage',
  updateSecuritySettings: 'staff.manage',
  listOrders: 'orders.view',
  getOrder: 'orders.view',
  getToday: 'orders.view',
  markOrderPaid: 'orders.fulfil',
  shipShipment: 'orders.fulfil',
  markShipmentReady: 'orders.fulfil',
  markShipmentCollected: 'orders.fulfil',
  // Staff may cancel an unpaid order; the domain refuses them a paid one (orders.money).
  cancelOrder: 'orders.fulfil',
  refundOrder: 'orders.money',
  settleManualRefund: 'orders.money',
  settleManualPaymentRefund: 'orders.money',
  reopenOrder: 'orders.money',
  listActivity: 'activity.view',
  // ~~ products ~~
  // ~~ stock-and-categories ~~
  // ~~ media ~~
  // ~~ moderation-and-inbox ~~
  // ~~ content ~~
  // ~~ settings ~~
} as const satisfies Record<OperationId, OperationAccess>;
