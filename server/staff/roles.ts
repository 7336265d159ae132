/**
 * What each role may do in the back office (decision 053). An owner may do everything; staff
 * work the orders, the catalogue, moderation, the inbox and the content, but never move
 * money out of the shop, manage staff or change settings. Every admin operation names its
 * permission (server/http/admin/permissions.ts) and the HTTP layer checks it before the handler
 * runs, the only place a role is checked (issue 37: no domain folder checks one).
 */
import { DomainError } from '../platform/domain-error.ts';
import type { StaffRole } from './tables.ts';
import type { StaffErrorCode } from './errors.ts';

/** Every permission an admin operation may require. */
export const PERMISSIONS = {
  /** Read orders, today's work, one's own account. */
  'orders.view': ['owner', 'staff'],
  /** Mark paid, ship, mark ready or collected, cancel an unpaid order. */
  'orders.fulfil': ['owner', 'staff'],
  /**
   * Refund, cancel a paid order (refunded in full), reopen an expired order, and confirm an
   * overpayment when marking paid (money that may then be refunded).
   */
  'orders.money': ['owner'],
  /** Invite, change and remove staff; the shop's staff policy. */
  'staff.manage': ['owner'],
  /** The shop-wide activity log. */
  'activity.view': ['owner'],
  /** Read and edit the catalogue: products, their photos and stock, categories. */
  'catalog.edit': ['owner', 'staff'],
  /**
   * Publish or withdraw a product's recall (EU GPSR arts 35-37): it e-mails every buyer of the
   * product and may take it off sale, so it is the owner's word (issue 41).
   */
  'catalog.recall': ['owner'],
  /** Schedule, change and end sales (issue 42): they change every price the shop shows. */
  'promotions.manage': ['owner'],
  /** Approve, reject, hide and reply to reviews and blog comments. */
  'moderation.manage': ['owner', 'staff'],
  /** Read, answer and archive contact messages. */
  'inbox.manage': ['owner', 'staff'],
  /** Blog posts, the FAQ, the policies, the company page and the contact information. */
  'content.edit': ['owner', 'staff'],
  /**
   * The shop's settings: site, shipping, working days, minimum age, payment methods, moderation
   * rules; and whether it sells (launch, a holiday, reopening) and its preview password.
   */
  'settings.manage': ['owner'],
  /**
   * The sales figures and the accountant's exports: the shop's takings are the owner's business
   * (staff see each order they work on, never the totals).
   */
  'sales.view': ['owner'],
  /**
   * Read the customers, their orders, addresses and messages: staff already read every order
   * and message, so this only gathers them by customer. Nobody edits a shopper's account.
   */
  'customers.view': ['owner', 'staff'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The words of a refusal by role (DRF's own). */
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action.';

/**
 * `forbidden` (403, FORBIDDEN_MESSAGE): a move the member's grants do not cover, where the door
 * could not know before the move read the order's state (server/orders/staff-actions.ts
 * OrderGrants).
 */
export const forbidden = () => new DomainError<StaffErrorCode>('forbidden', FORBIDDEN_MESSAGE);
