/**
 * The operations the reference API implements. Every other operation of the contract must
 * answer 501 with a `detail`; the contract test checks both, and checks that each name here is
 * still an operation of the contract.
 */

/**
 * Operations the reference API implements (getPublicSettings too: the SPA's company-settings
 * call, answered from the same record); every other one must answer 501.
 */
export const IMPLEMENTED = [
  'register',
  'login',
  'logout',
  'refreshToken',
  'getSiteSettings',
  'getPublicSettings',
  'getCompanyInfo',
  'listCategories',
  'getCategory',
  'listProducts',
  'listProductSuggestions',
  'getProduct',
  'getCart',
  'addCartItem',
  'updateCartItem',
  'removeCartItem',
  'clearCart',
  'getGiftCardBalance',
  'getShippingOptions',
  'quoteShipping',
  'getPaymentOptions',
  'createOrder',
  'listOrders',
  'getOrder',
  'cancelOrder',
  'requestOrderCancellation',
  'initiateCardPayment',
  'getPaymentStatus',
  'receiveGatewayNotification',
  'createReview',
  'getReviewEligibility',
  'listBlogPosts',
  'getBlogPost',
  'listComments',
  'createComment',
  'getContactInfo',
  'createContactMessage',
  'listFaqs',
  'listDocuments',
  'getAccount',
  'changePassword',
  'requestPasswordReset',
  'confirmPasswordReset',
  'listAddresses',
  'createAddress',
  'updateAddress',
  'deleteAddress',
  'exportAccountData',
  'deleteAccount',
  'requestEmailVerification',
  'confirmEmailVerification',
  'previewShop',
] as const;
