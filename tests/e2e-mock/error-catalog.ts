/**
 * Each message of the spec's error catalogue (section 8) under `npm run mock`: which switch of
 * the mock makes it appear, where, and what a shopper does to see it.
 *
 * This is the single source of docs/mock.md's table "Each message of the error catalogue":
 * `npx tsx scripts/error-catalog-table.ts --write` writes the table from these rows (the
 * operation and action columns come from the rows' cases, so the table cannot name a switch
 * the test does not set) and `--check` fails when the page differs; error-catalog.spec.ts
 * drives every case in Chromium and expects each text exactly as the page shows it.
 *
 * The rows of the shopping pages (products, cart, checkout, reviews) are here; those of the pages
 * around the shop are in ./error-catalog-pages.ts, and what a row and a case are in
 * ./catalog-case.ts.
 */
import { type CatalogueRow, seen, type Switches } from './catalog-case';
import { PAGE_ROWS } from './error-catalog-pages';
import {
  addToCart,
  clearCart,
  openShopMenu,
  placeOrder,
  press,
  proceedToCheckout,
  review,
} from './shopper-steps';

/** A login answer whose access token expired in 1970: the first call that needs it refreshes. */
const EXPIRED_LOGIN =
  '{"access":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiI0MiIsImV4cCI6MX0.ZXhwaXJlZA","refresh":"r","user":{"id":42,"email":"customer@emberandoak.example","username":"customer"}}';

/** The switches of docs/mock.md's paragraph under the table: a login whose refresh fails. */
export const FAILED_REFRESH: Switches = {
  login: `raw=200 ${EXPIRED_LOGIN}`,
  refreshToken: 'raw=200 {}',
};

const MUG = '/products/tenmoku-tea-mug';
const KNIFE = '/products/damascus-gyuto-210mm';

/** The rows, in docs/mock.md's order. */
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
  ...PAGE_ROWS,
];
