/**
 * HTML of the sandbox card gateway's hosted payment page (server/http/sandbox-gateway.ts).
 *
 * It has to look like a third party's page, not the shop's: a neutral "Sandbox Pay" brand, the
 * merchant and the amount, a test card form and Pay, Fail and Cancel buttons. The document is
 * self-contained (no script, no external file, one <style> allowed by its sha256 in the page's
 * own Content-Security-Policy), usable at 375 px, and every interpolated value is escaped.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../platform/render/index-html.ts';

/** The test cards the page lists (and the sandbox plugin acts on). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  delayed: '4000000000000077',
} as const;

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a1f36;background:#eef0f5}
.bar{display:flex;align-items:center;justify-content:space-between;gap:.75rem;padding:.75rem 1rem;background:#1a1f36;color:#fff}
.brand{font-weight:700;letter-spacing:.02em;display:flex;align-items:center;gap:.5rem}
.mark{display:inline-block;width:1.25rem;height:1.25rem;border-radius:.3rem;background:linear-gradient(135deg,#7c8cff,#38d9a9)}
.badge{font-size:.8125rem;font-weight:600;padding:.125rem .5rem;border-radius:999px;background:#ffe8a3;color:#4d3800}
main{padding:1.5rem 1rem 3rem}
.card{max-width:28rem;margin:0 auto;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(26,31,54,.15),0 8px 24px rgba(26,31,54,.08);padding:1.5rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
.summary{margin:0 0 1.25rem;padding:1rem;border-radius:.5rem;background:#f6f7fb}
.summary div{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
.summary div+div{margin-top:.25rem}
.summary dt{color:#4a5068}
.summary dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.25rem}
.field{margin-bottom:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
label{display:block;font-weight:600;font-size:.9375rem;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #8a90a6;border-radius:.375rem;background:#fff;color:#1a1f36}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #4c5fd5;outline-offset:2px}
.error{margin:0 0 1rem;padding:.75rem 1rem;border-radius:.375rem;background:#fde8e8;color:#8a1c1c;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.375rem;cursor:pointer;border:1px solid #3b4bc8}
.pay{flex:1 1 100%;background:#3b4bc8;color:#fff}
.pay:hover{background:#2f3da6}
.secondary{flex:1 1 0;background:#fff;color:#3b4bc8}
.secondary:hover{background:#f0f2ff}
.cards{margin:0;padding-left:1.25rem;color:#4a5068;font-size:.9375rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#1a1f36}
.note{color:#4a5068;font-size:.875rem;margin:1.5rem 0 0}
a{color:#3b4bc8}
@media (max-width:400px){.card{padding:1.25rem}}
@media (max-width:300px){.row{grid-template-columns:1fr}}
`.trim();

/** The CSP source allowing exactly the page's one <style> element. */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/**
 * The page's Content-Security-Policy: nothing but its own style; forms may post only to this
 * origin and to the storefront the gateway redirects to.
 */
export function sandboxContentSecurityPolicy(storefrontOrigin: string | null): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    `form-action 'self'${storefrontOrigin ? ` ${storefrontOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="bar"><span class="brand"><span class="mark" aria-hidden="true"></span>Sandbox Pay</span><span class="badge">Test mode</span></header>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>
`;
}

/**
 * "$1,245.00 USD" from "1245.00" and "USD", as a gateway shows an amount. The decimal string is
 * formatted as it is (Intl formats numeric strings exactly, no floating point on the way).
 */
export function formatAmount(amount: string, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return `${format.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}

export interface CheckoutPageData {
  merchant: string;
  orderNumber: string;
  /** Decimal string, e.g. "245.00". */
  amount: string;
  currency: string;
  /** Where the form posts (this page's own path). */
  action: string;
  /** Shown above the form (e.g. 'The card number is not valid.'). */
  error?: string;
  /** Values to show again after an error. */
  values?: { cardholder?: string; cardNumber?: string; expiry?: string; cvc?: string };
}

/** The hosted payment page with the test card form. */
export function renderCheckoutPage(data: CheckoutPageData): string {
  const merchant = escapeHtml(data.merchant);
  const amount = escapeHtml(formatAmount(data.amount, data.currency));
  const v = data.values ?? {};
  const value = (text: string | undefined, fallback: string) => escapeHtml(text ?? fallback);
  const error = data.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(data.error)}</p>\n`
    : '';
  const described = data.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return layout(
    `Pay ${data.merchant} – Sandbox Pay`,
    `<h1>Pay ${merchant}</h1>
<dl class="summary">
<div><dt>Order</dt><dd>${escapeHtml(data.orderNumber)}</dd></div>
<div><dt>Amount</dt><dd class="amount">${amount}</dd></div>
</dl>
${error}<form method="post" action="${escapeHtml(data.action)}">
<div class="field"><label for="cardholder">Cardholder name</label><input id="cardholder" name="cardholder" autocomplete="cc-name" maxlength="100" value="${value(v.cardholder, '')}"></div>
<div class="field"><label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="30" value="${value(v.cardNumber, '4242 4242 4242 4242')}"${described}></div>
<div class="row">
<div class="field"><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" maxlength="7" value="${value(v.expiry, '12/34')}"></div>
<div class="field"><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="${value(v.cvc, '123')}"></div>
</div>
<div class="actions">
<button type="submit" name="action" value="pay" class="pay">Pay</button>
<button type="submit" name="action" value="fail" class="secondary">Fail</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
</div>
</form>
<h2>Test cards</h2>
<ul class="cards">
<li><code>4242 4242 4242 4242</code> succeeds</li>
<li><code>4000 0000 0000 0002</code> is declined</li>
<li><code>4000 0000 0000 0077</code> succeeds after a few seconds (pending first)</li>
</ul>
<p class="note">This is a sandbox: no card is charged and nothing leaves this machine. Any expiry date and CVC work.</p>`,
  );
}

/** The page of a payment that can no longer be paid here, linking back to the storefront. */
export function renderClosedPage(data: { merchant: string; returnUrl: string }): string {
  return layout(
    'Payment closed – Sandbox Pay',
    `<h1>This payment is no longer open.</h1>
<p>It has already been paid, declined or canceled, or a newer payment attempt replaced it.</p>
<p><a href="${escapeHtml(data.returnUrl)}">Return to ${escapeHtml(data.merchant)}</a></p>`,
  );
}

/** The page of an unknown payment link. */
export function renderNotFoundPage(): string {
  return layout(
    'Payment not found – Sandbox Pay',
    `<h1>Payment not found</h1>
<p>This payment link is not valid. Start the payment again from the shop.</p>`,
  );
}

/** True when the digits pass the Luhn check that every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
