/**
 * The owner's settings (openapi/admin.yaml, tag settings, paths /settings/site/,
 * /settings/shipping/zones/, /settings/shipping/methods/, /settings/workshop/,
 * /settings/payments/): the role (`settings.manage`) was checked before the handler runs
 * (./permissions.ts). A read hands server/settings/* the member's shop; a change hands it the
 * contract's body and the member as an `Acting` (`requireActing`); the domain changes the
 * shop in one transaction with its activity entry (through the Acting's journal), then has
 * the storefront (every process) forget what it showed (`app.catalogCache.invalidate`,
 * which the page cache, the inlined site settings and the other processes listen to).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  checkCardCredentials as checkCredentials,
  getPaymentSetup as readPayments,
  replaceCardCredentials as replaceCredentials,
  updatePaymentSetup as changePayments,
} from '../../settings/payments.ts';
import {
  createShippingMethod as addMethod,
  deleteShippingMethod as removeMethod,
  listShippingMethods as readMethods,
  reorderShippingMethods as orderMethods,
  updateShippingMethod as changeMethod,
} from '../../settings/shipping-methods.ts';
import {
  createShippingZone as addZone,
  deleteShippingZone as removeZone,
  listShippingZones as readZones,
  reorderShippingZones as orderZones,
  updateShippingZone as changeZone,
} from '../../settings/shipping-zones.ts';
import { getSiteSetup as readSite, updateSiteSetup as changeSite } from '../../settings/site.ts';
import {
  getWorkshopSettings as readWorkshop,
  updateWorkshopSettings as changeWorkshop,
} from '../../settings/workshop.ts';
import type { SettingsContext } from '../../settings/checks.ts';
import {
  getProductSafetyDefault as readSafetyDefault,
  updateProductSafetyDefault as changeSafetyDefault,
} from '../../settings/product-safety.ts';
import { notificationUrl } from '../../payments/registry.ts';
import { shopCurrency } from '../../platform/shop-currency.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { requireActing, requireStaff } from './staff-auth.ts';

/**
 * The settings context of a change: the signed-in member as an `Acting` (their shop and their
 * journal), and the caches to tell after the change.
 */
function contextOf(request: FastifyRequest): SettingsContext {
  const app = request.server;
  return {
    db: app.db,
    acting: requireActing(request),
    changed: (tenantId) => app.catalogCache.invalidate(tenantId),
  };
}

/** The shop of a read: the signed-in member's. */
function shopOf(request: FastifyRequest): number {
  return requireStaff(request).tenantId;
}

/** A 201 with the created body. */
function created<T>(reply: FastifyReply, body: T): T {
  reply.code(201);
  return body;
}

export const getSiteSetup: AdminOperationHandler<'getSiteSetup'> = async (request) =>
  readSite(request.server.db, shopOf(request));

export const updateSiteSetup: AdminOperationHandler<'updateSiteSetup'> = async (request) =>
  changeSite(contextOf(request), request.body, { publicApiPath: request.server.publicApiPath });

export const listShippingZones: AdminOperationHandler<'listShippingZones'> = async (request) => ({
  results: await readZones(request.server.db, shopOf(request)),
});

export const createShippingZone: AdminOperationHandler<'createShippingZone'> = async (
  request,
  reply,
) => created(reply, await addZone(contextOf(request), request.body));

export const reorderShippingZones: AdminOperationHandler<'reorderShippingZones'> = async (
  request,
) => ({ results: await orderZones(contextOf(request), request.body.ids) });

export const updateShippingZone: AdminOperationHandler<'updateShippingZone'> = async (request) =>
  changeZone(contextOf(request), request.params.zone_id, request.body);

export const deleteShippingZone: AdminOperationHandler<'deleteShippingZone'> = async (
  request,
  reply,
) => {
  await removeZone(contextOf(request), request.params.zone_id);
  return reply.code(204).send();
};

export const listShippingMethods: AdminOperationHandler<'listShippingMethods'> = async (
  request,
) => ({ results: await readMethods(request.server.db, shopOf(request)) });

export const createShippingMethod: AdminOperationHandler<'createShippingMethod'> = async (
  request,
  reply,
) => created(reply, await addMethod(contextOf(request), request.body));

export const reorderShippingMethods: AdminOperationHandler<'reorderShippingMethods'> = async (
  request,
) => ({ results: await orderMethods(contextOf(request), request.body.ids) });

export const updateShippingMethod: AdminOperationHandler<'updateShippingMethod'> = async (
  request,
) => changeMethod(contextOf(request), request.params.method_id, request.body);

export const deleteShippingMethod: AdminOperationHandler<'deleteShippingMethod'> = async (
  request,
  reply,
) => {
  await removeMethod(contextOf(request), request.params.method_id);
  return reply.code(204).send();
};

export const getWorkshopSettings: AdminOperationHandler<'getWorkshopSettings'> = async (request) =>
  readWorkshop(request.server.db, shopOf(request));

export const updateWorkshopSettings: AdminOperationHandler<'updateWorkshopSettings'> = async (
  request,
) => changeWorkshop(contextOf(request), request.body);

export const getPaymentSetup: AdminOperationHandler<'getPaymentSetup'> = async (request) =>
  readPayments(request.server.db, shopOf(request));

export const updatePaymentSetup: AdminOperationHandler<'updatePaymentSetup'> = async (request) =>
  changePayments(contextOf(request), request.body);

export const replaceCardCredentials: AdminOperationHandler<'replaceCardCredentials'> = async (
  request,
) => replaceCredentials(contextOf(request), request.server.paymentProviders, request.body);

/**
 * The provider is sent what a real payment would send: the shop's currency, its return page
 * and its notification address at the shop's own domain (decision 079).
 */
export const checkCardCredentials: AdminOperationHandler<'checkCardCredentials'> = async (
  request,
) => {
  const { db, orders, paymentProviders } = request.server;
  const tenantId = requireStaff(request).tenantId;
  return checkCredentials(contextOf(request), paymentProviders, async (provider) => ({
    currency: await shopCurrency(db, tenantId),
    returnUrl: `${orders.storefrontOrigin(tenantId)}/payment/return`,
    notifyUrl: notificationUrl(orders.apiBaseUrl(tenantId), provider, tenantId),
  }));
};

// ~~ i41 safety: settings ~~
/** GET /settings/product-safety/ -> SafetyInfo, the shop's default (GPSR art. 19). */
export const getProductSafetyDefault: AdminOperationHandler<'getProductSafetyDefault'> = async (
  request,
) => readSafetyDefault(request.server.db, shopOf(request));

/** PUT /settings/product-safety/ SafetyInfoInput -> SafetyInfo; 400 with field errors. */
export const updateProductSafetyDefault: AdminOperationHandler<
  'updateProductSafetyDefault'
> = async (request) => changeSafetyDefault(contextOf(request), request.body);
// ~~ end i41 safety: settings ~~

/** The owner's settings operations by operationId. */
export const settingsHandlers: AdminHandlerMap = {
  getSiteSetup,
  updateSiteSetup,
  listShippingZones,
  createShippingZone,
  reorderShippingZones,
  updateShippingZone,
  deleteShippingZone,
  listShippingMethods,
  createShippingMethod,
  reorderShippingMethods,
  updateShippingMethod,
  deleteShippingMethod,
  getWorkshopSettings,
  updateWorkshopSettings,
  getPaymentSetup,
  updatePaymentSetup,
  replaceCardCredentials,
  checkCardCredentials,
  getProductSafetyDefault,
  updateProductSafetyDefault,
};
