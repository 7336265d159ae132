/**
 * What each operation of the back office's contract (openapi/admin.yaml) requires, checked by
 * the HTTP layer before its handler runs (./admin-api.ts):
 * - `public`: the tenant only (signing in, refreshing, accepting an invitation, resetting a
 *   forgotten password);
 * - `first_run`: nothing at all, not even a shop: the first-run set-up of a deployment without
 *   one, served outside the back office's API by ./first-run.ts (server/shops/first-run.ts);
 * - `signed_in`: any staff member of the shop (their own profile, password, two-step sign-in,
 *   sessions);
 * - a permission of server/staff/roles.ts, which names the roles that hold it.
 *
 * The table names every operation (the type says so), so a new operation cannot be added
 * without deciding who may call it; the role matrix test (./role-matrix.test.ts) walks it.
 * This is the one place a role is checked (issue 37): where a move's permission depends on the
 * order's state (cancelling a paid order, marking paid above the total), the door hands the
 * domain what the member may do (`orderActingOf`) and the domain reads that, never the role.
 */
import type { OperationId } from '../../../common/admin-contract.ts';
import type { OrderActing } from '../../orders/staff-actions.ts';
import type { StaffRole } from '../../staff/tables.ts';
import type { StaffActor } from '../../staff/actor.ts';
import { actingOf } from '../../staff/activity-log.ts';
import { PERMISSIONS, type Permission } from '../../staff/roles.ts';

export type OperationAccess = 'public' | 'first_run' | 'signed_in' | Permission;

