/**
 * The error catalogue's rows for the pages around the shop, after the shopping rows of
 * ./error-catalog.ts and in docs/mock.md's order: the blog and its comments, the contact and
 * company pages, login and register, the payment return page, and the policies and FAQs.
 */
import { type CatalogueRow, seen } from './catalog-case';
import { comment, logInWithForm, register, sendContactMessage } from './shopper-steps';

/** A payment of the contract's examples; the return page looks it up by this id. */
export const PAYMENT_RETURN = '/payment/return?paymentId=9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b';

const POST = '/blog/caring-for-carbon-steel';

/** The rows after the shopping ones, in docs/mock.md's order. */
export const PAGE_ROWS: readonly CatalogueRow[] = [
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
