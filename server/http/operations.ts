/**
 * The handler of each operationId of the contract (openapi/storefront.yaml), as
 * fastify-openapi-glue asks for them when app.ts builds the API's routes; an operation missing
 * here answers 501 (handlers/not-implemented.ts). Handlers live in handlers/<resource>.ts, one
 * per operation, typed from the generated schema (handlers/types.ts).
 */
import {
  changePassword,
  confirmEmailVerification,
  confirmPasswordReset,
  getAccount,
  requestEmailVerification,
  requestPasswordReset,
} from './storefront/account.ts';
import { deleteAccount, exportAccountData } from './storefront/account-data.ts';
import { login, logout, refreshToken, register } from './storefront/auth.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from './storefront/addresses.ts';
import {
  addCartItem,
  applyCartDiscount,
  clearCart,
  getCart,
  removeCartDiscount,
  removeCartItem,
  updateCartItem,
} from './storefront/cart.ts';
import { createComment, getBlogPost, listBlogPosts, listComments } from './storefront/blog.ts';
import { getGiftCardBalance } from './storefront/gift-cards.ts';
import {
  getCategory,
  getProduct,
  listCategories,
  listProductSuggestions,
  listProducts,
} from './storefront/catalog.ts';
import {
  createContactMessage,
  getContactInfo,
  listDocuments,
  listFaqs,
} from './storefront/content.ts';
import {
  cancelOrder,
  createOrder,
  getOrder,
  listOrders,
  requestOrderCancellation,
} from './storefront/orders.ts';
import { createReview, getReviewEligibility } from './storefront/reviews.ts';
import {
  getPaymentOptions,
  getPaymentStatus,
  initiateCardPayment,
  receiveGatewayNotification,
} from './storefront/payments.ts';
import { getCompanyInfo, getPublicSettings, getSiteSettings } from './storefront/site.ts';
import { getShippingOptions, quoteShipping } from './storefront/shipping.ts';
import { previewShop } from './storefront/shop.ts';
import {
  confirmBackInStockHandler,
  requestBackInStockHandler,
} from './storefront/back-in-stock.ts';
import type { HandlerMap } from './contract-types.ts';
/** The handler of each operation of the contract; an operation without one answers 501. */
export const handlers: HandlerMap = {
  register,
  login,
  logout,
  refreshToken,
  getAccount,
  changePassword,
  requestPasswordReset,
  confirmPasswordReset,
  exportAccountData,
  deleteAccount,
  requestEmailVerification,
  confirmEmailVerification,
  listAddresses,
  createAddress,
  updateAddress,
  deleteAddress,
  getSiteSettings,
  getPublicSettings,
  getCompanyInfo,
  listCategories,
  getCategory,
  listProducts,
  getProduct,
  listProductSuggestions,
  getCart,
  addCartItem,
  updateCartItem,
  removeCartItem,
  clearCart,
  applyCartDiscount,
  removeCartDiscount,
  getGiftCardBalance,
  getShippingOptions,
  quoteShipping,
  createOrder,
  listOrders,
  getOrder,
  cancelOrder,
  requestOrderCancellation,
  getPaymentOptions,
  initiateCardPayment,
  getPaymentStatus,
  receiveGatewayNotification,
  createReview,
  getReviewEligibility,
  requestBackInStock: requestBackInStockHandler,
  confirmBackInStock: confirmBackInStockHandler,
  listBlogPosts,
  getBlogPost,
  listComments,
  createComment,
  getContactInfo,
  createContactMessage,
  listFaqs,
  listDocuments,
  previewShop,
};
