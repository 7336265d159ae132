import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Which way imports go (architecture guide, conventions 12 and 17; docs/architecture.md). Each
 * zone below names what its files must not import; a file is in exactly one zone, since a later
 * `no-restricted-imports` entry replaces an earlier one for the files it matches.
 *
 * - `common/` is what both sides import, and imports neither `src/` nor `server/`.
 * - The server's domain folders are ranked (SERVER_DOMAIN_LAYERS, lowest first): a domain imports
 *   only domains below it. None imports the HTTP layer (`server/http/`) nor a Fastify plugin: a
 *   domain raises a domain error and `server/http/errors.ts` picks the status.
 * - scripts/check-import-cycles.ts (also in `npm run lint`) finds the cycles between files that
 *   the zones cannot see, inside one folder.
 * - The platform (`server/platform/`, `server/config/`) sits below the domain: it imports no
 *   domain folder and no HTTP code.
 * - In the SPA, features are ranked (FEATURE_LAYERS, lowest first): a feature imports only
 *   features below it, so no two features import each other, and never the app shell
 *   (`src/app/`) nor a route; from a feature below it, only its `api.ts` and components.
 */
/**
 * The server's domain folders, lowest first: each may import only those before it (and the
 * platform, config and common/), so no two domains import each other (issue 37). The order
 * follows what each one needs:
 * - staff (the members, their roles and the activity log) needs only the platform's credentials;
 * - media (uploads and product photos) logs to the activity log;
 * - content (site settings, pages, blog, reviews, the inbox) claims uploads for its pictures;
 * - shipping (zones, methods, quotes, addresses) needs no other domain;
 * - catalog reads the shop's name and its shipping (the "delivery from" line);
 * - discounts (discount codes, issue 42) reads catalog's categories and products;
 * - cart holds catalog's products and quotes their delivery;
 * - payments is the card providers and the payment methods;
 * - giftcards keeps the shop's gift cards: their codes, balances and history (decision 090);
 * - orders takes payments for its orders, starts, settles and refunds them, and closes orders;
 * - checkout turns a cart into an order with its payment;
 * - accounts hands a shopper their data (cart, orders, messages) and keeps their addresses;
 * - settings edits every domain's settings;
 * - shops opens a shop: its tenant, domain, settings and first owner.
 * The HTTP layer (server/http/), the seed and the app compose them and are not ranked.
 */
const SERVER_DOMAIN_LAYERS = [
  'staff',
  'media',
  'content',
  'shipping',
  'catalog',
  'discounts',
  'cart',
  'payments',
  'giftcards',
  'orders',
  'checkout',
  'accounts',
  'settings',
  'shops',
];
/** What sits in server/ beside the domains: not ranked among them. */
const SERVER_NOT_DOMAINS = ['http', 'platform', 'config', 'seed', 'test', 'node_modules'];

/**
 * The SPA's features, lowest first: each may import only those before it. The order follows
 * what each one needs:
 * - site (settings, company info, head helpers), auth (login links, account calls), shipping
 *   (the shop's countries, quotes, how an amount reads) and options (a piece's options, a
 *   line's chosen options in words) need no other feature;
 * - consent (the analytics consent banner, issue 29) needs no other feature either;
 * - cancellation (the 14-day right's words, issue 29) reads the settings' seller and a piece's
 *   options, and the catalogue, the checkout, the orders and the content pages show it;
 * - the cart shows shipping's countries; the catalogue adds to the cart; reviews update the
 *   catalogue's product query, so the product page takes its review form from its route;
 * - payments is the gateway's calls and the payment methods' words (one entry per method);
 *   orders pay through it, name the method and show what became of a payment
 *   (/payment/return); the account's address book uses shipping's countries;
 * - invoice (issue 29) prints an order (orders) with the seller (site);
 * - the checkout composes the cart, the account, shipping, payments and orders;
 * - blog, content and demo are pages over the features below them.
 * The app shell (src/app/) and the routes compose features and are not ranked.
 */
const FEATURE_LAYERS = [
  'site',
  'consent',
  'auth',
  'shipping',
  'options',
  'cancellation',
  'cart',
  'giftcards',
  'catalog',
  'reviews',
  'payments',
  'orders',
  'invoice',
  'account',
  'checkout',
  'blog',
  'content',
  'demo',
];

/**
 * The back office's features (admin/src/features/), lowest first, ranked as the storefront's:
 * - auth (the member, sign-in) needs no other feature; setup (a deployment's first shop)
 *   shows in auth's frame; staff lists the members by auth's roles, and the activity log's
 *   page filters by them;
 * - account is the member's own sign-in settings; today, photos and stock need no other
 *   feature; categories stand alone;
 * - content's pages take photos; settings reuse content's ordered lists and photos;
 * - products edit photos and stock; orders, moderation and the inbox refresh Today's counts
 *   and the log;
 * - customers and sales read the orders and messages through their own calls, and stand alone;
 * - promotions (the shop's sales) pick categories and products through products' calls.
 * The app shell (admin/src/app/) and the routes (admin/src/routes/) compose features and are not
 * ranked.
 */
