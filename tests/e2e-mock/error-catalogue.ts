import {
  addToCart,
  clearCart,
  comment,
  logInWithForm,
  openShopMenu,
  placeOrder,
  press,
  proceedToCheckout,
  register,
  review,
  sendContactMessage,
  type Step,
} from './shopper-steps';

/**
 * Each message of the spec's error catalogue (section 8) under `npm run mock`: which switch of
 * the mock makes it appear, where, and what a shopper does to see it.
 *
 * This is the single source of the README's table "Each message of the error catalogue":
 * `npx tsx scripts/error-catalogue-table.ts --write` writes the table from these rows (the
 * operation and action columns come from the rows' cases, so the table cannot name a switch
 * the test does not set) and `--check` fails when the README differs; error-catalogue.spec.ts
 * drives every case in Chromium and expects each text exactly as the page shows it.
 */

/** operationId -> the mock's action: `code=409`, `code=400, example=NAME`, `fail=500`, `raw=...`. */
export type Switches = Readonly<Record<string, string>>;

/** One way to see a row's message: the switches, the page, the shopper's step, the texts. */
export interface CatalogueCase {
  /** Set before the page opens; empty for a message the default answers show. */
  switches: Switches;
  /** The page the shopper opens. */
  path: string;
  /** What the shopper does on it, if anything. */
  step?: Step;
  /** The texts the shopper then reads, each exactly as the page shows it. */
  shows: readonly string[];
}

/** One row of the README's table: its message and "where" cells, and the cases behind them. */
export interface CatalogueRow {
  /** The "message" cell (Markdown). */
  message: string;
  /** The "where" cell (Markdown). */
  where: string;
  /** The shopper logs in first (any e-mail and password), as the README says for this row. */
  loggedIn: boolean;
  cases: readonly CatalogueCase[];
}

/** A payment of the contract's examples; the return page looks it up by this id. */
export const PAYMENT_RETURN = '/payment/return?paymentId=9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b';

/** A login answer whose access token expired in 1970: the first call that needs it refreshes. */
const EXPIRED_LOGIN =
  '{"access":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiI0MiIsImV4cCI6MX0.ZXhwaXJlZA","refresh":"r","user":{"id":42,"email":"customer@emberandoak.example","username":"customer"}}';

/** The switches of the README's paragraph under the table: a login whose refresh fails. */
export const FAILED_REFRESH: Switches = {
  login: `raw=200 ${EXPIRED_LOGIN}`,
  refreshToken: 'raw=200 {}',
};

/** A case: with `switches`, open `path`, do `step`, read `shows`. */
const seen = (
  switches: Switches,
  path: string,
  shows: string | readonly string[],
  step?: Step,
): CatalogueCase => ({ switches, path, step, shows: [shows].flat() });

const MUG = '/products/tenmoku-tea-mug';
const KNIFE = '/products/damascus-gyuto-210mm';
const POST = '/blog/caring-for-carbon-steel';

