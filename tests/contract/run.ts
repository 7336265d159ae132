/// <reference types="node" />
/**
 * Contract test: the reference API behind `prism proxy --errors`.
 *
 * Starts the reference API on a throwaway SQLite database (temp dir, free port, API only)
 * and two Prism proxies in front of it:
 * - `strict`: `prism proxy --errors`, which also validates our requests, for every valid call;
 * - `lenient`: the same with `--validate-request=false`, for the deliberately invalid
 *   requests (bad query) that the strict proxy would answer itself with 422.
 * A case fails when Prism reports a violation (`sl-violations` header, or its 500 problem
 * body), when the status is not one the contract documents for that operation, when the
 * body does not match the documented schema (checked again here with Ajv 2020), or when the
 * expected status or behaviour differs. Prism's security check answers a request without the
 * tenant header itself, so that case goes straight to the API and is checked with Ajv alone.
 *
 * Every contract operation outside IMPLEMENTED must answer 501 with a `detail`, asked of
 * the API directly (Prism turns an upstream 501 into a mock answer) with the demo customer's
 * access token; every customer (bearerAuth) operation, implemented or not, also answers 401
 * without a token or with an invalid one. The accounts operations run as a session:
 * log in, refresh, log out. Cart, checkout and payments run as a shopping session
 * whose cases build on each other (a case's `prepare` fills in ids that earlier cases
 * produced); the gateway notification is signed with the shop's secret, read from the
 * throwaway SQLite file. The issue-7 cases (reviews, blog and comments, contact, FAQs, legal
 * documents) follow that session: the review of the product paid by card is a verified
 * purchase, and the contact throttle is lowered (CONTACT_MAX_PER_ADDRESS=3) to reach its 429.
 * The issue-9 cases (the shopper's account) use customers registered for them: the account,
 * a password change, a reset whose link is read from the API's outbox (OUTBOX_DIR in the temp
 * dir), the per-e-mail reset throttle's 429, and saved addresses (another customer's is 404).
 *
 * Prints one line per case, then `N passed, N failed`; exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { freePort, waitForHttp } from '../../scripts/lib/local-servers';
import { sandboxSecretOf } from '../../scripts/lib/sandbox-secret';
import { outboxMessagesTo, resetLinkOf } from '../../server/mail/outbox-reader';

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
  'getShippingOptions',
  'quoteShipping',
  'getPaymentOptions',
  'createOrder',
  'listOrders',
  'getOrder',
  'cancelOrder',
  'initiateCardPayment',
  'getPaymentStatus',
  'receiveGatewayNotification',
  'createReview',
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
] as const;

const DEMO = 'demo-handcraft';
const POTTERY = 'demo-pottery';
const TENANT_HEADER = 'X-Tenant-Token';

/** The seeded demo customers (server/seed/seed.ts, README "Demo customer"). */
const DEMO_CUSTOMER = {
  email: 'customer@emberandoak.example',
  username: 'customer',
  password: 'demo-customer-2026',
};
const POTTERY_CUSTOMER = {
  email: 'customer@riversidepottery.example',
  password: 'pottery-customer-2026',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contractFile = path.join(root, 'openapi', 'storefront.yaml');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Via = 'strict' | 'lenient' | 'direct';

interface Case {
  name: string;
  operationId: string;
  method: string;
  /** Contract path with its parameters filled in, without the `/api` prefix. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Json;
  status: number;
  via?: Via;
  /** Behaviour a shopper would notice; returns a failure message, or null when it holds. */
  check?: (body: Json, headers: Headers) => string | null;
  /**
   * Runs right before the request and may fill in what earlier cases produced (ids, bodies,
   * signatures); `name`, `operationId` and `method` stay as written.
   */
  prepare?: () => Partial<Case> | Promise<Partial<Case>>;
  /** Keeps values of the answer (when the status was the expected one) for later cases. */
  remember?: (body: Json) => void;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  op: JsonObject;
}

// ---------------------------------------------------------------------------------------------
// Processes

const children: ChildProcess[] = [];
const logs = new Map<string, string[]>();

function startProcess(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ChildProcess {
  // Own process group, so stopping it also stops what it spawned (tsx runs node under it).
  const child = spawn(cmd, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  logs.set(name, lines);
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(child);
  return child;
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function stopAll(): Promise<void> {
  for (const child of children) {
    if (!alive(child) || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 5_000;
  while (children.some(alive) && Date.now() < deadline) await sleep(100);
  for (const child of children) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// The contract

function loadContract(): JsonObject {
  return parse(readFileSync(contractFile, 'utf8')) as JsonObject;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`); returns the value and its JSON pointer. */
function deref(
  doc: JsonObject,
  value: Json | undefined,
  pointer: string,
): { value: Json | undefined; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    at = current.$ref;
    current = resolvePointer(doc, at);
  }
  return { value: current, pointer: at };
}

function resolvePointer(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function operations(doc: JsonObject): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [p, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op) && typeof op.operationId === 'string') {
        out.push({ operationId: op.operationId, method: method.toUpperCase(), path: p, op });
      }
    }
  }
  return out;
}

/** The documented response for `status` (exact code, then `4XX`-style range), or null. */
function documentedResponse(
  doc: JsonObject,
  op: Operation,
  status: number,
): { pointer: string; response: JsonObject } | null {
  const responses = op.op.responses;
  if (!isObject(responses)) return null;
  const base = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses`;
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`]) {
    if (key in responses) {
      const { value, pointer } = deref(doc, responses[key], `${base}/${key}`);
      if (isObject(value)) return { pointer, response: value };
    }
  }
  return null;
}

function makeAjv(doc: JsonObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The whole document is registered once, so `#/components/...` refs inside response
  // schemas resolve against it exactly as they do in the contract.
  ajv.addSchema({ ...doc, $id: 'contract' } as object, 'contract');
  return ajv;
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

async function request(
  base: string,
  c: Pick<Case, 'method' | 'path' | 'query' | 'headers' | 'body'>,
): Promise<Answer> {
  const url = new URL(base + c.path);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
  let body: string | undefined;
  if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const res = await fetch(url, {
    method: c.method,
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: Json = null;
  try {
    parsed = text ? (JSON.parse(text) as Json) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

function results(body: Json): JsonObject[] {
  const list =
    isObject(body) && Array.isArray(body.results) ? body.results : Array.isArray(body) ? body : [];
  return list.filter(isObject);
}

function str(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

function detailIs(expected: string) {
  return (body: Json) =>
    isObject(body) && body.detail === expected
      ? null
      : `expected detail ${JSON.stringify(expected)}, got ${JSON.stringify(body)}`;
}

// ---------------------------------------------------------------------------------------------
// The cases

/** The tenant-header errors every operation shares. */
function tenantErrors(
  operationId: string,
  method: string,
  p: string,
  query?: Record<string, string>,
  body?: Json,
): Case[] {
  return [
    {
      name: `${operationId} without ${TENANT_HEADER}`,
      operationId,
      method,
      path: p,
      query,
      body,
      status: 401,
      via: 'direct',
      check: detailIs('Tenant token missing.'),
    },
    {
      name: `${operationId} with an unknown tenant token`,
      operationId,
      method,
      path: p,
      query,
      body,
      headers: { [TENANT_HEADER]: 'no-such-tenant' },
      status: 403,
      check: detailIs('Unknown tenant token.'),
    },
  ];
}

/**
 * The product list's ordering, price and stock filters, and the header's suggestions.
 * Each new parameter and value is called once through the strict proxy (Prism checks the
 * request and the answer), and each refusal through the lenient one.
 */
function discoveryCases(
  demo: Record<string, string>,
  pottery: Record<string, string>,
  listPath: string,
  demoSlugs: string[],
): Case[] {
  const price = (p: JsonObject) => Number(str(p.price));
  const sortedBy = (list: JsonObject[], compare: (a: JsonObject, b: JsonObject) => number) =>
    list.every((p, i) => i === 0 || compare(list[i - 1]!, p) <= 0);
  const orderings: Array<[string, (a: JsonObject, b: JsonObject) => number]> = [
    ['price', (a, b) => price(a) - price(b) || Number(a.id) - Number(b.id)],
    ['-price', (a, b) => price(b) - price(a) || Number(a.id) - Number(b.id)],
    ['-created_at', () => 0],
    [
      '-average_rating',
      (a, b) =>
        (a.average_rating === null ? 1 : 0) - (b.average_rating === null ? 1 : 0) ||
        Number(b.average_rating ?? 0) - Number(a.average_rating ?? 0),
    ],
    [
      'name',
      (a, b) => {
        const x = str(a.name).replace(/[A-Z]/g, (c) => c.toLowerCase());
        const y = str(b.name).replace(/[A-Z]/g, (c) => c.toLowerCase());
        return x < y ? -1 : x > y ? 1 : 0;
      },
    ],
  ];
  const refusals: Array<[string, Record<string, string>, string]> = [
    ['min_price=abc', { min_price: 'abc' }, 'min_price'],
    ['min_price=-1', { min_price: '-1' }, 'min_price'],
    ['max_price=1e400', { max_price: '1e400' }, 'max_price'],
    ['min_price above max_price', { min_price: '50', max_price: '10' }, 'max_price'],
    ['in_stock=maybe', { in_stock: 'maybe' }, 'in_stock'],
    ['ordering=-name', { ordering: '-name' }, 'ordering'],
  ];
  const suggestionsPath = '/products/suggestions/';
  return [
    ...orderings.map(([ordering, compare]): Case => ({
      name: `listProducts ordering=${ordering}`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', ordering, page_size: '100' },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length >= 36 && sortedBy(results(b), compare)
          ? null
          : `not in ${ordering} order`,
    })),
    {
      name: 'listProducts min_price, max_price, in_stock and ordering together',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: {
        is_active: 'true',
        min_price: '50',
        max_price: '200.50',
        in_stock: 'true',
        ordering: '-price',
        page_size: '100',
      },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'no product between $50 and $200.50 in stock';
        const bad = list.find((p) => price(p) < 50 || price(p) > 200.5 || Number(p.stock) <= 0);
        return bad ? `${str(bad.slug)} is outside the filters` : null;
      },
    },
    {
      name: 'listProducts in_stock=false (sold out only)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', in_stock: 'false' },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length > 0 && results(b).every((p) => p.stock === 0)
          ? null
          : 'expected only sold-out products',
    },
    ...refusals.map(([label, query, field]): Case => ({
      name: `listProducts ${label} (bad query)`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', ...query },
      headers: demo,
      status: 400,
      via: 'lenient',
      check: (b) =>
        isObject(b) && Array.isArray(b[field]) ? null : `expected field errors on ${field}`,
    })),
    {
      name: 'listProductSuggestions q=DAMASCUS',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'DAMASCUS' },
      headers: demo,
      status: 200,
      check: (b) =>
        Array.isArray(b) &&
        b.length > 0 &&
        b.length <= 6 &&
        b.every((s) => isObject(s) && str(s.name).toLowerCase().includes('damascus'))
          ? null
          : 'expected one to six products named damascus',
    },
    {
      name: 'listProductSuggestions limited to six',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'an' },
      headers: demo,
      status: 200,
      check: (b) => (Array.isArray(b) && b.length === 6 ? null : 'expected exactly six'),
    },
    {
      name: 'listProductSuggestions for the second tenant (isolation)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'an' },
      headers: pottery,
      status: 200,
      check: (b) => {
        const leaked = (Array.isArray(b) ? b : []).find(
          (s) => isObject(s) && demoSlugs.includes(str(s.slug)),
        );
        return leaked && isObject(leaked) ? `the second tenant sees ${str(leaked.slug)}` : null;
      },
    },
    {
      name: 'listProductSuggestions q=a (too short)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'a' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProductSuggestions q of 101 characters (too long)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'x'.repeat(101) },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProductSuggestions without q',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    ...tenantErrors('listProductSuggestions', 'GET', suggestionsPath, { q: 'damascus' }),
  ];
}

function implementedCases(slug: string, categorySlug: string, demoSlugs: string[]): Case[] {
  const demo = { [TENANT_HEADER]: DEMO };
  const pottery = { [TENANT_HEADER]: POTTERY };
  const listPath = '/products/products/';

  return [
    {
      name: 'getSiteSettings (demo tenant)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Ember & Oak')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    {
      name: 'getSiteSettings (second tenant sees its own shop)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: pottery,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Riverside Pottery')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    ...tenantErrors('getSiteSettings', 'GET', '/pages/site-settings/'),
    {
      name: 'getPublicSettings',
      operationId: 'getPublicSettings',
      method: 'GET',
      path: '/pages/settings/public/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Ember & Oak')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    ...tenantErrors('getPublicSettings', 'GET', '/pages/settings/public/'),
    {
      name: 'getCompanyInfo',
      operationId: 'getCompanyInfo',
      method: 'GET',
      path: '/pages/company-info/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && Array.isArray(b.core_values) && b.core_values.length > 0
          ? null
          : 'no core values',
    },
    ...tenantErrors('getCompanyInfo', 'GET', '/pages/company-info/'),
    {
      name: 'listCategories',
      operationId: 'listCategories',
      method: 'GET',
      path: '/products/categories/',
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length >= 6 ? null : `expected at least 6 categories, got ${results(b).length}`,
    },
    ...tenantErrors('listCategories', 'GET', '/products/categories/'),
    {
      name: `getCategory ${categorySlug}`,
      operationId: 'getCategory',
      method: 'GET',
      path: `/products/categories/${categorySlug}/`,
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.slug === categorySlug ? null : `slug is ${isObject(b) ? b.slug : b}`,
    },
    {
      name: 'getCategory unknown slug',
      operationId: 'getCategory',
      method: 'GET',
      path: '/products/categories/no-such-category/',
      headers: demo,
      status: 404,
    },
    {
      name: `getCategory ${categorySlug} from the second tenant (isolation)`,
      operationId: 'getCategory',
      method: 'GET',
      path: `/products/categories/${categorySlug}/`,
      headers: pottery,
      status: 404,
    },
    ...tenantErrors('getCategory', 'GET', `/products/categories/${categorySlug}/`),
    {
      name: 'listProducts is_active=true',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && typeof b.count === 'number' && b.count >= 36 && results(b).length === 12
          ? null
          : `expected count >= 36 and a first page of 12, got count ${isObject(b) ? b.count : '?'} and ${results(b).length}`,
    },
    {
      name: `listProducts category__slug=${categorySlug}`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', category__slug: categorySlug },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'no products in the category';
        const other = list.find((p) => !isObject(p.category) || p.category.slug !== categorySlug);
        return other ? `product ${str(other.slug)} is not in ${categorySlug}` : null;
      },
    },
    {
      name: 'listProducts search (case-insensitive, name or description)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', search: slug.split('-')[0]!.toUpperCase() },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).some((p) => p.slug === slug) ? null : `search did not find ${slug}`,
    },
    {
      name: 'listProducts search with no match',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', search: 'zzqxnomatchzz' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.count === 0 && results(b).length === 0 ? null : 'expected an empty page',
    },
    {
      name: 'listProducts page=2',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page: '2' },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'page 2 is empty';
        if (list.some((p) => p.slug === slug)) return `page 2 repeats ${slug} from page 1`;
        return isObject(b) && b.previous != null ? null : 'page 2 has no previous link';
      },
    },
    {
      name: 'listProducts page_size=100',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '100' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && results(b).length === b.count && b.next === null
          ? null
          : 'page_size=100 did not return the whole catalogue',
    },
    {
      name: 'listProducts for the second tenant (isolation)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '100' },
      headers: pottery,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'the second tenant has no products';
        const leaked = list.find((p) => demoSlugs.includes(str(p.slug)));
        return leaked ? `the second tenant sees ${str(leaked.slug)}` : null;
      },
    },
    {
      name: 'listProducts page=0 (bad query)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page: '0' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProducts page_size=101 (bad query)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '101' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    ...discoveryCases(demo, pottery, listPath, demoSlugs),
    ...tenantErrors('listProducts', 'GET', listPath, { is_active: 'true' }),
    {
      name: `getProduct ${slug}`,
      operationId: 'getProduct',
      method: 'GET',
      path: `/products/products/${slug}/`,
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) &&
        b.slug === slug &&
        Array.isArray(b.reviews) &&
        Array.isArray(b.images) &&
        Array.isArray(b.attributes)
          ? null
          : 'detail lacks slug, reviews, images or attributes',
    },
    {
      name: 'getProduct unknown slug',
      operationId: 'getProduct',
      method: 'GET',
      path: '/products/products/no-such-product/',
      headers: demo,
      status: 404,
    },
    {
      name: `getProduct ${slug} from the second tenant (isolation)`,
      operationId: 'getProduct',
      method: 'GET',
      path: `/products/products/${slug}/`,
      headers: pottery,
      status: 404,
    },
    ...tenantErrors('getProduct', 'GET', `/products/products/${slug}/`),
  ];
}

/** Tokens of the demo customer, from two logins made before the cases run. */
interface Session {
  access: string;
  /** Spent by the refresh case. */
  refresh: string;
  /** Revoked by the logout case. */
  logoutRefresh: string;
  /** Makes the e-mails registered by this run unique. */
  stamp: string;
}

const NOT_PROVIDED = 'Authentication credentials were not provided.';
const TOKEN_NOT_VALID = 'Given token not valid for any token type';
const BAD_CREDENTIALS = 'No active account found with the given credentials.';
const TOKEN_INVALID = 'Token is invalid or expired.';
/** LOGIN_MAX_FAILURES' default. */
const MAX_FAILURES = 5;

function tokenPairFor(email: string) {
  return (b: Json) =>
    isObject(b) && isObject(b.user) && b.user.email === email && str(b.access) && str(b.refresh)
      ? null
      : `expected tokens for ${email}, got ${JSON.stringify(b).slice(0, 200)}`;
}

function fieldError(field: string, message: string) {
  return (b: Json) =>
    isObject(b) && Array.isArray(b[field]) && b[field].includes(message)
      ? null
      : `expected ${field}: [${JSON.stringify(message)}], got ${JSON.stringify(b)}`;
}

/** Register, login, refresh and logout, including the attacks the contract documents. */
function accountsCases(session: Session): Case[] {
  const demo = { [TENANT_HEADER]: DEMO };
  const pottery = { [TENANT_HEADER]: POTTERY };
  const password = 'correct-horse-42';
  const newEmail = `contract-${session.stamp}@example.com`;
  const lockedEmail = `locked-${session.stamp}@example.com`;
  const login = (
    name: string,
    body: Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `login ${name}`,
    operationId: 'login',
    method: 'POST',
    path: '/accounts/login/',
    headers,
    body,
    status,
    check,
  });
  const register = (
    name: string,
    body: Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `register ${name}`,
    operationId: 'register',
    method: 'POST',
    path: '/accounts/register/',
    headers,
    body,
    status,
    check,
  });
  const refresh = (
    name: string,
    token: string,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `refreshToken ${name}`,
    operationId: 'refreshToken',
    method: 'POST',
    path: '/accounts/token/refresh/',
    headers,
    body: { refresh: token },
    status,
    check,
  });
  const logout = (name: string, token: string, status: number, check?: Case['check']): Case => ({
    name: `logout ${name}`,
    operationId: 'logout',
    method: 'POST',
    path: '/accounts/logout/',
    headers: demo,
    body: { refresh: token },
    status,
    check,
  });
  const customer = { login_id: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };

  return [
    login("with the demo customer's e-mail", customer, 200, tokenPairFor(DEMO_CUSTOMER.email)),
    login(
      'with the username',
      { login_id: DEMO_CUSTOMER.username, password: DEMO_CUSTOMER.password },
      200,
      tokenPairFor(DEMO_CUSTOMER.email),
    ),
    login(
      'with the `email` field, in upper case',
      { email: DEMO_CUSTOMER.email.toUpperCase(), password: DEMO_CUSTOMER.password },
      200,
      tokenPairFor(DEMO_CUSTOMER.email),
    ),
    login(
      'with a wrong password',
      { ...customer, password: 'wrong-password' },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      'with an unknown user',
      { login_id: 'nobody@example.com', password: 'wrong-password' },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      "as the other shop's customer (tenant isolation)",
      { login_id: POTTERY_CUSTOMER.email, password: POTTERY_CUSTOMER.password },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      "as the other shop's customer with its tenant token",
      { login_id: POTTERY_CUSTOMER.email, password: POTTERY_CUSTOMER.password },
      200,
      tokenPairFor(POTTERY_CUSTOMER.email),
      pottery,
    ),
    {
      ...login('without a password (bad body)', { login_id: DEMO_CUSTOMER.email }, 400),
      via: 'lenient',
    },
    ...tenantErrors('login', 'POST', '/accounts/login/', undefined, customer),

    register(
      'a new customer',
      { email: newEmail, password, password_confirm: password },
      201,
      (b) =>
        isObject(b) && b.email === newEmail && typeof b.id === 'number' && str(b.username)
          ? null
          : `unexpected user ${JSON.stringify(b)}`,
    ),
    login('as the new customer', { login_id: newEmail, password }, 200, tokenPairFor(newEmail)),
    register(
      'with a taken e-mail',
      { email: newEmail, password, password_confirm: password },
      400,
      fieldError('email', 'A user with this e-mail already exists.'),
    ),
    register(
      'with a short password',
      {
        email: `short-${session.stamp}@example.com`,
        password: 'seven77',
        password_confirm: 'seven77',
      },
      400,
      fieldError('password', 'Password must be at least 8 characters long.'),
    ),
    register(
      'with mismatched passwords',
      {
        email: `mismatch-${session.stamp}@example.com`,
        password,
        password_confirm: `${password}!`,
      },
      400,
      fieldError('password_confirm', 'Passwords do not match.'),
    ),
    {
      ...register(
        'with an invalid e-mail (bad body)',
        { email: 'not-an-email', password, password_confirm: password },
        400,
        fieldError('email', 'Enter a valid email address.'),
      ),
      via: 'lenient',
    },
    register(
      'with the same e-mail in the other shop',
      { email: newEmail, password, password_confirm: password },
      201,
      undefined,
      pottery,
    ),
    ...tenantErrors('register', 'POST', '/accounts/register/', undefined, {
      email: `tenantless-${session.stamp}@example.com`,
      password,
      password_confirm: password,
    }),

    register(
      'an account to lock',
      { email: lockedEmail, password, password_confirm: password },
      201,
    ),
    ...Array.from({ length: MAX_FAILURES }, (_, i) =>
      login(
        `failure ${i + 1} of ${MAX_FAILURES}`,
        { login_id: lockedEmail, password: 'wrong-password' },
        401,
        detailIs(BAD_CREDENTIALS),
      ),
    ),
    login(
      'after too many failures, even with the right password',
      { login_id: lockedEmail, password },
      429,
      (b, headers) => {
        const retry = Number(headers.get('retry-after'));
        if (!(retry > 0)) return `expected a Retry-After header, got ${headers.get('retry-after')}`;
        return isObject(b) &&
          /^Request was throttled\. Expected available in \d+ seconds\.$/.test(str(b.detail))
          ? null
          : `unexpected body ${JSON.stringify(b)}`;
      },
    ),

    refresh("with the demo customer's refresh token", session.refresh, 200, (b) =>
      isObject(b) && str(b.access) && str(b.refresh) && b.refresh !== session.refresh
        ? null
        : `expected a rotated pair, got ${JSON.stringify(b).slice(0, 200)}`,
    ),
    refresh('with an access token', session.access, 401, detailIs(TOKEN_INVALID)),
    refresh('with a malformed token', 'not-a-token', 401, detailIs(TOKEN_INVALID)),
    refresh(
      "with the other shop's tenant token",
      session.logoutRefresh,
      401,
      detailIs(TOKEN_INVALID),
      pottery,
    ),
    { ...refresh('without a token (bad body)', '', 400), via: 'lenient' },
    ...tenantErrors('refreshToken', 'POST', '/accounts/token/refresh/', undefined, {
      refresh: session.logoutRefresh,
    }),

    logout('with a refresh token', session.logoutRefresh, 204),
    refresh('after logout', session.logoutRefresh, 401, detailIs(TOKEN_INVALID)),
    logout('again with the same token (idempotent)', session.logoutRefresh, 204),
    logout('with a malformed token', 'not-a-token', 401, detailIs(TOKEN_INVALID)),
    ...tenantErrors('logout', 'POST', '/accounts/logout/', undefined, {
      refresh: session.logoutRefresh,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// The shopper's account

/** Customers registered for the account cases, and where the API writes its e-mails. */
interface AccountSetup {
  /** Reads the account and keeps addresses. */
  holder: Record<string, string>;
  /** Another customer of the same shop (404 on the holder's addresses). */
  stranger: Record<string, string>;
  /** Changes the password; `changerRefresh` must be refused afterwards. */
  changer: Record<string, string>;
  changerRefresh: string;
  changerPassword: string;
  /** Resets a forgotten password by e-mail. */
  forgetfulEmail: string;
  outboxDir: string;
  /** Filled in as the cases run. */
  state: { address: number; address2: number; resetToken: string; olderToken: string };
}

const ACCOUNT_PASSWORD = 'correct-horse-42';

async function accountSetup(
  upstream: string,
  stamp: string,
  outboxDir: string,
): Promise<AccountSetup> {
  const customer = async (name: string) => {
    const email = `contract-${name}-${stamp}@example.com`;
    const registered = await request(upstream, {
      method: 'POST',
      path: '/accounts/register/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { email, password: ACCOUNT_PASSWORD, password_confirm: ACCOUNT_PASSWORD },
    });
    if (registered.status !== 201) throw new Error(`could not register ${email}`);
    const login = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { login_id: email, password: ACCOUNT_PASSWORD },
    });
    if (login.status !== 200 || !isObject(login.body)) throw new Error(`could not log in ${email}`);
    return {
      email,
      headers: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${str(login.body.access)}` },
      refresh: str(login.body.refresh),
    };
  };
  const holder = await customer('holder');
  const stranger = await customer('stranger');
  const changer = await customer('changer');
  const forgetful = await customer('forgetful');
  return {
    holder: holder.headers,
    stranger: stranger.headers,
    changer: changer.headers,
    changerRefresh: changer.refresh,
    changerPassword: ACCOUNT_PASSWORD,
    forgetfulEmail: forgetful.email,
    outboxDir,
    state: { address: 0, address2: 0, resetToken: '', olderToken: '' },
  };
}

/** The token of the newest reset e-mail to `email`, waiting for the background send. */
async function newestResetToken(outboxDir: string, email: string, after: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = await outboxMessagesTo(outboxDir, email);
    if (messages.length > after) {
      const link = resetLinkOf(messages.at(-1)!);
      if (link) return new URL(link).searchParams.get('token') ?? '';
    }
    await sleep(100);
  }
  throw new Error(`no reset e-mail to ${email} in ${outboxDir}`);
}

const RESET_SENT =
  'If an account exists for this e-mail, we have sent a link to reset its password.';
const RESET_INVALID = 'This password reset link is invalid or has expired.';
const HOME = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 1904 496 0123',
  street: '7 Wren Close',
  city: 'York',
  postalCode: 'YO1 7HH',
  country: 'United Kingdom',
};

/** /accounts/me/, password change and reset, saved addresses. */
function accountCases(a: AccountSetup): Case[] {
  const demo = { [TENANT_HEADER]: DEMO };
  const pottery = { [TENANT_HEADER]: POTTERY };
  const newPassword = 'tempered-steel-77';
  const throttledEmail = `contract-throttled-${Date.now()}@example.com`;
  const reset = (name: string, email: string, status: number, check?: Case['check']): Case => ({
    name: `requestPasswordReset ${name}`,
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/accounts/password/reset/',
    headers: demo,
    body: { email },
    status,
    check,
  });
  const confirm = (
    name: string,
    body: () => Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `confirmPasswordReset ${name}`,
    operationId: 'confirmPasswordReset',
    method: 'POST',
    path: '/accounts/password/reset/confirm/',
    headers,
    status,
    check,
    prepare: () => ({ body: body() }),
  });
  const address = (id: () => number) => `/accounts/addresses/${id()}/`;
  // A customer operation with a valid bearer token but an unknown shop (Prism checks the
  // security schemes first, so the tenant-less case of tenantErrors does not apply here).
  const unknownTenant = (operationId: string, method: string, p: string, body?: Json): Case => ({
    name: `${operationId} with an unknown tenant token`,
    operationId,
    method,
    path: p,
    body,
    headers: { ...a.holder, [TENANT_HEADER]: 'no-such-tenant' },
    status: 403,
    check: detailIs('Unknown tenant token.'),
  });
  return [
    {
      name: 'getAccount as a customer',
      operationId: 'getAccount',
      method: 'GET',
      path: '/accounts/me/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.email).startsWith('contract-holder-')
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    unknownTenant('getAccount', 'GET', '/accounts/me/'),

    // Saved addresses.
    {
      name: 'listAddresses with none saved',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) && b.length === 0 ? null : `expected [], got ${JSON.stringify(b)}`,
    },
    {
      name: 'createAddress, the first one becomes the default',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: HOME,
      status: 201,
      check: (b) =>
        isObject(b) && b.is_default === true
          ? null
          : `expected the default, got ${JSON.stringify(b)}`,
      remember: (b) => {
        if (isObject(b) && typeof b.id === 'number') a.state.address = b.id;
      },
    },
    {
      name: 'createAddress a second one',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { ...HOME, street: '12 Forge Lane', city: 'Sheffield' },
      status: 201,
      check: (b) =>
        isObject(b) && b.is_default === false ? null : `unexpected ${JSON.stringify(b)}`,
      remember: (b) => {
        if (isObject(b) && typeof b.id === 'number') a.state.address2 = b.id;
      },
    },
    {
      name: 'createAddress with a blank city',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { ...HOME, city: '   ' },
      status: 400,
      check: fieldError('city', 'This field may not be blank.'),
    },
    {
      name: 'createAddress without a field (bad body)',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { fullname: 'Ada' },
      status: 400,
      via: 'lenient',
    },
    unknownTenant('createAddress', 'POST', '/accounts/addresses/', HOME),
    {
      name: 'updateAddress makes the second address the default',
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      body: { is_default: true },
      status: 200,
      prepare: () => ({ path: address(() => a.state.address2) }),
      check: (b) =>
        isObject(b) && b.is_default === true ? null : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'listAddresses has the new default first',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) &&
        b.length === 2 &&
        isObject(b[0]) &&
        b[0].id === a.state.address2 &&
        b[0].is_default === true &&
        isObject(b[1]) &&
        b[1].is_default === false
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'updateAddress refuses is_default false on the default',
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      body: { is_default: false },
      status: 400,
      prepare: () => ({ path: address(() => a.state.address2) }),
      check: fieldError('is_default', 'Choose another address as the default instead.'),
    },
    {
      name: "updateAddress of another customer's address",
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.stranger,
      body: { city: 'Mine' },
      status: 404,
      prepare: () => ({ path: address(() => a.state.address) }),
      check: detailIs('Not found.'),
    },
    {
      name: "deleteAddress of another customer's address",
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.stranger,
      status: 404,
      prepare: () => ({ path: address(() => a.state.address) }),
      check: detailIs('Not found.'),
    },
    {
      name: 'deleteAddress of the default address',
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      status: 204,
      prepare: () => ({ path: address(() => a.state.address2) }),
    },
    {
      name: 'listAddresses after the default was deleted: the other one took over',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) && b.length === 1 && isObject(b[0]) && b[0].is_default === true
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'deleteAddress again',
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      status: 404,
      prepare: () => ({ path: address(() => a.state.address2) }),
    },
    unknownTenant('listAddresses', 'GET', '/accounts/addresses/'),

    // Password change.
    {
      name: 'changePassword with a wrong current password',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: 'not-it-at-all',
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
      status: 400,
      check: fieldError('current_password', 'Your current password is incorrect.'),
    },
    {
      name: 'changePassword with a short new password',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: a.changerPassword,
        new_password: 'short',
        new_password_confirm: 'short',
      },
      status: 400,
      check: fieldError('new_password', 'Password must be at least 8 characters long.'),
    },
    {
      name: 'changePassword',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: a.changerPassword,
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
      status: 200,
      check: (b) =>
        isObject(b) && str(b.access) && str(b.refresh) && isObject(b.user)
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: "refreshToken with the session's refresh token from before the password change",
      operationId: 'refreshToken',
      method: 'POST',
      path: '/accounts/token/refresh/',
      headers: demo,
      body: { refresh: a.changerRefresh },
      status: 401,
      check: detailIs(TOKEN_INVALID),
    },

    // Password reset.
    reset('for an e-mail with an account', a.forgetfulEmail, 202, detailIs(RESET_SENT)),
    {
      ...reset(
        'again: the newer link replaces the first',
        a.forgetfulEmail,
        202,
        detailIs(RESET_SENT),
      ),
      prepare: async () => {
        a.state.olderToken = await newestResetToken(a.outboxDir, a.forgetfulEmail, 0);
        return {};
      },
    },
    reset(
      'for an e-mail without an account: the same answer',
      `nobody-${Date.now()}@example.com`,
      202,
      detailIs(RESET_SENT),
    ),
    {
      ...reset(
        'with an invalid e-mail (bad body)',
        'not-an-email',
        400,
        fieldError('email', 'Enter a valid email address.'),
      ),
      via: 'lenient',
    },
    ...[1, 2, 3].map((n) => reset(`per-e-mail limit, request ${n} of 3`, throttledEmail, 202)),
    reset('over the per-e-mail limit', throttledEmail, 429, (b, headers) =>
      Number(headers.get('retry-after')) > 0 &&
      isObject(b) &&
      /^Request was throttled\./.test(str(b.detail))
        ? null
        : `unexpected ${JSON.stringify(b)} (Retry-After ${headers.get('retry-after')})`,
    ),
    ...tenantErrors('requestPasswordReset', 'POST', '/accounts/password/reset/', undefined, {
      email: a.forgetfulEmail,
    }),
    {
      ...confirm(
        'with the older, replaced link',
        () => ({
          token: a.state.olderToken,
          new_password: newPassword,
          new_password_confirm: newPassword,
        }),
        400,
        fieldError('token', RESET_INVALID),
      ),
      prepare: async () => {
        a.state.resetToken = await newestResetToken(a.outboxDir, a.forgetfulEmail, 1);
        return {
          body: {
            token: a.state.olderToken,
            new_password: newPassword,
            new_password_confirm: newPassword,
          },
        };
      },
    },
    confirm(
      "with the other shop's tenant token",
      () => ({
        token: a.state.resetToken,
        new_password: newPassword,
        new_password_confirm: newPassword,
      }),
      400,
      fieldError('token', RESET_INVALID),
      pottery,
    ),
    confirm(
      'with mismatched passwords',
      () => ({
        token: a.state.resetToken,
        new_password: newPassword,
        new_password_confirm: `${newPassword}!`,
      }),
      400,
      fieldError('new_password_confirm', 'Passwords do not match.'),
    ),
    confirm(
      'with the e-mailed link',
      () => ({
        token: a.state.resetToken,
        new_password: newPassword,
        new_password_confirm: newPassword,
      }),
      200,
      detailIs('Your password has been reset. You can now log in.'),
    ),
    confirm(
      'with the same link again',
      () => ({
        token: a.state.resetToken,
        new_password: 'another-one-99',
        new_password_confirm: 'another-one-99',
      }),
      400,
      fieldError('token', RESET_INVALID),
    ),
    {
      name: 'login with the reset password',
      operationId: 'login',
      method: 'POST',
      path: '/accounts/login/',
      headers: demo,
      body: { login_id: a.forgetfulEmail, password: newPassword },
      status: 200,
      check: tokenPairFor(a.forgetfulEmail),
    },
    {
      ...confirm(
        'without a token (bad body)',
        () => ({ new_password: newPassword, new_password_confirm: newPassword }),
        400,
      ),
      via: 'lenient',
    },
    ...tenantErrors(
      'confirmPasswordReset',
      'POST',
      '/accounts/password/reset/confirm/',
      undefined,
      {
        token: 'x',
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Cart, checkout and payments

interface Shop {
  /** The demo customer's headers, and another demo customer's, and the pottery customer's. */
  me: Record<string, string>;
  other: Record<string, string>;
  potter: Record<string, string>;
  /** A demo product with stock of at least 3, without options (the cart cases). */
  p1: { id: number; name: string; price: string; stock: number };
  /** The demo gyuto: age-restricted, with a handle wood (required) and an engraving. */
  knife: { id: number; name: string; price: string };
  /** Its slug (the review cases read it back). */
  p1Slug: string;
  /** Another demo product whose whole stock two shoppers fight over (the 409 checkout). */
  p2: { id: number; name: string; stock: number };
  /** A product of the pottery. */
  vase: { id: number };
  /** The demo shop's sandbox signing secret, opened from the API's SQLite file with its key. */
  gatewaySecret: () => string;
  /**
   * A checkout body completed as the storefront would: each line's method from the shipping
   * quote for the address's country (the body's own choices kept), an adult's attestation when
   * the cart holds an age-restricted piece, and the quote's total as `expected_total_price`;
   * what the body sets itself is kept.
   */
  checkout: (headers: Record<string, string>, body: JsonObject) => Promise<JsonObject>;
  /** Ids the cases produce as they run. */
  state: {
    line: number;
    line2: number;
    line3: number;
    knifeLine: number;
    bankOrder: number;
    bankOrderNumber: string;
    otherOrder: number;
    cardOrder: number;
    cardOrderNumber: string;
    /** The card order's total (with shipping), what the payment charges. */
    cardTotal: string;
    /** The first idempotent checkout's body, which its retry repeats. */
    bankBody: JsonObject;
    payment: string;
    succeeded: string;
  };
}

const ORDER_NUMBER = /^ORD-[23456789A-HJKMNP-TV-Z]{4}-[23456789A-HJKMNP-TV-Z]{4}$/;

const ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
};

/** An attestation of a buyer well over the shop's minimum age (contract: AgeAttestationCreate). */
const ADULT = { date_of_birth: '1980-05-17', confirmed: true };

/**
 * Logs in a second demo customer (registered for this run) and the pottery's customer, picks
 * the products the shopping cases use, and opens the way to the gateway secret.
 */
async function shoppingSetup(
  upstream: string,
  products: JsonObject[],
  session: Session,
  sqlitePath: string,
): Promise<Shop> {
  const login = async (tenant: string, loginId: string, password: string) => {
    const answer = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: tenant },
      body: { login_id: loginId, password },
    });
    if (answer.status !== 200 || !isObject(answer.body)) {
      throw new Error(
        `could not log in ${loginId} (${answer.status}: ${answer.text.slice(0, 200)})`,
      );
    }
    return { [TENANT_HEADER]: tenant, authorization: `Bearer ${str(answer.body.access)}` };
  };
  const otherEmail = `contract-other-${session.stamp}@example.com`;
  const password = 'correct-horse-42';
  const registered = await request(upstream, {
    method: 'POST',
    path: '/accounts/register/',
    headers: { [TENANT_HEADER]: DEMO },
    body: { email: otherEmail, password, password_confirm: password },
  });
  if (registered.status !== 201) throw new Error(`could not register ${otherEmail}`);

  const stocked = products
    .map((p) => ({
      id: Number(p.id),
      slug: str(p.slug),
      name: str(p.name),
      price: str(p.price),
      stock: Number(p.stock),
      simple:
        Array.isArray(p.options) &&
        p.options.length === 0 &&
        p.made_to_order === false &&
        p.age_restricted === false,
    }))
    .filter((p) => p.simple && p.stock >= 3 && p.stock <= 50);
  const [p1, p2] = stocked;
  if (!p1 || !p2) throw new Error('the demo catalogue has no two products with stock 3-50');
  const pottery = await request(upstream, {
    method: 'GET',
    path: '/products/products/',
    query: { is_active: 'true' },
    headers: { [TENANT_HEADER]: POTTERY },
  });
  const vase = results(pottery.body).find((p) => Number(p.stock) > 2);
  if (!vase) throw new Error('the pottery has no product in stock');
  const secret = await sandboxSecretOf(sqlitePath, DEMO);
  const gyuto = products.find((p) => p.slug === 'damascus-gyuto-210mm');
  if (!gyuto) throw new Error('the demo catalogue has no damascus-gyuto-210mm');

  return {
    me: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${session.access}` },
    other: await login(DEMO, otherEmail, password),
    potter: await login(POTTERY, POTTERY_CUSTOMER.email, POTTERY_CUSTOMER.password),
    p1,
    p1Slug: p1.slug,
    p2,
    knife: { id: Number(gyuto.id), name: str(gyuto.name), price: str(gyuto.price) },
    vase: { id: Number(vase.id) },
    gatewaySecret: () => secret,
    checkout: async (headers, body) => {
      const address = isObject(body.delivery_address) ? body.delivery_address : {};
      const given = Array.isArray(body.shipping) ? body.shipping.filter(isObject) : [];
      const [quote, cart] = await Promise.all([
        request(upstream, {
          method: 'POST',
          path: '/orders/cart/shipping-quote/',
          headers,
          body: { country: str(address.country).trim() || 'GB', choices: given },
        }),
        request(upstream, { method: 'GET', path: '/orders/cart/', headers }),
      ]);
      const quoted = quote.status === 200 && isObject(quote.body) ? quote.body : null;
      const lines = quoted && Array.isArray(quoted.lines) ? quoted.lines.filter(isObject) : [];
      const items = isObject(cart.body) && Array.isArray(cart.body.items) ? cart.body.items : [];
      const restricted = items.some(
        (i) => isObject(i) && isObject(i.product) && i.product.age_restricted === true,
      );
      return {
        shipping: lines.map((l) => ({ item_id: Number(l.item_id), method: str(l.method) })),
        ...(restricted ? { age_attestation: ADULT } : {}),
        expected_total_price: quoted
          ? str(quoted.total_price)
          : isObject(cart.body)
            ? str(cart.body.total_price)
            : '0.00',
        ...body,
      };
    },
    state: {
      line: 0,
      line2: 0,
      line3: 0,
      knifeLine: 0,
      bankOrder: 0,
      bankOrderNumber: '',
      otherOrder: 0,
      cardOrder: 0,
      cardOrderNumber: '',
      cardTotal: '',
      bankBody: {},
      payment: '',
      succeeded: '',
    },
  };
}

function cents(money: string): number {
  const [units = '0', fraction = '0'] = money.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

function money(value: number): string {
  return `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

function itemIds(body: Json): number[] {
  return isObject(body) && Array.isArray(body.items)
    ? body.items.filter(isObject).map((i) => Number(i.id))
    : [];
}

function emptyCart(b: Json): string | null {
  return isObject(b) && itemIds(b).length === 0 && b.total_items === 0 && b.total_price === '0.00'
    ? null
    : `expected an empty cart, got ${JSON.stringify(b).slice(0, 200)}`;
}

/** The gateway's signature header over the raw body (contract: receiveGatewayNotification). */
function gatewaySignature(
  secret: string,
  body: string,
  at = Math.floor(Date.now() / 1000),
): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** A cart, checkout and payment session of three customers; each case builds on the ones before. */
function shoppingCases(shop: Shop): Case[] {
  const { me, other, potter, p1, p2, vase, state } = shop;
  const cartCase = (
    name: string,
    operationId: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    status: number,
    rest: Partial<Case> = {},
  ): Case => ({ name, operationId, method, path, headers, status, ...rest });
  const add = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    cartCase(
      `addCartItem ${name}`,
      'addCartItem',
      'POST',
      '/orders/cart/add-item/',
      headers,
      status,
      { body, ...rest },
    );
  const clear = (name: string, headers: Record<string, string>) =>
    cartCase(`clearCart ${name}`, 'clearCart', 'DELETE', '/orders/cart/clear/', headers, 200, {
      check: emptyCart,
    });
  const order = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    cartCase(`createOrder ${name}`, 'createOrder', 'POST', '/orders/orders/', headers, status, {
      body,
      // The body the storefront would send for the cart at that moment (what the case does not
      // name itself: the lines' methods, the attestation, the total it shows).
      prepare: async () => (isObject(body) ? { body: await shop.checkout(headers, body) } : {}),
      ...rest,
    });
  const bank = { payment_method: 'bank_transfer', delivery_address: ADDRESS };
  // A body the contract accepts, for the tenant cases (refused before the cart is read).
  const anyOrder = {
    ...bank,
    shipping: [{ item_id: 1, method: 'uk-standard' }],
    expected_total_price: '1.00',
  };
  const card = { payment_method: 'card_2c2p', delivery_address: ADDRESS };
  const idempotencyKey = `contract-${randomUUID()}`;
  const notification = (status: string) =>
    JSON.stringify({
      event_id: randomUUID(),
      payment_uuid: state.payment,
      status,
      amount: state.cardTotal,
      currency: 'USD',
      gateway_transaction_ref: status === 'succeeded' ? 'SBX-CONTRACT-0001' : null,
      error_message: null,
    });
  const lastEvent = { body: '' };
  // Prism checks the bearer scheme before the tenant, so the tenant cases carry a valid token.
  const withBearer = (cases: Case[]) =>
    cases.map((c) => ({ ...c, headers: { ...c.headers, authorization: me.authorization! } }));

  return [
    clear('to start from an empty cart', me),
    cartCase('getCart (empty)', 'getCart', 'GET', '/orders/cart/', me, 200, { check: emptyCart }),
    add(
      'with options the piece does not take',
      me,
      { product_id: p1.id, quantity: 1, customization: { engraving_text: 'A.L.' } },
      400,
      { check: fieldError('customization', 'This piece takes no options.') },
    ),
    add(
      'a knife with a handle wood it is not made in',
      me,
      { product_id: shop.knife.id, quantity: 1, customization: { handle: 'plastic' } },
      400,
      {
        check: fieldError(
          'customization.handle',
          'Choose one of: Walnut, Ebony, Stabilised maple.',
        ),
      },
    ),
    add(
      'a knife without its handle wood',
      me,
      { product_id: shop.knife.id, quantity: 1, customization: { engraving_text: 'A.L.' } },
      400,
      { check: fieldError('customization.handle', 'Choose the handle wood.') },
    ),
    add(
      'a knife in ebony, engraved (the surcharges priced by the server)',
      me,
      {
        product_id: shop.knife.id,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
        unit_price: '0.01',
      },
      200,
      {
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.items) ? b.items.find(isObject) : undefined;
          const unit = money(cents(shop.knife.price) + 2000 + 1500);
          return line && line.unit_price === unit && line.line_total === unit
            ? null
            : `expected unit_price ${unit}, got ${JSON.stringify(b).slice(0, 300)}`;
        },
        remember: (b) => (state.knifeLine = itemIds(b)[0] ?? 0),
      },
    ),
    cartCase(
      'getShippingOptions',
      'getShippingOptions',
      'GET',
      '/shipping/options/',
      { [TENANT_HEADER]: DEMO },
      200,
      {
        check: (b) => {
          const codes =
            isObject(b) && Array.isArray(b.countries)
              ? b.countries.filter(isObject).map((c) => c.code)
              : [];
          return codes.includes('GB') && codes.includes('US') && isObject(b) && b.minimum_age === 18
            ? null
            : `unexpected options ${JSON.stringify(b).slice(0, 300)}`;
        },
      },
    ),
    ...tenantErrors('getShippingOptions', 'GET', '/shipping/options/'),
    cartCase(
      'quoteShipping to the UK (the knife by age-verified delivery)',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      200,
      {
        body: { country: 'GB' },
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.lines) ? b.lines.find(isObject) : undefined;
          return isObject(b) &&
            line?.method === 'uk-age-verified' &&
            b.shipping_price === '9.50' &&
            b.total_price === money(cents(shop.knife.price) + 3500 + 950) &&
            b.ready === true
            ? null
            : `unexpected quote ${JSON.stringify(isObject(b) ? b.lines : b).slice(0, 400)}`;
        },
      },
    ),
    cartCase(
      'quoteShipping to the US (the knife only collected)',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      200,
      {
        body: { country: 'US' },
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.lines) ? b.lines.find(isObject) : undefined;
          // An American buyer may still collect it from the workshop.
          return isObject(b) &&
            JSON.stringify(line?.methods) === '["collection"]' &&
            line?.problem === `${shop.knife.name} cannot be shipped to United States.`
            ? null
            : `unexpected quote ${JSON.stringify(isObject(b) ? b.lines : b).slice(0, 400)}`;
        },
      },
    ),
    cartCase(
      'quoteShipping to a country the shop does not ship to',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      400,
      {
        body: { country: 'CA' },
        check: fieldError('country', 'We do not ship to Canada.'),
      },
    ),
    cartCase(
      'quoteShipping with a method the knife may not use',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      400,
      {
        body: { country: 'GB' },
        prepare: () => ({
          body: { country: 'GB', choices: [{ item_id: state.knifeLine, method: 'uk-standard' }] },
        }),
        check: fieldError(
          'shipping',
          `${shop.knife.name} can only be sent by age-verified delivery or collected from the workshop.`,
        ),
      },
    ),
    ...withBearer(
      tenantErrors('quoteShipping', 'POST', '/orders/cart/shipping-quote/', undefined, {
        country: 'GB',
      }),
    ),
    order('of a knife without the age attestation', me, { ...bank, age_attestation: null }, 400, {
      prepare: async () => {
        const complete = await shop.checkout(me, bank);
        delete complete.age_attestation;
        return { body: complete };
      },
      check: fieldError(
        'age_attestation',
        'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
      ),
    }),
    order(
      'of a knife by a buyer under 18',
      me,
      {
        ...bank,
        age_attestation: {
          date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01`,
          confirmed: true,
        },
      },
      400,
      {
        check: fieldError(
          'age_attestation.date_of_birth',
          'You must be 18 or over to buy age-restricted items.',
        ),
      },
    ),
    clear('after the knife', me),
    add(
      'with client-sent prices (ignored)',
      me,
      {
        product_id: p1.id,
        quantity: 2,
        price: '0.01',
        total_price: '0.01',
      },
      200,
      {
        check: (b) => {
          if (!isObject(b) || !Array.isArray(b.items) || b.items.length !== 1)
            return 'expected one line';
          const line = b.items[0];
          const expected = money(cents(p1.price) * 2);
          return isObject(line) &&
            line.line_total === expected &&
            b.total_price === expected &&
            b.total_items === 2
            ? null
            : `expected line_total and total_price ${expected}, got ${JSON.stringify(b).slice(0, 300)}`;
        },
        remember: (b) => (state.line = itemIds(b)[0] ?? 0),
      },
    ),
    {
      ...add('with quantity 0 (bad body)', me, { product_id: p1.id, quantity: 0 }, 400),
      via: 'lenient',
      check: fieldError('quantity', 'Ensure this value is greater than or equal to 1.'),
    },
    {
      ...add('with quantity 1.5 (bad body)', me, { product_id: p1.id, quantity: 1.5 }, 400),
      via: 'lenient',
      check: fieldError('quantity', 'A valid integer is required.'),
    },
    add("with another shop's product", me, { product_id: vase.id, quantity: 1 }, 404, {
      check: detailIs('Not found.'),
    }),
    add('above the stock', me, { product_id: p1.id, quantity: p1.stock + 1 }, 409, {
      check: detailIs(`Only ${p1.stock} items available.`),
    }),
    cartCase('updateCartItem to 3', 'updateCartItem', 'PATCH', '/orders/cart/items/0/', me, 200, {
      body: { quantity: 3 },
      prepare: () => ({ path: `/orders/cart/items/${state.line}/` }),
      check: (b) =>
        isObject(b) && b.total_items === 3
          ? null
          : `expected 3 items, got ${JSON.stringify(b).slice(0, 200)}`,
    }),
    cartCase(
      "updateCartItem another customer's line",
      'updateCartItem',
      'PATCH',
      '/orders/cart/items/0/',
      other,
      404,
      {
        body: { quantity: 1 },
        prepare: () => ({ path: `/orders/cart/items/${state.line}/` }),
        check: detailIs('Not found.'),
      },
    ),
    add('a second product', me, { product_id: p2.id, quantity: 1 }, 200, {
      remember: (b) => (state.line2 = itemIds(b).at(-1) ?? 0),
    }),
    cartCase(
      'updateCartItem to 0 removes the line',
      'updateCartItem',
      'PATCH',
      '/orders/cart/items/0/',
      me,
      200,
      {
        body: { quantity: 0 },
        prepare: () => ({ path: `/orders/cart/items/${state.line2}/` }),
        check: (b) => (itemIds(b).includes(state.line2) ? 'the line is still there' : null),
      },
    ),
    add('the second product again', me, { product_id: p2.id, quantity: 1 }, 200, {
      remember: (b) => (state.line3 = itemIds(b).at(-1) ?? 0),
    }),
    cartCase('removeCartItem', 'removeCartItem', 'DELETE', '/orders/cart/items/0/', me, 200, {
      prepare: () => ({ path: `/orders/cart/items/${state.line3}/` }),
      check: (b) =>
        itemIds(b).includes(state.line3) || !itemIds(b).includes(state.line)
          ? `unexpected lines ${JSON.stringify(itemIds(b))}`
          : null,
    }),
    cartCase(
      'removeCartItem again (already gone)',
      'removeCartItem',
      'DELETE',
      '/orders/cart/items/0/',
      me,
      404,
      {
        prepare: () => ({ path: `/orders/cart/items/${state.line3}/` }),
        check: detailIs('Not found.'),
      },
    ),
    clear('with a line in it', me),
    ...withBearer(tenantErrors('getCart', 'GET', '/orders/cart/')),

    cartCase(
      'getPaymentOptions (demo: card, bank, custom without redirect)',
      'getPaymentOptions',
      'GET',
      '/payments/options/',
      { [TENANT_HEADER]: DEMO },
      200,
      {
        check: (b) =>
          isObject(b) &&
          b.enable_card_payment === true &&
          b.enable_bank_transfer === true &&
          b.enable_custom_payment === true &&
          b.custom_payment_redirect_url === null &&
          !('gateway_secret' in b)
            ? null
            : `unexpected options ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'getPaymentOptions (pottery: no card, custom with a redirect)',
      'getPaymentOptions',
      'GET',
      '/payments/options/',
      { [TENANT_HEADER]: POTTERY },
      200,
      {
        check: (b) =>
          isObject(b) &&
          b.enable_card_payment === false &&
          str(b.custom_payment_redirect_url).startsWith('https://')
            ? null
            : `unexpected options ${JSON.stringify(b)}`,
      },
    ),
    ...tenantErrors('getPaymentOptions', 'GET', '/payments/options/'),

    order('with an empty cart', me, bank, 400, { check: detailIs('Your cart is empty.') }),
    add('before checkout', me, { product_id: p1.id, quantity: 1 }, 200),
    order(
      'with a blank city',
      me,
      { ...bank, delivery_address: { ...ADDRESS, city: '   ' } },
      400,
      {
        check: fieldError('delivery_address.city', 'This field may not be blank.'),
      },
    ),
    order('by bank transfer (with an Idempotency-Key)', me, bank, 201, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      // Its retries below repeat this very body, as a storefront retrying one checkout does.
      prepare: async () => {
        state.bankBody = await shop.checkout(me, bank);
        return { body: state.bankBody };
      },
      check: (b) =>
        isObject(b) &&
        b.status === 'awaiting_payment' &&
        ORDER_NUMBER.test(str(b.order_number)) &&
        str(b.payment_instructions).includes('IBAN') &&
        b.total_items === 1
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      remember: (b) => {
        if (!isObject(b)) return;
        state.bankOrder = Number(b.id);
        state.bankOrderNumber = str(b.order_number);
      },
    }),
    order('again with the same Idempotency-Key (the same order)', me, bank, 201, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      prepare: () => ({ body: state.bankBody }),
      check: (b) =>
        isObject(b) && b.id === state.bankOrder
          ? null
          : `expected order ${state.bankOrder}, got ${isObject(b) ? b.id : b}`,
    }),
    order('with the same Idempotency-Key and another body', me, bank, 422, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      prepare: () => ({ body: { ...state.bankBody, payment_method: 'custom' } }),
      check: detailIs('This Idempotency-Key was already used with a different request.'),
    }),
    add('at the pottery', potter, { product_id: vase.id, quantity: 1 }, 200),
    order('by card at the pottery (not offered)', potter, card, 400, {
      check: fieldError('payment_method', 'This payment method is not available.'),
    }),
    clear('at the pottery', potter),
    add('the whole stock of a product', me, { product_id: p2.id, quantity: p2.stock }, 200),
    add(
      "the same stock to another customer's cart",
      other,
      { product_id: p2.id, quantity: p2.stock },
      200,
    ),
    order('by the other customer (takes the stock)', other, bank, 201, {
      remember: (b) => (state.otherOrder = isObject(b) ? Number(b.id) : 0),
    }),
    order('when the stock is gone', me, bank, 409, {
      check: detailIs(`${p2.name}: Item is out of stock.`),
    }),
    clear('after the refused checkout', me),
    add('for a card order', me, { product_id: p1.id, quantity: 1 }, 200),
    order('by card', me, card, 201, {
      check: (b) =>
        isObject(b) &&
        b.payment_method === 'card_2c2p' &&
        b.payment_instructions === null &&
        b.latest_payment === null
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      remember: (b) => {
        if (!isObject(b)) return;
        state.cardOrder = Number(b.id);
        state.cardOrderNumber = str(b.order_number);
        state.cardTotal = str(b.total_price);
      },
    }),
    ...withBearer(tenantErrors('createOrder', 'POST', '/orders/orders/', undefined, anyOrder)),

    cartCase('listOrders (newest first)', 'listOrders', 'GET', '/orders/orders/', me, 200, {
      check: (b) => {
        const ids = results(b).map((o) => Number(o.id));
        return ids[0] === state.cardOrder &&
          ids.includes(state.bankOrder) &&
          !ids.includes(state.otherOrder)
          ? null
          : `unexpected order ids ${JSON.stringify(ids)}`;
      },
    }),
    {
      ...cartCase(
        'listOrders past the last page',
        'listOrders',
        'GET',
        '/orders/orders/',
        me,
        404,
        { query: { page: '99' }, check: detailIs('Invalid page.') },
      ),
    },
    cartCase('getOrder', 'getOrder', 'GET', '/orders/orders/0/', me, 200, {
      prepare: () => ({ path: `/orders/orders/${state.bankOrder}/` }),
      check: (b) =>
        isObject(b) &&
        b.order_number === state.bankOrderNumber &&
        Array.isArray(b.items) &&
        b.items.length === 1
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
    }),
    cartCase("getOrder another customer's order", 'getOrder', 'GET', '/orders/orders/0/', me, 404, {
      prepare: () => ({ path: `/orders/orders/${state.otherOrder}/` }),
      check: detailIs('Not found.'),
    }),
    cartCase(
      "cancelOrder another customer's order",
      'cancelOrder',
      'POST',
      '/orders/orders/0/cancel/',
      me,
      404,
      {
        prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'cancelOrder (stock given back)',
      'cancelOrder',
      'POST',
      '/orders/orders/0/cancel/',
      other,
      200,
      {
        prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
        check: (b) =>
          isObject(b) &&
          b.status === 'canceled' &&
          b.expires_at === null &&
          typeof b.closed_at === 'string'
            ? null
            : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      },
    ),
    cartCase('cancelOrder twice', 'cancelOrder', 'POST', '/orders/orders/0/cancel/', other, 409, {
      prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
      check: detailIs('This order can no longer be canceled.'),
    }),
    ...withBearer(tenantErrors('cancelOrder', 'POST', '/orders/orders/1/cancel/')),

    cartCase(
      'initiateCardPayment',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      201,
      {
        prepare: () => ({ body: { order_id: state.cardOrder, currency: 'USD' } }),
        check: (b) =>
          isObject(b) &&
          b.status === 'initiated' &&
          b.amount === state.cardTotal &&
          /\/payments\/sandbox\/checkout\/SBX-\d{8}-[0-9A-Z]{6}\/$/.test(str(b.redirectUrl))
            ? null
            : `unexpected initiation ${JSON.stringify(b)}`,
        remember: (b) => (state.payment = isObject(b) ? str(b.payment_uuid) : ''),
      },
    ),
    cartCase(
      "initiateCardPayment for another customer's order",
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      404,
      {
        prepare: () => ({ body: { order_id: state.otherOrder, currency: 'USD' } }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'initiateCardPayment for a bank-transfer order',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      409,
      {
        prepare: () => ({ body: { order_id: state.bankOrder, currency: 'USD' } }),
        check: detailIs('This order is not paid by card.'),
      },
    ),
    cartCase('getPaymentStatus', 'getPaymentStatus', 'GET', '/payments/history/0/', me, 200, {
      prepare: () => ({ path: `/payments/history/${state.payment}/` }),
      check: (b) =>
        isObject(b) &&
        b.status === 'initiated' &&
        b.order_identifier === state.cardOrderNumber &&
        b.order_id === state.cardOrder
          ? null
          : `unexpected status ${JSON.stringify(b)}`,
    }),
    cartCase(
      "getPaymentStatus of another customer's payment",
      'getPaymentStatus',
      'GET',
      '/payments/history/0/',
      other,
      404,
      {
        prepare: () => ({ path: `/payments/history/${state.payment}/` }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'receiveGatewayNotification with a bad signature',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      400,
      {
        prepare: () => {
          const body = notification('succeeded');
          return {
            body: JSON.parse(body) as Json,
            headers: {
              [TENANT_HEADER]: DEMO,
              'X-Gateway-Signature': gatewaySignature('not-the-secret', body),
            },
          };
        },
        check: detailIs('Invalid signature.'),
      },
    ),
    cartCase(
      'getPaymentStatus after the refused notification (unchanged)',
      'getPaymentStatus',
      'GET',
      '/payments/history/0/',
      me,
      200,
      {
        prepare: () => ({ path: `/payments/history/${state.payment}/` }),
        check: (b) =>
          isObject(b) && b.status === 'initiated'
            ? null
            : `expected initiated, got ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'receiveGatewayNotification signed with the shop’s secret',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      200,
      {
        prepare: () => {
          lastEvent.body = notification('succeeded');
          return {
            body: JSON.parse(lastEvent.body) as Json,
            headers: {
              [TENANT_HEADER]: DEMO,
              'X-Gateway-Signature': gatewaySignature(shop.gatewaySecret(), lastEvent.body),
            },
          };
        },
        check: (b) =>
          isObject(b) && b.detail === 'Notification processed.' && b.payment_status === 'succeeded'
            ? null
            : `unexpected receipt ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'receiveGatewayNotification replayed',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      200,
      {
        prepare: () => ({
          body: JSON.parse(lastEvent.body) as Json,
          headers: {
            [TENANT_HEADER]: DEMO,
            'X-Gateway-Signature': gatewaySignature(shop.gatewaySecret(), lastEvent.body),
          },
        }),
        check: (b) =>
          isObject(b) &&
          b.detail === 'Notification already processed.' &&
          b.payment_status === 'succeeded'
            ? null
            : `unexpected receipt ${JSON.stringify(b)}`,
      },
    ),
    cartCase('getOrder after the payment (paid)', 'getOrder', 'GET', '/orders/orders/0/', me, 200, {
      prepare: () => ({ path: `/orders/orders/${state.cardOrder}/` }),
      check: (b) =>
        isObject(b) &&
        b.status === 'paid' &&
        typeof b.paid_at === 'string' &&
        isObject(b.latest_payment) &&
        b.latest_payment.status === 'succeeded'
          ? null
          : `expected a paid order, got ${JSON.stringify(b).slice(0, 300)}`,
    }),
    cartCase(
      'initiateCardPayment for a paid order',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      409,
      {
        prepare: () => ({ body: { order_id: state.cardOrder, currency: 'USD' } }),
        check: detailIs('This order is already paid.'),
      },
    ),
    ...tenantErrors('receiveGatewayNotification', 'POST', '/payments/gateway/notify/', undefined, {
      event_id: randomUUID(),
      payment_uuid: randomUUID(),
      status: 'succeeded',
      amount: '1.00',
      currency: 'USD',
    }).map((c) => ({
      ...c,
      headers: { ...c.headers, 'X-Gateway-Signature': `t=0,v1=${'0'.repeat(64)}` },
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Reviews, blog, contact, FAQs and legal documents

/** The contact-form limit the API runs with here, low enough for a case to reach the 429. */
const CONTACT_MAX = 3;

interface Content {
  /** Published demo posts: the first has the seeded three-deep thread, the second comments. */
  post: { id: number; slug: string };
  otherPost: { id: number };
  /** A draft of the demo shop, and a published post of the pottery. */
  draft: { id: number; slug: string };
  potteryPost: { id: number; slug: string };
  /** An approved comment of `otherPost`, for the parent-from-another-post case. */
  foreignComment: number;
  /** Ids the cases produce as they run. */
  state: { comment: number; reply: number };
}

/** Reads the posts and comments the cases need from the API's SQLite file. */
function contentSetup(sqlitePath: string): Content {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const post = (token: string, where: string) =>
      db
        .prepare(
          `SELECT p.id, p.slug FROM blog_posts p JOIN tenants t ON t.id = p.tenant_id WHERE t.token = ? AND ${where} ORDER BY p.published_at DESC, p.id DESC`,
        )
        .all(token) as { id: number; slug: string }[];
    const published = post(DEMO, "p.status = 'published'");
    const withThread = published.find((p) => p.slug === 'caring-for-carbon-steel');
    const commented = db
      .prepare(
        'SELECT c.id, c.post_id FROM blog_comments c WHERE c.post_id <> ? AND c.is_approved = 1 AND c.tenant_id = (SELECT id FROM tenants WHERE token = ?) ORDER BY c.id',
      )
      .get(withThread?.id ?? 0, DEMO) as { id: number; post_id: number } | undefined;
    const [draft] = post(DEMO, "p.status = 'draft'");
    const [potteryPost] = post(POTTERY, "p.status = 'published'");
    if (!withThread || !commented || !draft || !potteryPost) {
      throw new Error('the seed lacks the blog posts and comments the contract cases use');
    }
    return {
      post: withThread,
      otherPost: { id: commented.post_id },
      draft,
      potteryPost,
      foreignComment: commented.id,
      state: { comment: 0, reply: 0 },
    };
  } finally {
    db.close();
  }
}

function commentDepth(list: Json): number {
  if (!Array.isArray(list)) return 0;
  return list.reduce<number>(
    (deepest, c) => Math.max(deepest, 1 + (isObject(c) ? commentDepth(c.replies ?? []) : 0)),
    0,
  );
}

/** Reviews, the blog with its comments, and the content pages, as a shopper meets them. */
function contentCases(shop: Shop, content: Content): Case[] {
  const { me, potter, p1, p2, vase } = shop;
  const { post, otherPost, draft, potteryPost, foreignComment, state } = content;
  const demo = { [TENANT_HEADER]: DEMO };
  const pottery = { [TENANT_HEADER]: POTTERY };
  const make = (
    name: string,
    operationId: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    status: number,
    rest: Partial<Case> = {},
  ): Case => ({ name, operationId, method, path, headers, status, ...rest });
  const review = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    make(`createReview ${name}`, 'createReview', 'POST', '/products/reviews/', headers, status, {
      body,
      ...rest,
    });
  const comment = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    make(`createComment ${name}`, 'createComment', 'POST', '/blog/comments/', headers, status, {
      body,
      ...rest,
    });
  const message = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_number: '+44 20 7946 0958',
    subject: 'Custom engraving',
    message: 'Could you engrave initials on the gyuto?',
  };
  const contact = (name: string, body: Json, status: number, rest: Partial<Case> = {}) =>
    make(
      `createContactMessage ${name}`,
      'createContactMessage',
      'POST',
      '/contact/messages/',
      demo,
      status,
      { body, ...rest },
    );
  const withBearer = (cases: Case[]) =>
    cases.map((c) => ({ ...c, headers: { ...c.headers, authorization: me.authorization! } }));
  const DUPLICATE = 'You have already reviewed this product.';

  return [
    // Reviews: the demo customer paid for p1 by card in the shopping session.
    review(
      'of a product paid for (verified purchase)',
      me,
      { product: p1.id, rating: 5, comment: '  Arrived razor sharp.  ' },
      201,
      {
        check: (b) =>
          isObject(b) &&
          b.is_verified_purchase === true &&
          b.comment === 'Arrived razor sharp.' &&
          b.rating === 5
            ? null
            : `unexpected review ${JSON.stringify(b)}`,
      },
    ),
    make(
      `getProduct after the review (first, counted)`,
      'getProduct',
      'GET',
      '/products/products/0/',
      demo,
      200,
      {
        prepare: () => ({ path: `/products/products/${shop.p1Slug}/` }),
        check: (b) =>
          isObject(b) &&
          Array.isArray(b.reviews) &&
          isObject(b.reviews[0]) &&
          b.reviews[0].comment === 'Arrived razor sharp.' &&
          Number(b.review_count) >= 1
            ? null
            : `the new review is not first: ${JSON.stringify(b).slice(0, 300)}`,
      },
    ),
    review('a second time', me, { product: p1.id, rating: 1, comment: 'Changed my mind' }, 409, {
      check: detailIs(DUPLICATE),
    }),
    review(
      'of a product not bought (not verified)',
      me,
      { product: p2.id, rating: 4, comment: 'Looks great in the shop.' },
      201,
      {
        check: (b) =>
          isObject(b) && b.is_verified_purchase === false
            ? null
            : `expected not verified, got ${JSON.stringify(b)}`,
      },
    ),
    review(
      "of another shop's product",
      me,
      { product: vase.id, rating: 5, comment: 'Lovely' },
      404,
      { check: detailIs('Not found.') },
    ),
    review('with a blank comment', potter, { product: vase.id, rating: 5, comment: '   ' }, 400, {
      check: fieldError('comment', 'This field may not be blank.'),
    }),
    {
      ...review(
        'with rating 6 (bad body)',
        potter,
        { product: vase.id, rating: 6, comment: 'Too good' },
        400,
      ),
      via: 'lenient' as Via,
      check: fieldError('rating', 'Ensure this value is less than or equal to 5.'),
    },
    {
      ...review(
        'with rating 2.5 (bad body)',
        potter,
        { product: vase.id, rating: 2.5, comment: 'Half' },
        400,
      ),
      via: 'lenient' as Via,
      check: fieldError('rating', 'A valid integer is required.'),
    },
    ...withBearer(
      tenantErrors('createReview', 'POST', '/products/reviews/', undefined, {
        product: p2.id,
        rating: 5,
        comment: 'Hi',
      }),
    ),

    // The blog.
    make('listBlogPosts status=published', 'listBlogPosts', 'GET', '/blog/posts/', demo, 200, {
      query: { status: 'published' },
      check: (b) => {
        const list = results(b);
        if (list.length < 6) return `expected at least 6 posts, got ${list.length}`;
        if (list.some((p) => p.status !== 'published')) return 'a post that is not published';
        if (list.some((p) => p.slug === draft.slug)) return 'the draft is listed';
        const card = list.find((p) => p.slug === post.slug);
        return isObject(card) &&
          Number(card.comment_count) > 0 &&
          isObject(card.author) &&
          str(card.featured_image).startsWith('/api/media/') &&
          str(card.excerpt)
          ? null
          : `the post card lacks its fields: ${JSON.stringify(card).slice(0, 300)}`;
      },
    }),
    make('listBlogPosts page=2 of 2 per page', 'listBlogPosts', 'GET', '/blog/posts/', demo, 200, {
      query: { page: '2', page_size: '2' },
      check: (b) =>
        isObject(b) && b.previous !== null && results(b).length === 2
          ? null
          : `unexpected page ${JSON.stringify(b).slice(0, 200)}`,
    }),
    make('listBlogPosts past the last page', 'listBlogPosts', 'GET', '/blog/posts/', demo, 404, {
      query: { page: '99' },
      check: detailIs('Invalid page.'),
    }),
    make(
      'listBlogPosts for the second tenant (isolation)',
      'listBlogPosts',
      'GET',
      '/blog/posts/',
      pottery,
      200,
      {
        check: (b) =>
          results(b).some((p) => p.slug === post.slug) ? `the pottery sees ${post.slug}` : null,
      },
    ),
    {
      ...make(
        'listBlogPosts status=draft (bad query)',
        'listBlogPosts',
        'GET',
        '/blog/posts/',
        demo,
        400,
        { query: { status: 'draft' } },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listBlogPosts', 'GET', '/blog/posts/'),
    make(`getBlogPost ${post.slug}`, 'getBlogPost', 'GET', `/blog/posts/${post.slug}/`, demo, 200, {
      check: (b) =>
        isObject(b) && b.id === post.id && str(b.content).includes('<h2>')
          ? null
          : `unexpected post ${JSON.stringify(b).slice(0, 200)}`,
    }),
    make('getBlogPost a draft', 'getBlogPost', 'GET', `/blog/posts/${draft.slug}/`, demo, 404, {
      check: detailIs('Not found.'),
    }),
    make(
      "getBlogPost another shop's post",
      'getBlogPost',
      'GET',
      `/blog/posts/${potteryPost.slug}/`,
      demo,
      404,
      { check: detailIs('Not found.') },
    ),
    ...tenantErrors('getBlogPost', 'GET', `/blog/posts/${post.slug}/`),
    make(
      'listComments (a thread three deep)',
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      200,
      {
        query: { post: String(post.id), is_approved: 'true' },
        check: (b) =>
          commentDepth(b) >= 3 ? null : `expected replies three deep, got depth ${commentDepth(b)}`,
      },
    ),
    make('listComments of a draft', 'listComments', 'GET', '/blog/comments/', demo, 404, {
      query: { post: String(draft.id) },
      check: detailIs('Not found.'),
    }),
    make(
      "listComments of another shop's post",
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      404,
      { query: { post: String(potteryPost.id) }, check: detailIs('Not found.') },
    ),
    {
      ...make(
        'listComments without a post (bad query)',
        'listComments',
        'GET',
        '/blog/comments/',
        demo,
        400,
        { check: fieldError('post', 'This field is required.') },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listComments', 'GET', '/blog/comments/', { post: String(post.id) }),
    comment(
      'on a post (approved at once at the demo shop)',
      me,
      { post: post.id, content: '  Thanks for the tea tip!  ' },
      201,
      {
        check: (b) =>
          isObject(b) &&
          b.is_approved === true &&
          b.content === 'Thanks for the tea tip!' &&
          b.parent === null
            ? null
            : `unexpected comment ${JSON.stringify(b)}`,
        remember: (b) => (state.comment = isObject(b) ? Number(b.id) : 0),
      },
    ),
    comment(
      'replying to it',
      me,
      { post: post.id, content: 'And the lemon trick works too.' },
      201,
      {
        prepare: () => ({
          body: { post: post.id, content: 'And the lemon trick works too.', parent: state.comment },
        }),
        check: (b) =>
          isObject(b) && b.parent === state.comment
            ? null
            : `unexpected reply ${JSON.stringify(b)}`,
        remember: (b) => (state.reply = isObject(b) ? Number(b.id) : 0),
      },
    ),
    make(
      'listComments shows the new comment first, with its reply',
      'listComments',
      'GET',
      '/blog/comments/',
      demo,
      200,
      {
        query: { post: String(post.id), is_approved: 'true' },
        check: (b) => {
          const first = Array.isArray(b) ? b[0] : null;
          return isObject(first) &&
            first.id === state.comment &&
            Array.isArray(first.replies) &&
            isObject(first.replies[0]) &&
            first.replies[0].id === state.reply
            ? null
            : `unexpected thread ${JSON.stringify(b).slice(0, 300)}`;
        },
      },
    ),
    comment(
      'with a parent from another post',
      me,
      { post: post.id, content: 'Hi', parent: foreignComment },
      400,
      {
        check: fieldError('parent', 'The parent comment belongs to another post.'),
      },
    ),
    comment('with blank content', me, { post: post.id, content: '   ' }, 400, {
      check: fieldError('content', 'This field may not be blank.'),
    }),
    comment('on a draft', me, { post: draft.id, content: 'Hi' }, 404, {
      check: detailIs('Not found.'),
    }),
    comment("on another shop's post", me, { post: potteryPost.id, content: 'Hi' }, 404, {
      check: detailIs('Not found.'),
    }),
    comment(
      'at the pottery (awaits moderation)',
      potter,
      { post: potteryPost.id, content: 'Lovely clay!' },
      201,
      {
        check: (b) =>
          isObject(b) && b.is_approved === false
            ? null
            : `expected a comment awaiting moderation, got ${JSON.stringify(b)}`,
      },
    ),
    {
      ...comment('without content (bad body)', me, { post: post.id }, 400),
      via: 'lenient' as Via,
      check: fieldError('content', 'This field is required.'),
    },
    ...withBearer(
      tenantErrors('createComment', 'POST', '/blog/comments/', undefined, {
        post: otherPost.id,
        content: 'Hi',
      }),
    ),

    // Contact, FAQs, legal documents.
    make('getContactInfo', 'getContactInfo', 'GET', '/contact/info/', demo, 200, {
      check: (b) => {
        if (
          !isObject(b) ||
          !Array.isArray(b.branch_locations) ||
          !Array.isArray(b.social_media_profiles)
        )
          return 'no lists';
        const hq = b.branch_locations.find((l) => isObject(l) && l.is_hq === true);
        if (
          !isObject(hq) ||
          !str(hq.map_embed_link).startsWith('https://www.openstreetmap.org/export/embed.html') ||
          !str(hq.image)
        )
          return `unexpected HQ ${JSON.stringify(hq)}`;
        return b.branch_locations.length === 2 &&
          b.social_media_profiles.length === 5 &&
          Array.isArray(b.contact_emails) &&
          b.contact_emails.length === 3
          ? null
          : 'expected 2 locations, 3 e-mails and 5 social profiles';
      },
    }),
    make(
      'getContactInfo for the second tenant (isolation)',
      'getContactInfo',
      'GET',
      '/contact/info/',
      pottery,
      200,
      {
        check: (b) =>
          JSON.stringify(b).includes('emberandoak')
            ? 'the pottery sees the demo shop’s contacts'
            : null,
      },
    ),
    ...tenantErrors('getContactInfo', 'GET', '/contact/info/'),
    contact('(1 of the limit)', message, 201, {
      check: (b) =>
        isObject(b) && typeof b.id === 'number' && b.subject === message.subject
          ? null
          : `unexpected receipt ${JSON.stringify(b)}`,
    }),
    contact('with a blank name (not counted)', { ...message, name: '   ' }, 400, {
      check: fieldError('name', 'This field may not be blank.'),
    }),
    {
      ...contact('with an invalid e-mail (bad body)', { ...message, email: 'not-an-email' }, 400),
      via: 'lenient' as Via,
      check: fieldError('email', 'Enter a valid email address.'),
    },
    ...Array.from({ length: CONTACT_MAX - 1 }, (_, i) =>
      contact(`(${i + 2} of the limit)`, message, 201),
    ),
    contact('past the limit', message, 429, {
      check: (b, headers) =>
        Number(headers.get('retry-after')) > 0 &&
        isObject(b) &&
        /^Request was throttled\. Expected available in \d+ seconds\.$/.test(str(b.detail))
          ? null
          : `unexpected throttle answer ${JSON.stringify(b)} (Retry-After ${headers.get('retry-after')})`,
    }),
    make(
      'createContactMessage at the other shop (its own count)',
      'createContactMessage',
      'POST',
      '/contact/messages/',
      pottery,
      201,
      { body: message },
    ),
    ...tenantErrors('createContactMessage', 'POST', '/contact/messages/', undefined, message),
    make('listFaqs', 'listFaqs', 'GET', '/pages/manage/faqs/', demo, 200, {
      check: (b) =>
        results(b).length >= 8 && results(b).every((f) => str(f.answer).startsWith('<'))
          ? null
          : `expected 8 FAQs with HTML answers, got ${results(b).length}`,
    }),
    ...tenantErrors('listFaqs', 'GET', '/pages/manage/faqs/'),
    ...(['refund_policy', 'privacy_policy'] as const).map((type) =>
      make(
        `listDocuments document_type=${type}`,
        'listDocuments',
        'GET',
        '/pages/manage/documents/',
        demo,
        200,
        {
          query: { document_type: type },
          check: (b) =>
            results(b).length === 1 &&
            results(b)[0]!.document_type === type &&
            str(results(b)[0]!.content)
              ? null
              : `expected one ${type}`,
        },
      ),
    ),
    make('listDocuments (both)', 'listDocuments', 'GET', '/pages/manage/documents/', demo, 200, {
      check: (b) =>
        results(b).length === 2 ? null : `expected 2 documents, got ${results(b).length}`,
    }),
    {
      ...make(
        'listDocuments document_type=terms (bad query)',
        'listDocuments',
        'GET',
        '/pages/manage/documents/',
        demo,
        400,
        { query: { document_type: 'terms' } },
      ),
      via: 'lenient' as Via,
    },
    ...tenantErrors('listDocuments', 'GET', '/pages/manage/documents/'),
  ];
}

/** True when the operation needs a customer's bearer token (spec section 6). */
function needsBearer(doc: JsonObject, op: Operation): boolean {
  return JSON.stringify(op.op.security ?? doc.security ?? []).includes('bearerAuth');
}

/**
 * A customer operation refuses a request without a bearer token (asked directly: Prism's own
 * security check would answer it) and one with an invalid token (through Prism).
 */
function bearerCases(doc: JsonObject, op: Operation, access: string): Case[] {
  const base = notImplementedCase(doc, op, access);
  return [
    {
      ...base,
      name: `${op.operationId} without a bearer token`,
      headers: { [TENANT_HEADER]: DEMO },
      status: 401,
      via: 'direct',
      check: detailIs(NOT_PROVIDED),
    },
    {
      ...base,
      name: `${op.operationId} with an invalid bearer token`,
      headers: { [TENANT_HEADER]: DEMO, authorization: 'Bearer not-a-valid-token' },
      status: 401,
      via: 'strict',
      check: detailIs(TOKEN_NOT_VALID),
    },
  ];
}

/** A schema-valid sample value: the contract's example when it has one, else built from the schema. */
function sample(doc: JsonObject, schemaIn: Json | undefined, depth = 0): Json {
  const { value: schema } = deref(doc, schemaIn, '');
  if (!isObject(schema) || depth > 6) return null;
  if ('example' in schema) return schema.example as Json;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0] as Json;
  if ('const' in schema) return schema.const as Json;
  if ('default' in schema) return schema.default as Json;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0] as Json;
  for (const key of ['oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const first = options.find((o) => !(isObject(o) && o.type === 'null')) ?? options[0];
      return sample(doc, first, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign(
      {},
      ...schema.allOf.map((s) => sample(doc, s, depth + 1)).filter(isObject),
    ) as JsonObject;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: JsonObject = {};
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
      for (const key of required) {
        const prop = deref(doc, props[key], '').value;
        if (isObject(prop) && prop.readOnly === true) continue;
        out[key] = sample(doc, props[key], depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: min }, () => sample(doc, schema.items, depth + 1));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string': {
      const formats: Record<string, string> = {
        email: 'shopper@example.com',
        uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        'date-time': '2026-01-01T00:00:00Z',
        date: '2026-01-01',
        uri: 'https://example.com/',
      };
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return formats[str(schema.format)] ?? 'contract-test'.padEnd(min, 'x');
    }
    default:
      return null;
  }
}

function parameterValue(doc: JsonObject, param: JsonObject): string {
  if ('example' in param) return String(param.example);
  const value = sample(doc, param.schema);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A well-formed request for an operation, with the demo customer's access token, so the API
 * can only answer 501 for not being implemented.
 */
function notImplementedCase(doc: JsonObject, op: Operation, access: string): Case {
  const pathItem = resolvePointer(doc, `#/paths/${escapePointer(op.path)}`);
  const params = [
    ...(isObject(pathItem) && Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(op.op.parameters) ? op.op.parameters : []),
  ]
    .map((p) => deref(doc, p, '').value)
    .filter(isObject);
  let p = op.path;
  const query: Record<string, string> = {};
  for (const param of params) {
    const name = str(param.name);
    if (param.in === 'path')
      p = p.replace(`{${name}}`, encodeURIComponent(parameterValue(doc, param)));
    if (param.in === 'query' && param.required === true) query[name] = parameterValue(doc, param);
  }
  let body: Json | undefined;
  const requestBody = deref(doc, op.op.requestBody, '').value;
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const media = requestBody.content['application/json'];
    if (isObject(media)) {
      const examples = isObject(media.examples) ? Object.values(media.examples) : [];
      const first = examples.map((e) => deref(doc, e, '').value).find(isObject);
      body =
        'example' in media
          ? media.example
          : first && 'value' in first
            ? first.value
            : sample(doc, media.schema);
    }
  }
  return {
    name: `${op.operationId} is not implemented yet`,
    operationId: op.operationId,
    method: op.method,
    path: p,
    query,
    headers: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${access}` },
    body,
    status: 501,
    via: 'direct',
    check: (b) =>
      isObject(b) && typeof b.detail === 'string' && b.detail.length > 0
        ? null
        : `expected a detail, got ${JSON.stringify(b)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Checking one case

interface Bases {
  strict: string;
  lenient: string;
  direct: string;
}

async function runCase(
  c: Case,
  bases: Bases,
  doc: JsonObject,
  ajv: ReturnType<typeof makeAjv>,
  ops: Map<string, Operation>,
): Promise<string[]> {
  const problems: string[] = [];
  const op = ops.get(c.operationId);
  if (!op) return [`operation ${c.operationId} is not in the contract`];
  const via = c.via ?? 'strict';
  const answer = await request(bases[via], c);

  const violations = answer.headers.get('sl-violations');
  if (violations) problems.push(`prism violations: ${violations.slice(0, 600)}`);
  if (via !== 'direct' && answer.status === 500 && /violation/i.test(answer.text)) {
    problems.push(`prism 500: ${answer.text.slice(0, 600)}`);
  }
  if (answer.status !== c.status) {
    problems.push(`expected ${c.status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  }

  // 501 is the placeholder answer of an unimplemented operation, not a contract status; every other one must be documented.
  if (c.status !== 501) {
    const documented = documentedResponse(doc, op, answer.status);
    if (!documented) {
      problems.push(`status ${answer.status} is not documented for ${c.operationId}`);
    } else {
      const content = isObject(documented.response.content) ? documented.response.content : {};
      const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const mediaKey = Object.keys(content).find(
        (k) => k === type || (type.endsWith('+json') && k === 'application/json'),
      );
      if (Object.keys(content).length > 0 && !mediaKey) {
        problems.push(
          `content-type ${type || '<none>'} is not documented (${Object.keys(content).join(', ')})`,
        );
      } else if (
        mediaKey &&
        isObject(content[mediaKey]) &&
        content[mediaKey].schema !== undefined
      ) {
        const pointer = `${documented.pointer}/content/${escapePointer(mediaKey)}/schema`;
        const validate = ajv.getSchema(`contract${pointer}`);
        if (!validate) {
          problems.push(`cannot compile the schema at ${pointer}`);
        } else if (!validate(answer.body)) {
          const errors = (validate.errors ?? [])
            .slice(0, 5)
            .map((e) => `${e.instancePath || '/'} ${e.message}`);
          problems.push(`body breaks the documented schema: ${errors.join('; ')}`);
        }
      }
    }
  }

  if (c.check && answer.status === c.status) {
    const failure = c.check(answer.body, answer.headers);
    if (failure) problems.push(failure);
  }
  if (c.remember && answer.status === c.status) c.remember(answer.body);
  return problems;
}

/** Two logins of the demo customer, straight at the API: one session to refresh, one to log out. */
async function logIn(upstream: string): Promise<Session> {
  const tokens = async () => {
    const answer = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { login_id: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const b = answer.body;
    if (answer.status !== 200 || !isObject(b) || !str(b.access) || !str(b.refresh)) {
      throw new Error(
        `could not log in as the demo customer (${answer.status}: ${answer.text.slice(0, 200)})`,
      );
    }
    return { access: str(b.access), refresh: str(b.refresh) };
  };
  const first = await tokens();
  const second = await tokens();
  return {
    access: first.access,
    refresh: first.refresh,
    logoutRefresh: second.refresh,
    stamp: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const doc = loadContract();
  const allOps = operations(doc);
  const ops = new Map(allOps.map((o) => [o.operationId, o]));
  const ajv = makeAjv(doc);

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'storefront-contract-'));
  try {
    const [apiPort, strictPort, lenientPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
    ]);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      SERVE_SPA: '0',
      SQLITE_PATH: path.join(tmp, 'shop.sqlite'),
      MEDIA_DIR: path.join(tmp, 'media'),
      CONTACT_MAX_PER_ADDRESS: String(CONTACT_MAX),
      // Reset e-mails land in the temp dir, where the account cases read their links.
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      PASSWORD_RESET_MAX_PER_EMAIL: '3',
      PASSWORD_RESET_MAX_PER_ADDRESS: '20',
    };
    // The contract run always uses its own SQLite file, never a PostgreSQL from the environment.
    delete env.DATABASE_URL;
    const api = startProcess('api', bin('tsx'), ['server/main.ts'], env);
    const upstream = `http://127.0.0.1:${apiPort}/api`;
    const prismArgs = (port: number) => [
      'proxy',
      '--errors',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      contractFile,
      upstream,
    ];
    const strict = startProcess('prism strict', bin('prism'), prismArgs(strictPort), process.env);
    const lenient = startProcess(
      'prism lenient',
      bin('prism'),
      [...prismArgs(lenientPort), '--validate-request=false'],
      process.env,
    );

    const demo = { [TENANT_HEADER]: DEMO };
    await waitForHttp('reference API', api, `${upstream}/pages/site-settings/`, {
      headers: demo,
      timeoutMs: 180_000,
    });
    await Promise.all([
      waitForHttp('prism strict', strict, `http://127.0.0.1:${strictPort}/pages/site-settings/`, {
        headers: demo,
        timeoutMs: 60_000,
      }),
      waitForHttp(
        'prism lenient',
        lenient,
        `http://127.0.0.1:${lenientPort}/pages/site-settings/`,
        { headers: demo, timeoutMs: 60_000 },
      ),
    ]);

    const catalogue = await request(upstream, {
      method: 'GET',
      path: '/products/products/',
      query: { is_active: 'true', page_size: '100' },
      headers: demo,
    });
    const products = results(catalogue.body);
    const first = products[0];
    if (!first)
      throw new Error(
        `the demo catalogue is empty (${catalogue.status}: ${catalogue.text.slice(0, 200)})`,
      );
    const slug = str(first.slug);
    const categorySlug = isObject(first.category) ? str(first.category.slug) : '';

    const session = await logIn(upstream);
    const shop = await shoppingSetup(upstream, products, session, env.SQLITE_PATH!);
    const accounts = await accountSetup(upstream, session.stamp, env.OUTBOX_DIR!);
    const cases = [
      ...implementedCases(
        slug,
        categorySlug,
        products.map((p) => str(p.slug)),
      ),
      ...accountsCases(session),
      ...accountCases(accounts),
      ...shoppingCases(shop),
      ...contentCases(shop, contentSetup(env.SQLITE_PATH!)),
    ];
    for (const id of IMPLEMENTED) {
      if (!ops.has(id))
        cases.push({
          name: `${id} exists in the contract`,
          operationId: id,
          method: 'GET',
          path: '/',
          status: 200,
        });
    }
    const implemented = new Set<string>(IMPLEMENTED);
    for (const op of allOps) {
      if (needsBearer(doc, op)) cases.push(...bearerCases(doc, op, session.access));
      if (!implemented.has(op.operationId)) cases.push(notImplementedCase(doc, op, session.access));
    }

    const bases: Bases = {
      strict: `http://127.0.0.1:${strictPort}`,
      lenient: `http://127.0.0.1:${lenientPort}`,
      direct: upstream,
    };
    let passed = 0;
    let failed = 0;
    for (const planned of cases) {
      let c = planned;
      let problems: string[];
      try {
        if (planned.prepare) c = { ...planned, ...(await planned.prepare()) };
        problems = await runCase(c, bases, doc, ajv, ops);
      } catch (error) {
        problems = [error instanceof Error ? error.message : String(error)];
      }
      const target = `${c.method} ${c.path}${c.query && Object.keys(c.query).length ? `?${new URLSearchParams(c.query)}` : ''}`;
      const via = c.via ?? 'strict';
      if (problems.length === 0) {
        passed++;
        console.log(
          `ok   ${c.name} -> ${c.status} (${target}, ${via === 'direct' ? 'direct' : `prism ${via}`})`,
        );
      } else {
        failed++;
        console.log(`FAIL ${c.name} (${target}, ${via === 'direct' ? 'direct' : `prism ${via}`})`);
        for (const problem of problems) console.log(`       ${problem}`);
      }
    }
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  } catch (error) {
    console.error(
      `contract test could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    for (const [name, lines] of logs) {
      console.error(`--- last output of ${name} ---`);
      console.error(lines.slice(-30).join('\n'));
    }
    console.log('0 passed, 1 failed');
    return 1;
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

process.exitCode = await main();
