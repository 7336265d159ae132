/**
 * The page a shop that has not launched shows at every address (issue 38, decision 079
 * "Launch"): its name, a short line, and a form for the preview password the owner gives to
 * the people who should see the shop first. Whoever carries a preview pass (./shop-open.ts
 * `hasPreview`: the right password, or a member of staff through the back office's "Preview
 * shop") gets the real shop instead; the pages plugin decides which.
 *
 * The page is plain HTML: no script at all, its one `<style>` allowed by its hash in the page's
 * own Content-Security-Policy ({@link OPENING_SOON_CSP}), `noindex` in a meta and in
 * `X-Robots-Tag`, never cached. The form posts `application/x-www-form-urlencoded` to
 * {@link PREVIEW_FORM_PATH}, a page path outside the JSON API, answered by
 * {@link handlePreviewForm} (mounted by {@link previewFormRoute}): a right password sets the
 * pass's cookie and sends the browser back to `/` (303); a wrong one shows the page again with
 * the message (400); too many tries the page with the wait (429, Retry-After), as the
 * storefront's `POST /shop/preview/` does.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_PASSWORD_MAX_LENGTH, SHOP_STATUS_MESSAGES } from '../../common/shop-status.ts';
import { documentPolicy } from '../platform/csp.ts';

/** Where the Opening soon page's form posts the preview password. */
export const PREVIEW_FORM_PATH = '/shop-preview';

/** What the page may say besides the shop's name. */
export interface OpeningSoonOptions {
  /** The shop's one-line description (its site settings'); a default line when absent or blank. */
  description?: string | null;
  /** The logo's same-origin address (`/api/media/…/logo.png`), or none. */
  logo?: string | null;
  /** A refusal to show above the form (a wrong password, a wait). */
  error?: string | null;
  /** Where the form posts (default {@link PREVIEW_FORM_PATH}). */
  formAction?: string;
}

const STYLE = `
:root{color-scheme:light;--ink:#23201c;--muted:#5f5850;--line:#d9d2c7;--accent:#8a4b2a;--paper:#faf7f2}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{display:flex;align-items:center;justify-content:center;min-height:100vh;padding:1.5rem;
background:var(--paper);color:var(--ink);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:30rem;text-align:center}
.logo{max-width:10rem;max-height:5rem;object-fit:contain;margin:0 auto 1.25rem;display:block}
.eyebrow{margin:0 0 .5rem;font-size:.8rem;letter-spacing:.14em;text-transform:uppercase;color:var(--accent);font-weight:600}
h1{margin:0 0 .75rem;font-size:clamp(1.8rem,6vw,2.6rem);line-height:1.15;font-weight:650;overflow-wrap:anywhere}
.lede{margin:0 auto 2rem;max-width:26rem;color:var(--muted)}
form{margin:0 auto;max-width:22rem;padding:1.25rem;border:1px solid var(--line);border-radius:.75rem;background:#fff;text-align:left}
h2{margin:0 0 .75rem;font-size:1rem;font-weight:600}
label{display:block;margin-bottom:.35rem;font-size:.9rem;color:var(--muted)}
.row{display:flex;gap:.5rem}
input{flex:1;min-width:0;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #8c857b;border-radius:.5rem;font:inherit;color:inherit;background:#fff}
button{min-height:2.75rem;padding:.5rem 1.1rem;border:0;border-radius:.5rem;background:var(--ink);color:#fff;font:inherit;font-weight:600;cursor:pointer}
input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{margin:0 0 .75rem;padding:.5rem .75rem;border-radius:.5rem;background:#fbeaea;color:#8b1e1e;font-size:.9rem}
@media (prefers-color-scheme:dark){:root{color-scheme:dark;--ink:#f2ede6;--muted:#bdb5aa;--line:#3b3631;--paper:#1b1916;--accent:#e0a27e}
form,input{background:#24211d}button{background:var(--accent);color:#1b1916}.error{background:#3a1f1f;color:#ffc9c9}}
`.trim();

/** The page's Content-Security-Policy: nothing but its own `<style>` (by hash) and same-origin images. */
export const OPENING_SOON_CSP = documentPolicy(
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
);

/** `text` with the five characters HTML gives a meaning escaped. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * The whole "Opening soon" page of shop `shopName` (see the module comment): `lang`, the title
 * "<name> — Opening soon", `noindex`, the name, a short line, and the preview password form
 * (with `options.error` above it, announced to screen readers). Pure: escapes every text it is
 * given. Serve it with {@link sendOpeningSoonPage} (or with {@link OPENING_SOON_CSP}).
 */
