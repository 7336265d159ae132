/**
 * Whether the shop sells (openapi/admin.yaml, tag shop, paths /shop/...; issue 38, decision
 * 079 "Launch"): its state and set-up checklist (any member), Launch, a holiday and reopening,
 * and the preview password (the owner: `settings.manage`, checked at the door, ./permissions.ts),
 * and the member's own preview of the shop before it launches (the storefront's preview cookie).
 * The rules are server/shops/launch.ts; each change runs as the signed-in member (`changeShop`)
 * and then has the storefront, in every process, forget what it showed of the shop: its
 * gate (../shop-open.ts), its pages and its answers follow within a second.
 */
import type { FastifyRequest } from 'fastify';
import type { Schemas } from '../../../common/admin-contract.ts';
import {
  closeShop as close,
  launchChecklist,
  launchShop as launch,
  reopenShop as reopen,
  setPreviewPassword,
  shopState,
  type ChecklistOptions,
  type ShopState,
} from '../../shops/launch.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { STAFF_PREVIEW_PASS_TTL_SECONDS } from '../shop-open.ts';
import { changeShop } from './shop-changes.ts';
import { requireStaff } from './staff-auth.ts';

/** What the checklist reads of the app for shop `tenantId`: its address, and the sandbox. */
function checklistOptions(request: FastifyRequest, tenantId: number): ChecklistOptions {
  return {
    storefrontUrl: request.server.siteOrigin(tenantId),
    sandboxCounts: request.server.paymentProviders.sandboxEnabled,
  };
}

/** The contract's ShopLaunch of shop `tenantId` in `state`, with its checklist read now. */
async function answer(
  request: FastifyRequest,
  tenantId: number,
  state: ShopState,
): Promise<Schemas['ShopLaunch']> {
  const options = checklistOptions(request, tenantId);
  const checklist = await launchChecklist(request.server.db, tenantId, options);
  return {
    status: state.status,
    closed_message: state.closedMessage,
    launched_at: state.launchedAt,
    preview_password_set: state.previewPasswordSet,
    storefront_url: options.storefrontUrl,
    ready: checklist.every((item) => item.done),
    checklist,
  };
}

export const getShopLaunch: AdminOperationHandler<'getShopLaunch'> = async (request) => {
  const { tenantId } = requireStaff(request);
  return answer(request, tenantId, await shopState(request.server.db, tenantId));
};

export const launchShop: AdminOperationHandler<'launchShop'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const state = await changeShop(request, (db, acting) =>
    launch(db, acting, checklistOptions(request, tenantId)),
  );
  return answer(request, tenantId, state);
};

export const closeShop: AdminOperationHandler<'closeShop'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const state = await changeShop(request, (db, acting) => close(db, acting, request.body.message));
  return answer(request, tenantId, state);
};

export const reopenShop: AdminOperationHandler<'reopenShop'> = async (request) => {
  const { tenantId } = requireStaff(request);
  const state = await changeShop(request, (db, acting) => reopen(db, acting));
  return answer(request, tenantId, state);
};

export const setShopPreviewPassword: AdminOperationHandler<'setShopPreviewPassword'> = async (
  request,
) => {
  const { tenantId } = requireStaff(request);
  const state = await changeShop(request, (db, acting) =>
    setPreviewPassword(db, acting, request.body.password, {
      passwordHashCost: request.server.shopGate.passwordHashCost,
    }),
  );
  return answer(request, tenantId, state);
};

export const startShopPreview: AdminOperationHandler<'startShopPreview'> = async (
  request,
  reply,
) => {
  const { tenantId } = requireStaff(request);
  const gate = request.server.shopGate;
  gate.setPassCookie(request, reply, await gate.issuePass(tenantId, 'staff'), 'staff');
  return {
    storefront_url: request.server.siteOrigin(tenantId),
    expires_at: new Date(Date.now() + STAFF_PREVIEW_PASS_TTL_SECONDS * 1000).toISOString(),
  };
};

/** The shop's launch operations by operationId. */
export const launchHandlers: AdminHandlerMap = {
  getShopLaunch,
  launchShop,
  closeShop,
  reopenShop,
  setShopPreviewPassword,
  startShopPreview,
};
