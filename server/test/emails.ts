/**
 * Readers of a rendered order e-mail for the template tests (spec: order e-mails): what a
 * recipient sees of the HTML part, a cache of the rendered preview samples (preview-data.ts), and
 * the checks of what every e-mail that lists an order shows in both parts.
 */
import { expect } from 'vitest';
import type { OrderEmailData } from '../orders/emails/email-kinds.ts';
import { formatMoney } from '../platform/mail/templates/format.ts';
import { PREVIEW_EMAILS, type PreviewName } from '../orders/emails/preview-data.ts';
import { renderEmail } from '../orders/emails/render-email.ts';
import { type RenderedEmail } from '../platform/mail/templates/render-component.ts';

/**
 * What a reader of the HTML part sees: the body's text, comments and the hidden preheader
 * dropped, inline tags removed in place, block tags and <br> as line breaks, entities decoded.
 */
export function visible(html: string): string {
  const body = html
    .replace(/^[\s\S]*?<body[^>]*>/, '')
    .replace(/<\/body>[\s\S]*$/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<div [^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/, '');
  return body
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/?(a|span|strong|b|em|i)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n[ \n]*/g, '\n');
}

/** Visible text with every run of white space as one space, for sentence checks. */
export function flat(html: string): string {
  return visible(html).replace(/\s+/g, ' ');
}

const rendered = new Map<string, Promise<RenderedEmail>>();

/** The preview sample `name` rendered; each sample is rendered once per test file. */
export function renderPreview(name: PreviewName): Promise<RenderedEmail> {
  let result = rendered.get(name);
  if (!result) {
    result = renderEmail(PREVIEW_EMAILS[name]);
    rendered.set(name, result);
  }
  return result;
}

/** The order essentials every e-mail that lists the order shows in both parts. */
export function expectOrderEssentials(email: RenderedEmail, data: OrderEmailData) {
  const html = visible(email.html);
  const currency = data.order.currency ?? 'USD';
  for (const line of data.order.lines) {
    expect(html).toContain(line.name);
    expect(html).toContain(`Qty ${line.quantity} × ${formatMoney(line.unitPrice, currency)}`);
    expect(html).toContain(formatMoney(line.lineTotal, currency));
    for (const option of line.options ?? []) {
      expect(flat(email.html)).toContain(`${option.label}: ${option.value}`);
      expect(email.text).toMatch(new RegExp(`^${option.label}: ${option.value}$`, 'm'));
    }
    expect(email.text).toContain(`${line.name}\n`);
    expect(email.text).toMatch(
      new RegExp(
        `^${line.quantity} × \\${formatMoney(line.unitPrice, currency)} = \\${formatMoney(line.lineTotal, currency)}$`,
        'm',
      ),
    );
  }
  const total = formatMoney(data.order.total, currency);
  expect(flat(email.html)).toMatch(new RegExp(`Total \\${total}`));
  expect(email.text).toMatch(new RegExp(`^Total: \\${total}$`, 'm'));
  expect(email.text).toMatch(
    new RegExp(`^Subtotal: \\${formatMoney(data.order.subtotal, currency)}$`, 'm'),
  );
}

/** The sample delivery address, line by line in the HTML and the text part, with its phone. */
export function expectAddress(email: RenderedEmail) {
  for (const line of ['Ada Lovelace', '7 Wren Close', 'York YO1 7HH', 'United Kingdom']) {
    expect(visible(email.html)).toMatch(new RegExp(`^${line}$`, 'm'));
    expect(email.text).toMatch(new RegExp(`^${line}$`, 'm'));
  }
  expect(email.text).toMatch(/^Phone: \+44 1904 496 0123$/m);
}