/** The rows, in the README's order. */
export const ERROR_CATALOGUE: readonly CatalogueRow[] = [
  {
    message: "the server's `detail` on the product page ('Only 2 items available.')",
    where: 'a product, Add to Cart',
    loggedIn: true,
    cases: [seen({ addCartItem: 'code=409' }, MUG, 'Only 2 items available.', addToCart)],
  },
  {
    message: "'Could not add item to cart.'",
    where: 'a product, Add to Cart',
    loggedIn: true,
    cases: [seen({ addCartItem: 'fail=500' }, MUG, 'Could not add item to cart.', addToCart)],
  },
  {
    message: "'Product not found.'",
    where: '`/products/damascus-gyuto-210mm`',
    loggedIn: false,
    cases: [seen({ getProduct: 'code=404' }, KNIFE, 'Product not found.')],
  },
  {
    message: "'Failed to load product details.'",
    where: 'a product',
    loggedIn: false,
    cases: [seen({ getProduct: 'fail=500' }, KNIFE, 'Failed to load product details.')],
  },
  {
    message: "'Product data is unavailable.'",
    where: 'a product',
    loggedIn: false,
    cases: [seen({ getProduct: 'raw=200 null' }, KNIFE, 'Product data is unavailable.')],
  },
  {
    message: "'Failed to load products.' (list and gallery)",
    where: '`/products`, `/gallery`',
    loggedIn: false,
    cases: ['/products', '/gallery'].map((path) =>
      seen({ listProducts: 'fail=500' }, path, 'Failed to load products.'),
    ),
  },
  {
    message: "'No products found.' and its search and category forms",
    where: '`/products`',
    loggedIn: false,
    cases: [
      ['/products', 'No products found.'],
      ['/products?search=anvil', 'No products found matching "anvil".'],
      ['/products?category=paintings', 'No products found in this category.'],
    ].map(([path, text]) => seen({ listProducts: 'code=200, example=none' }, path!, text!)),
  },
  {
    message: "'Failed to load categories.' / 'No categories found'",
    where: 'the SHOP menu',
    loggedIn: false,
    cases: [
      seen({ listCategories: 'fail=500' }, '/', 'Failed to load categories.', openShopMenu),
      seen({ listCategories: 'raw=200 []' }, '/', 'No categories found', openShopMenu),
    ],
  },
  {
    message: "'Failed to load site details.'",
    where: "the header's logo",
    loggedIn: false,
    cases: [
      seen(
        { getPublicSettings: 'fail=500', getSiteSettings: 'fail=500' },
        '/faq',
        'Failed to load site details.',
      ),
    ],
  },
  {
    message: "'Could not load cart.' / 'Authentication required to view cart.'",
    where: '`/cart`',
    loggedIn: true,
    cases: [
      seen({ getCart: 'fail=500' }, '/cart', 'Could not load cart.'),
      seen({ getCart: 'code=401' }, '/cart', 'Authentication required to view cart.'),
    ],
  },
  {
    message: "'Failed to update quantity.' / 'Failed to remove item.' / 'Failed to clear cart.'",
    where: '`/cart`: +, ×, Clear Cart',
    loggedIn: true,
    cases: [
      seen(
        { updateCartItem: 'fail=500' },
        '/cart',
        'Failed to update quantity.',
        press('Increase quantity of Tenmoku Tea Mug'),
      ),
      seen(
        { removeCartItem: 'fail=500' },
        '/cart',
        'Failed to remove item.',
        press('Remove Tenmoku Tea Mug from cart'),
      ),
      seen({ clearCart: 'fail=500' }, '/cart', 'Failed to clear cart.', clearCart),
    ],
  },
  {
    message: "order creation: the server's `detail`, the field errors, the fallback",
    where: '`/cart`, checkout, Place order',
    loggedIn: true,
    cases: [
      ['code=409', 'Damascus Gyuto 210mm: Only 2 items available.'],
      ['code=400, example=blankCity', 'delivery_address.city: This field may not be blank.'],
      ['fail=500', 'Failed to create order. Please check your details and try again.'],
    ].map(([action, text]) => seen({ createOrder: action! }, '/cart', text!, placeOrder)),
  },
  {
    message:
      "the option's message on the product page ('Choose the handle wood.', 'At most 24 characters.', ...)",
    where: '`/products/damascus-gyuto-210mm`, Add to Cart',
    loggedIn: true,
    cases: [
      ['optionRequired', 'Choose the handle wood.'],
      ['textTooLong', 'At most 24 characters.'],
      ['unknownChoice', 'Choose one of: Walnut, Ebony, Stabilised maple.'],
      ['controlCharacters', 'Control characters are not allowed.'],
    ].map(([name, text]) =>
      seen({ addCartItem: `code=400, example=${name}` }, KNIFE, text!, addToCart),
    ),
  },
  {
    message: "'Could not load the countries we deliver to. Please try again.'",
    where: '`/cart`, Proceed to Checkout',
    loggedIn: true,
    cases: [
      seen(
        { getShippingOptions: 'fail=500' },
        '/cart',
        'Could not load the countries we deliver to. Please try again.',
        proceedToCheckout,
      ),
    ],
  },
  {
    message:
      "the quote's reason ('We do not ship to Canada.', '... is not a delivery method for this country.') / 'Could not work out the delivery options. Please try again.'",
    where: 'checkout, choose a country',
    loggedIn: true,
    // The checkout fills in the saved address, whose country is quoted at once.
    cases: [
      ['code=400, example=notShipped', 'We do not ship to Canada.'],
      ['code=400, example=unknownMethod', '"air-mail" is not a delivery method for this country.'],
      ['fail=500', 'Could not work out the delivery options. Please try again.'],
    ].map(([action, text]) => seen({ quoteShipping: action! }, '/cart', text!, proceedToCheckout)),
  },
  {
    message:
      "the age gate and shipping refusals of an order ('You must be 18 or over to buy age-restricted items.', '... cannot be shipped to United States.', ...)",
    where: 'checkout, Place order',
    loggedIn: true,
    // A field's errors show as 'field: messages' (spec section 8: the JSON of the errors).
    cases: [
      [
        'underAge',
        'age_attestation.date_of_birth: You must be 18 or over to buy age-restricted items.',
      ],
      [
        'missingAttestation',
        'age_attestation: Please give your date of birth and confirm that the parcel will be handed only to an adult.',
      ],
      ['restrictedCountry', 'shipping: Damascus Gyuto 210mm cannot be shipped to United States.'],
      [
        'restrictedMethod',
        'shipping: Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
      ],
      ['notShipped', 'delivery_address.country: We do not ship to Canada.'],
      ['missingMethod', 'shipping: Choose how Tenmoku Tea Mug is delivered.'],
    ].map(([name, text]) =>
      seen({ createOrder: `code=400, example=${name}` }, '/cart', text!, placeOrder),
    ),
  },
  {
    message:
      "'Failed to load payment options. Please refresh the page.' / 'Could not load payment options. Please try refreshing.'",
    where: '`/cart`, Proceed to Checkout',
    loggedIn: true,
    cases: [
      ['fail=500', 'Failed to load payment options. Please refresh the page.'],
      ['raw=200 {}', 'Could not load payment options. Please try refreshing.'],
    ].map(([action, text]) =>
      seen({ getPaymentOptions: action! }, '/cart', text!, proceedToCheckout),
    ),
  },
  {
    message: "'Your order was created, but we couldn't initiate the card payment. ...' (section 4)",
    where: 'checkout by card',
    loggedIn: true,
    cases: [
      seen(
        { initiateCardPayment: 'raw=201 {}' },
        '/cart',
        "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.",
        placeOrder,
      ),
    ],
  },
  {
    message: "review: `detail` ('You have already reviewed this product.'), field errors, fallback",
    where: 'a product, the review form',
    loggedIn: true,
    cases: [
      ['code=409', 'You have already reviewed this product.'],
      ['code=400', 'comment: This field may not be blank.'],
      ['fail=500', 'Failed to submit review. Please try again.'],
    ].map(([action, text]) => seen({ createReview: action! }, MUG, text!, review)),
  },
  {
    message: "'Failed to load blog posts.' / 'No blog posts have been published yet.'",
    where: '`/blog`',
    loggedIn: false,
    cases: [
      seen({ listBlogPosts: 'fail=500' }, '/blog', 'Failed to load blog posts.'),
      seen(
        { listBlogPosts: 'code=200, example=none' },
        '/blog',
        'No blog posts have been published yet.',
      ),
    ],
  },
  {
    message: "'Blog post not found or not published.' / 'Blog post not found.'",
    where: '`/blog/caring-for-carbon-steel`',
    loggedIn: false,
    cases: [
      seen({ getBlogPost: 'code=404' }, POST, 'Blog post not found or not published.'),
      seen({ getBlogPost: 'raw=200 null' }, POST, 'Blog post not found.'),
    ],
  },
  {
    message: "'Failed to load blog post or comments.'",
    where: 'a post',
    loggedIn: false,
    cases: [seen({ listComments: 'fail=500' }, POST, 'Failed to load blog post or comments.')],
  },
  {
    message: "'No approved comments yet. Be the first!'",
    where: '`/blog/sharpening-on-whetstones`',
    loggedIn: false,
    cases: [seen({}, '/blog/sharpening-on-whetstones', 'No approved comments yet. Be the first!')],
  },
  {
    message:
      "comment: `detail`, field errors ('content: ...'), 'Failed to submit comment. Please try again.'",
    where: 'a post, the comment form',
    loggedIn: true,
    cases: [
      ['code=429', 'Request was throttled. Expected available in 60 seconds.'],
      ['code=400', 'content: This field may not be blank.'],
      ['fail=500', 'Failed to submit comment. Please try again.'],
    ].map(([action, text]) => seen({ createComment: action! }, POST, text!, comment)),
  },
  {
    message:
      "'Contact information is currently unavailable.' / 'Location details currently unavailable.'",
    where: '`/contact`',
    loggedIn: false,
    cases: [
      ['empty', 'Contact information is currently unavailable.'],
      ['noLocations', 'Location details currently unavailable.'],
    ].map(([name, text]) =>
      seen({ getContactInfo: `code=200, example=${name}` }, '/contact', text!),
    ),
  },
  {
    message: "'Location image unavailable' / 'Map currently unavailable.'",
    where: '`/contact`: the Market Hall showroom',
    loggedIn: false,
    cases: [seen({}, '/contact', ['Location image unavailable', 'Map currently unavailable.'])],
  },
  {
    message: "'Failed to load essential page data. Some content may be missing.'",
    where: '`/contact`',
    loggedIn: false,
    cases: [
      seen(
        {
          getContactInfo:
            'raw=200 {"branch_locations":[],"contact_emails":[{"id":1,"purpose":"Orders","email_address":"orders@emberandoak.example"}]}',
        },
        '/contact',
        'Failed to load essential page data. Some content may be missing.',
      ),
    ],
  },
  {
    message: "'Failed to load contact information.'",
    where: '`/contact`',
    loggedIn: false,
    cases: [
      seen({ getContactInfo: 'fail=500' }, '/contact', 'Failed to load contact information.'),
    ],
  },
  {
    message:
      "contact send: `detail` (throttled), field errors, 'Failed to send message. Please try again later.'",
    where: '`/contact`, Send',
    loggedIn: false,
    cases: [
      ['code=429', 'Request was throttled. Expected available in 60 seconds.'],
      ['code=400', 'email: Enter a valid email address.'],
      ['fail=500', 'Failed to send message. Please try again later.'],
    ].map(([action, text]) =>
      seen({ createContactMessage: action! }, '/contact', text!, sendContactMessage),
    ),
  },
  {
    message:
      "'Company information is currently unavailable.' / '... endpoint not found.' / 'Failed to load company information.' / '... could not be loaded.'",
    where: '`/company-info`',
    loggedIn: false,
    cases: [
      ['code=200, example=empty', 'Company information is currently unavailable.'],
      ['code=404', 'Company information endpoint not found.'],
      ['fail=500', 'Failed to load company information.'],
      ['raw=200 []', 'Company information could not be loaded.'],
    ].map(([action, text]) => seen({ getCompanyInfo: action! }, '/company-info', text!)),
  },
  {
    message: "login and register: `detail`, the 'field: messages' list, the error's message",
    where: '`/login`, `/register`',
    loggedIn: false,
    cases: [
      seen(
        { login: 'code=401' },
        '/login',
        'No active account found with the given credentials.',
        logInWithForm,
      ),
      seen({ register: 'code=401' }, '/register', 'Tenant token missing.', register),
      seen({ login: 'code=400' }, '/login', 'password: This field is required.', logInWithForm),
      // The register form shows each field's messages under the field they name.
      seen(
        { register: 'code=400' },
        '/register',
        'A user with this e-mail already exists.',
        register,
      ),
      seen({ login: 'fail=500' }, '/login', 'Request failed with status 500', logInWithForm),
      seen({ register: 'fail=500' }, '/register', 'Request failed with status 500', register),
    ],
  },
  {
    message: "'Invalid token response from server.'",
    where: '`/login`',
    loggedIn: false,
    cases: [
      seen({ login: 'raw=200 {}' }, '/login', 'Invalid token response from server.', logInWithForm),
    ],
  },
  {
    message: "'Could not identify the payment transaction.'",
    where: '`/payment/return` without `paymentId`',
    loggedIn: true,
    cases: [seen({}, '/payment/return', 'Could not identify the payment transaction.')],
  },
  {
    message:
      "'Payment transaction not found.' / 'Failed to retrieve payment status. Please contact support.'",
    where: '`/payment/return?paymentId=9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b`',
    loggedIn: true,
    cases: [
      ['code=404', 'Payment transaction not found.'],
      ['fail=500', 'Failed to retrieve payment status. Please contact support.'],
    ].map(([action, text]) => seen({ getPaymentStatus: action! }, PAYMENT_RETURN, text!)),
  },
  {
    message: "'An error occurred while checking payment status.' / 'Unknown payment status.'",
    where: 'the same',
    loggedIn: true,
    cases: [
      ['raw=200 not json', 'An error occurred while checking payment status.'],
      ['raw=200 {"status":"refunded"}', 'Unknown payment status.'],
    ].map(([action, text]) => seen({ getPaymentStatus: action! }, PAYMENT_RETURN, text!)),
  },
  {
    message: "'Payment Failed' / 'Payment Canceled' / 'Payment Processing' / a lookup failure",
    where: "the same, or the mock gateway's buttons",
    loggedIn: true,
    cases: [
      ['failed', ['Payment Failed', 'The card was declined.']],
      ['canceled', ['Payment Canceled', 'The payment was canceled.']],
      ['processing', ['Payment Processing']],
      ['lookupError', ['We could not check this payment', 'The gateway could not be reached.']],
    ].map(([name, texts]) =>
      seen({ getPaymentStatus: `code=200, example=${name}` }, PAYMENT_RETURN, texts!),
    ),
  },
  {
    message:
      "'No refund policy found.' / 'No privacy policy found.' / 'No FAQs found.' / 'Failed to load ...'",
    where: '`/refund-policy`, `/privacy-policy`, `/faq`',
    loggedIn: false,
    cases: [
      [
        'code=200, example=none',
        'No refund policy found.',
        'No privacy policy found.',
        'No FAQs found.',
      ],
      [
        'fail=500',
        'Failed to load refund policy.',
        'Failed to load privacy policy.',
        'Failed to load FAQs.',
      ],
    ].flatMap(([action, refund, privacy, faqs]) => [
      seen({ listDocuments: action! }, '/refund-policy', refund!),
      seen({ listDocuments: action! }, '/privacy-policy', privacy!),
      seen({ listFaqs: action! }, '/faq', faqs!),
    ]),
  },
];