const ADMIN_FEATURE_LAYERS = [
  'auth',
  'setup',
  'staff',
  'activity',
  'account',
  'today',
  'photos',
  'stock',
  'categories',
  'content',
  'settings',
  'products',
  'orders',
  'moderation',
  'inbox',
  'customers',
  'sales',
  'promotions',
  'discounts',
  'giftcards',
];

const FEATURES_DIR = new URL('./src/features/', import.meta.url);
const featureFolders = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unranked = featureFolders.filter((feature) => !FEATURE_LAYERS.includes(feature));
if (unranked.length > 0) {
  throw new Error(`eslint.config.js: rank the new feature(s) ${unranked} in FEATURE_LAYERS.`);
}
const unrankedDomains = readdirSync(new URL('./server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !SERVER_DOMAIN_LAYERS.includes(name) && !SERVER_NOT_DOMAINS.includes(name));
if (unrankedDomains.length > 0) {
  throw new Error(
    `eslint.config.js: rank the new server domain(s) ${unrankedDomains} in SERVER_DOMAIN_LAYERS.`,
  );
}
const ADMIN_FEATURES_DIR = new URL('./admin/src/features/', import.meta.url);
const adminFeatureFolders = readdirSync(ADMIN_FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unrankedAdmin = adminFeatureFolders.filter((f) => !ADMIN_FEATURE_LAYERS.includes(f));
if (unrankedAdmin.length > 0) {
  throw new Error(
    `eslint.config.js: rank the new back-office feature(s) ${unrankedAdmin} in ADMIN_FEATURE_LAYERS.`,
  );
}
const internalsOf = (feature, dir = FEATURES_DIR) =>
  readdirSync(new URL(`${feature}/`, dir))
    .filter(
      (file) =>
        (/\.(ts|css)$/.test(file) && !file.endsWith('.d.ts') && file !== 'api.ts') ||
        /\.test\.tsx?$/.test(file),
    )
    .map((file) => file.replace(/\.(ts|tsx)$/, ''));

const NOT_SERVER = {
  group: ['**/server/**'],
  message: 'src/ never imports server/: what both sides need lives in common/.',
};
const NOT_SRC = {
  group: ['**/src/**'],
  message: 'server/ never imports src/: what both sides need lives in common/.',
};
const NOT_STOREFRONT = {
  group: ['**/src/**'],
  message: 'admin/ never imports the storefront (src/): what both need lives in common/.',
};
const NOT_ADMIN_APP = {
  group: ['**/app/**', '**/routes/**', '**/routeTree.gen'],
  message:
    'In the back office, imports flow components -> features -> app shell and routes: never upwards.',
};
const NOT_HTTP = {
  group: ['**/http/**', 'fastify', 'fastify-plugin', '@fastify/*'],
  message:
    'A domain folder never imports the HTTP layer, Fastify or a plugin: raise a DomainError (server/platform/domain-error.ts) and let server/http/domain-errors.ts pick the status.',
};
const NOT_ROLE_CHECK = {
  group: ['**/staff/roles.ts', './roles.ts'],
  importNames: ['PERMISSIONS'],
  message:
    'A role is checked only at the door (server/http/admin/permissions.ts): a domain rule reads what the door granted (e.g. OrderActing.may), never a role.',
};
const NOT_STAFF_SESSION = {
  group: ['**/staff/actor.ts', '**/staff/activity-log.ts'],
  message:
    "The door tells a domain who acts with an Acting, and the domain writes its changes through the Acting's journal (server/platform/journal.ts): a domain other than staff imports neither a member's session nor the activity log.",
};
const NOT_ROUTES = {
  group: ['**/routes/**', '**/routeTree.gen', '**/app/**'],
  message: 'Imports flow components -> features -> app shell and routes: never upwards.',
};

/** One `no-restricted-imports` entry: `files` must not import what `patterns` name. */
const zone = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const boundaries = [
  zone(['src/**/*.{ts,tsx}'], [NOT_SERVER]),
  zone(
    ['src/components/**/*.{ts,tsx}'],
    [
      NOT_SERVER,
      NOT_ROUTES,
      { group: ['**/features/**'], message: 'UI primitives sit below features (convention 12).' },
    ],
  ),
  ...featureFolders.map((feature) => {
    const rank = FEATURE_LAYERS.indexOf(feature);
    const above = FEATURE_LAYERS.slice(rank + 1);
    const below = FEATURE_LAYERS.slice(0, rank).filter((other) => featureFolders.includes(other));
    return zone(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      [
        NOT_SERVER,
        NOT_ROUTES,
        ...above.map((other) => ({
          group: [`**/features/${other}/**`, `../${other}/**`],
          message: `${feature} sits below ${other} in FEATURE_LAYERS (eslint.config.js): a feature imports only features below it, so no two import each other.`,
        })),
        ...below.flatMap((other) =>
          internalsOf(other).map((name) => ({
            group: [`**/${other}/${name}`, `**/${other}/${name}.*`],
            message: `${other}/${name} is internal to the ${other} feature: use its api.ts or its components (convention 12).`,
          })),
        ),
      ],
      // A test may build the whole router.
      ['**/*.test.{ts,tsx}'],
    );
  }),
  zone(['common/**/*.ts'], [NOT_SERVER, NOT_SRC]),
  // The back office (admin/) is a third program over common/: it imports neither the storefront
  // nor the server, and inside it, components -> features -> app, never upwards.
  zone(['admin/**/*.{ts,tsx}'], [NOT_SERVER, NOT_STOREFRONT]),
  ...adminFeatureFolders.map((feature) => {
    const rank = ADMIN_FEATURE_LAYERS.indexOf(feature);
    const above = ADMIN_FEATURE_LAYERS.slice(rank + 1);
    const below = ADMIN_FEATURE_LAYERS.slice(0, rank).filter((other) =>
      adminFeatureFolders.includes(other),
    );
    return zone(
      [`admin/src/features/${feature}/**/*.{ts,tsx}`],
      [
        NOT_SERVER,
        NOT_STOREFRONT,
        NOT_ADMIN_APP,
        ...above.map((other) => ({
          group: [`**/features/${other}/**`, `../${other}/**`],
          message: `${feature} sits below ${other} in ADMIN_FEATURE_LAYERS (eslint.config.js): a back-office feature imports only features below it, so no two import each other.`,
        })),
        ...below.flatMap((other) =>
          internalsOf(other, ADMIN_FEATURES_DIR).map((name) => ({
            group: [`**/${other}/${name}`, `**/${other}/${name}.*`],
            message: `${other}/${name} is internal to the back office's ${other} feature: use its api.ts or its components.`,
          })),
        ),
      ],
      // A test may build the whole router.
      ['**/*.test.{ts,tsx}'],
    );
  }),
  zone(
    ['admin/src/components/**/*.{ts,tsx}', 'admin/src/api/**/*.ts'],
    [
      NOT_SERVER,
      NOT_STOREFRONT,
      NOT_ADMIN_APP,
      {
        group: ['**/features/**'],
        message: 'The back office api/ and components/ sit below its features.',
      },
    ],
  ),
  zone(['server/**/*.{ts,tsx}'], [NOT_SRC]),
  // A test drives a rule through the HTTP answer a client sees, so it may import the HTTP layer.
  ...SERVER_DOMAIN_LAYERS.map((domain, rank) =>
    zone(
      [`server/${domain}/**/*.{ts,tsx}`],
      [
        NOT_SRC,
        NOT_HTTP,
        NOT_ROLE_CHECK,
        ...(domain === 'staff' ? [] : [NOT_STAFF_SESSION]),
        ...SERVER_DOMAIN_LAYERS.slice(rank + 1).map((other) => ({
          group: [`**/${other}/**`],
          message: `${domain} sits below ${other} in SERVER_DOMAIN_LAYERS (eslint.config.js): a domain imports only domains below it, so no two import each other. Move what both need below them, or have the higher one hand a callback down.`,
        })),
      ],
      ['**/*.test.ts'],
    ),
  ),
  zone(
    ['server/platform/**/*.{ts,tsx}', 'server/config/**/*.ts'],
    [
      NOT_SRC,
      {
        group: ['**/http/**', ...SERVER_DOMAIN_LAYERS.map((domain) => `**/${domain}/**`)],
        message:
          'The platform sits below the domain folders and the HTTP layer: it imports neither.',
      },
    ],
    ['**/*.test.ts'],
  ),
];

/**
 * One writer of an order's status (decision 038): an UPDATE of `orders` that sets `status` is
 * made only by server/orders/lifecycle.ts `moveOrderStatus`, whose moves table is the one list.
 * Tests and their fixtures (server/test/) may put an order in any state directly.
 */
const ORDER_STATUS_WRITER = {
  files: ['server/**/*.ts'],
  ignores: ['server/orders/lifecycle.ts', 'server/test/**', '**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          "CallExpression[callee.property.name='set'][callee.object.callee.property.name='updateTable'][callee.object.arguments.0.value=/^orders( |$)/] Property[key.name='status']",
        message:
          "An order's status changes only through moveOrderStatus (server/orders/lifecycle.ts): its moves table is the one list of what may follow what.",
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'common/storefront-api.d.ts',
      'common/admin-api.d.ts',
      'src/routeTree.gen.ts',
      'admin/src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  ...boundaries,
  ORDER_STATUS_WRITER,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