export const ADMIN_OPERATION_ACCESS = {
  getShopSetup: 'first_run',
  setUpShop: 'first_run',
  staffLogin: 'public',
  staffRefresh: 'public',
  acceptInvitation: 'public',
  requestStaffPasswordReset: 'public',
  confirmStaffPasswordReset: 'public',
  staffLogout: 'signed_in',
  getMe: 'signed_in',
  startTotpSetup: 'signed_in',
  confirmTotpSetup: 'signed_in',
  disableTotp: 'signed_in',
  listMySessions: 'signed_in',
  revokeMySession: 'signed_in',
  changeMyPassword: 'signed_in',
  // A member's own notifications, on their own devices.
  getMyPushSettings: 'signed_in',
  updateMyPushSettings: 'signed_in',
  addMyPushSubscription: 'signed_in',
  removeMyPushSubscription: 'signed_in',
  listStaff: 'staff.manage',
  updateStaffMember: 'staff.manage',
  removeStaffMember: 'staff.manage',
  resetStaffTotp: 'staff.manage',
  listInvitations: 'staff.manage',
  createInvitation: 'staff.manage',
  revokeInvitation: 'staff.manage',
  getSecuritySettings: 'staff.manage',
  updateSecuritySettings: 'staff.manage',
  listOrders: 'orders.view',
  getOrder: 'orders.view',
  getToday: 'orders.view',
  // Staff may mark paid for the total; the domain refuses them an overpayment (orders.money).
  markOrderPaid: 'orders.fulfil',
  shipShipment: 'orders.fulfil',
  markShipmentReady: 'orders.fulfil',
  markShipmentCollected: 'orders.fulfil',
  // ~~ orders: tracking correction ~~
  correctShipmentTracking: 'orders.fulfil',
  // Staff may cancel an unpaid order; the domain refuses them a paid one (orders.money).
  cancelOrder: 'orders.fulfil',
  refundOrder: 'orders.money',
  // Gift cards are money the shop owes (decision 090): the owner's.
  listGiftCards: 'orders.money',
  getGiftCard: 'orders.money',
  issueStoreCredit: 'orders.money',
  cancelGiftCard: 'orders.money',
  settleManualRefund: 'orders.money',
  settleManualPaymentRefund: 'orders.money',
  reopenOrder: 'orders.money',
  listActivity: 'activity.view',
  listProducts: 'catalog.edit',
  getProduct: 'catalog.edit',
  createProduct: 'catalog.edit',
  updateProduct: 'catalog.edit',
  duplicateProduct: 'catalog.edit',
  // ~~ i40 products ~~
  // Staff edit the catalogue one product at a time; many at once is the same permission.
  bulkChangeProducts: 'catalog.edit',
  // ~~ end i40 products ~~
  // ~~ i41 safety ~~
  // A recall e-mails every buyer and may take a product off sale: the owner's word (GPSR).
  listProductRecalls: 'catalog.edit',
  publishProductRecall: 'catalog.recall',
  withdrawProductRecall: 'catalog.recall',
  // ~~ i42 variants ~~
  getProductVariants: 'catalog.edit',
  updateProductVariants: 'catalog.edit',
  // ~~ end i42 variants ~~
  getProductSafetyDefault: 'settings.manage',
  updateProductSafetyDefault: 'settings.manage',
  // ~~ end i41 safety ~~
  // ~~ products ~~
  getProductStock: 'catalog.edit',
  adjustProductStock: 'catalog.edit',
  updateStockThreshold: 'catalog.edit',
  listLowStock: 'catalog.edit',
  listCategories: 'catalog.edit',
  createCategory: 'catalog.edit',
  updateCategory: 'catalog.edit',
  reorderCategories: 'catalog.edit',
  deleteCategory: 'catalog.edit',
  // ~~ stock-and-categories ~~
  uploadImage: 'catalog.edit',
  listProductPhotos: 'catalog.edit',
  addProductPhoto: 'catalog.edit',
  reorderProductPhotos: 'catalog.edit',
  updateProductPhoto: 'catalog.edit',
  removeProductPhoto: 'catalog.edit',
  // ~~ media ~~
  listModerationReviews: 'moderation.manage',
  listModerationComments: 'moderation.manage',
  approveReview: 'moderation.manage',
  rejectReview: 'moderation.manage',
  hideReview: 'moderation.manage',
  restoreReview: 'moderation.manage',
  replyToReview: 'moderation.manage',
  deleteReviewReply: 'moderation.manage',
  setReviewIncentivised: 'moderation.manage',
  approveComment: 'moderation.manage',
  rejectComment: 'moderation.manage',
  hideComment: 'moderation.manage',
  restoreComment: 'moderation.manage',
  replyToComment: 'moderation.manage',
  deleteCommentReply: 'moderation.manage',
  getModerationSettings: 'settings.manage',
  updateModerationSettings: 'settings.manage',
  getWaitingCounts: 'moderation.manage',
  listContactMessages: 'inbox.manage',
  getContactMessage: 'inbox.manage',
  markContactMessageUnread: 'inbox.manage',
  archiveContactMessage: 'inbox.manage',
  unarchiveContactMessage: 'inbox.manage',
  replyToContactMessage: 'inbox.manage',
  // ~~ moderation-and-inbox ~~
  listBlogPosts: 'content.edit',
  createBlogPost: 'content.edit',
  getBlogPost: 'content.edit',
  updateBlogPost: 'content.edit',
  deleteBlogPost: 'content.edit',
  listFaqs: 'content.edit',
  createFaq: 'content.edit',
  reorderFaqs: 'content.edit',
  updateFaq: 'content.edit',
  deleteFaq: 'content.edit',
  getPolicy: 'content.edit',
  updatePolicy: 'content.edit',
  getCompanyPage: 'content.edit',
  updateCompanyPage: 'content.edit',
  createCoreValue: 'content.edit',
  reorderCoreValues: 'content.edit',
  updateCoreValue: 'content.edit',
  deleteCoreValue: 'content.edit',
  getContactDetails: 'content.edit',
  createContactLocation: 'content.edit',
  reorderContactLocations: 'content.edit',
  updateContactLocation: 'content.edit',
  deleteContactLocation: 'content.edit',
  createContactEmail: 'content.edit',
  reorderContactEmails: 'content.edit',
  updateContactEmail: 'content.edit',
  deleteContactEmail: 'content.edit',
  createSocialProfile: 'content.edit',
  reorderSocialProfiles: 'content.edit',
  updateSocialProfile: 'content.edit',
  deleteSocialProfile: 'content.edit',
  // ~~ content ~~
  getSiteSetup: 'settings.manage',
  updateSiteSetup: 'settings.manage',
  listShippingZones: 'settings.manage',
  createShippingZone: 'settings.manage',
  reorderShippingZones: 'settings.manage',
  updateShippingZone: 'settings.manage',
  deleteShippingZone: 'settings.manage',
  listShippingMethods: 'settings.manage',
  createShippingMethod: 'settings.manage',
  reorderShippingMethods: 'settings.manage',
  updateShippingMethod: 'settings.manage',
  deleteShippingMethod: 'settings.manage',
  getWorkshopSettings: 'settings.manage',
  updateWorkshopSettings: 'settings.manage',
  getPaymentSetup: 'settings.manage',
  updatePaymentSetup: 'settings.manage',
  replaceCardCredentials: 'settings.manage',
  checkCardCredentials: 'settings.manage',
  // ~~ settings ~~
  // Any member reads whether the shop sells and previews it; only the owner opens or closes it.
  getShopLaunch: 'orders.view',
  startShopPreview: 'orders.view',
  launchShop: 'settings.manage',
  closeShop: 'settings.manage',
  reopenShop: 'settings.manage',
  setShopPreviewPassword: 'settings.manage',
  // ~~ launch ~~
  getSales: 'sales.view',
  exportSales: 'sales.view',
  getOssReport: 'sales.view',
  exportOssReport: 'sales.view',
  listCustomers: 'customers.view',
  getCustomer: 'customers.view',
  // ~~ business ~~
  // Photo framing: who edits the catalogue frames its photos and reads the cards' aspect; only
  // the owner changes the aspect and the hero.
  listShopPhotos: 'catalog.edit',
  setPhotoFocalPoint: 'catalog.edit',
  getPhotoDisplay: 'catalog.edit',
  updatePhotoDisplay: 'settings.manage',
  setCategoryImage: 'catalog.edit',
  // ~~ photo framing ~~
  // Sales change every price the shop shows: the owner's word (issue 42).
  listPromotionSales: 'promotions.manage',
  createPromotionSale: 'promotions.manage',
  getPromotionSale: 'promotions.manage',
  updatePromotionSale: 'promotions.manage',
  endPromotionSale: 'promotions.manage',
  // Discount codes give the shop's money away, and their report is its takings: the owner's.
  listDiscountCodes: 'settings.manage',
  createDiscountCode: 'settings.manage',
  updateDiscountCode: 'settings.manage',
  getDiscountReport: 'sales.view',
  // ~~ discounts ~~
} as const satisfies Record<OperationId, OperationAccess>;

/** True when `role` holds `permission` (server/staff/roles.ts's table). */
export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/**
 * The member as the back office's rules see them: their Acting (their shop, id and name, and the
 * journal that writes the activity log in their name; server/staff/activity-log.ts `actingOf`)
 * and what the door lets them do beyond reading an order (`orders.fulfil`, `orders.money`).
 */
export function orderActingOf(actor: StaffActor): OrderActing {
  return {
    ...actingOf(actor),
    may: { fulfil: can(actor.role, 'orders.fulfil'), money: can(actor.role, 'orders.money') },
  };
}