export function openingSoonPage(shopName: string, options: OpeningSoonOptions = {}): string {
  const name = escapeHtml(shopName.trim() || 'This shop');
  const line =
    options.description?.trim() ||
    'We are putting the finishing touches to the shop. Please come back soon.';
  const logo = options.logo?.startsWith('/')
    ? `<img class="logo" src="${escapeHtml(options.logo)}" alt="">`
    : '';
  const error = options.error
    ? `<p class="error" id="preview-error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const described = options.error ? ' aria-describedby="preview-error" aria-invalid="true"' : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${name} — Opening soon</title>` +
    `<style>${STYLE}</style></head><body><main>` +
    logo +
    '<p class="eyebrow">Opening soon</p>' +
    `<h1>${name}</h1>` +
    `<p class="lede">${escapeHtml(line)}</p>` +
    `<form method="post" action="${escapeHtml(options.formAction ?? PREVIEW_FORM_PATH)}" aria-labelledby="preview-heading">` +
    '<h2 id="preview-heading">Have a preview password?</h2>' +
    error +
    '<label for="preview-password">Preview password</label>' +
    '<div class="row">' +
    `<input id="preview-password" name="password" type="password" autocomplete="current-password" required maxlength="${PREVIEW_PASSWORD_MAX_LENGTH}"${described}>` +
    '<button type="submit">Enter</button></div>' +
    '</form></main></body></html>'
  );
}

/**
 * Sends the Opening soon page of `shopName` (status 200 unless `status` says otherwise) with
 * its headers: its own CSP, `X-Robots-Tag: noindex`, `Cache-Control: no-store` (the shop will
 * open, and a visitor with a pass sees another page at the same address), nosniff and the
 * storefront's Referrer-Policy.
 */
export function sendOpeningSoonPage(
  reply: FastifyReply,
  shopName: string,
  options: OpeningSoonOptions & { status?: number } = {},
): FastifyReply {
  return reply
    .code(options.status ?? 200)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', OPENING_SOON_CSP)
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .send(openingSoonPage(shopName, options));
}

/** The shop a page request is for, as {@link handlePreviewForm} needs it. */
export interface PreviewFormShop {
  id: number;
  name: string;
}

/** The `password` field of a parsed form body (a string, or the first of several). */
function passwordOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>).password;
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : '';
  return typeof value === 'string' ? value : '';
}

/**
 * Answers the Opening soon page's form for `shop` (`request.body`: the form's fields, as
 * {@link previewFormRoute} parses them): a right preview password sets the pass's cookie and
 * answers 303 to `/`; a wrong or empty one the page again with "That password is not right."
 * (400); too many wrong ones the page with the throttle's words (429, Retry-After).
 */
export async function handlePreviewForm(
  request: FastifyRequest,
  reply: FastifyReply,
  shop: PreviewFormShop,
  options: Omit<OpeningSoonOptions, 'error'> = {},
): Promise<FastifyReply> {
  const gate = request.server.shopGate;
  const password = passwordOf(request.body);
  const attempt =
    password === ''
      ? ({ ok: false, reason: 'wrong' } as const)
      : await gate.tryPassword(request, shop.id, password);
  if (attempt.ok) {
    gate.setPassCookie(request, reply, attempt.pass);
    return reply.code(303).header('Location', '/').header('Cache-Control', 'no-store').send();
  }
  if (attempt.reason === 'throttled') {
    reply.header('Retry-After', String(attempt.error.retryAfterSeconds));
    return sendOpeningSoonPage(reply, shop.name, {
      ...options,
      status: 429,
      error: attempt.error.message,
    });
  }
  return sendOpeningSoonPage(reply, shop.name, {
    ...options,
    status: 400,
    error: SHOP_STATUS_MESSAGES.wrongPreviewPassword,
  });
}

/** What {@link previewFormRoute} takes. */
export interface PreviewFormRouteOptions {
  /** The shop the request's Host names, or null (the route then answers 404). */
  shopOf(
    request: FastifyRequest,
  ): Promise<(PreviewFormShop & { description?: string | null; logo?: string | null }) | null>;
}

/**
 * Registers `POST {@link PREVIEW_FORM_PATH}` (encapsulated: its form parser, at most 4 KiB, the
 * only one, applies to it alone) answered by {@link handlePreviewForm} for the shop `shopOf` names.
 * Register it at the app's root, beside the pages, with `app.shopGate` decorated.
 */
export async function previewFormRoute(
  app: FastifyInstance,
  options: PreviewFormRouteOptions,
): Promise<void> {
  // A form and nothing else: a JSON or text body answers 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  app.post(PREVIEW_FORM_PATH, async (request, reply) => {
    const shop = await options.shopOf(request);
    if (!shop) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    return handlePreviewForm(request, reply, shop, {
      description: shop.description ?? null,
      logo: shop.logo ?? null,
    });
  });
}
