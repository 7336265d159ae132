/**
 * What every order e-mail shares, as a recipient sees it: the frame, order number, footer and
 * link of each sample, the subjects, the address block, the logo and the shop's colours (kept
 * readable whatever the shop chooses). Sample data: preview-data.ts.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, isShopEmail, type EmailData } from './email-kinds.ts';
import { PREVIEW_EMAILS, previewEmail, type PreviewName } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import { flat, renderPreview, visible } from '../../test/emails.ts';
import { EMAIL_SUBJECTS, subjectOf } from './subjects.ts';
import {
  contrastRatio,
  DEFAULT_EMAIL_THEME,
  resolveTheme,
} from '../../platform/mail/templates/theme.ts';

describe('every e-mail', () => {
  const names = Object.keys(PREVIEW_EMAILS) as PreviewName[];

  it('has a sample of every kind', () => {
    const kinds = new Set(Object.values(PREVIEW_EMAILS).map((data) => data.kind));
    expect([...kinds].sort()).toEqual([...EMAIL_KINDS].sort());
  });

  it.each(names)('%s: frame, order number, footer, link, accent colour', async (name) => {
    const data = PREVIEW_EMAILS[name];
    const email = await renderPreview(name);
    expect(email.subject).toBe(subjectOf(data));
    expect(email.subject).not.toMatch(/\n/);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('<html dir="ltr" lang="en">');
    expect(email.html).toContain(`<title>${email.subject.replace(/&/g, '&amp;')}</title>`);
    expect(email.html).toContain('max-width:600px');
    // The order it is about; the shop's daily list names every order it lists.
    for (const { number } of 'order' in data ? [data.order] : data.orders) {
      expect(visible(email.html)).toContain(number);
      expect(email.text).toContain(number);
    }
    // Footer: the shop's contact address, and why the recipient got it.
    expect(email.html).toContain('href="mailto:hello@emberandoak.example"');
    expect(email.text).toContain('hello@emberandoak.example');
    expect(flat(email.html)).toMatch(
      data.kind === 'shop_awaiting_payments_digest'
        ? /A daily message from your shop Ember & Oak while orders wait for money you receive by hand/
        : isShopEmail(data.kind)
          ? /An automatic message from your shop Ember & Oak about order ORD-/
          : /This e-mail was sent to \S+@example\.com because you placed order ORD-/,
    );
    // The storefront's copper is the button colour and the card's top rule.
    expect(email.html).toContain('background-color:#9a4a1c');
    expect(email.html).toContain('border-top:4px solid #9a4a1c');
    // The text part is a letter, not markup.
    expect(email.text).not.toMatch(/<[a-z/]/i);
    expect(email.text.endsWith('\n')).toBe(true);
    expect(email.text).not.toMatch(/\n{3}/);
  });

  it.each(names)(
    '%s: no image but the logo and thumbnails, no tracking, no remote CSS',
    async (name) => {
      const { html } = await renderPreview(name);
      const sources = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
      for (const src of sources) {
        expect(src).toMatch(
          /^https:\/\/emberandoak\.example\/(media\/email\/logo\.png|api\/media\/demo\/products\/)/,
        );
      }
      expect(html).not.toMatch(/<link /);
      expect(html).not.toMatch(/url\(/);
      expect(html).not.toMatch(/<script/);
      for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/ alt="/);
    },
  );
});

describe('subjects', () => {
  it('name the order and, for the shop, carry the shop in brackets', async () => {
    const subjects = Object.fromEntries(
      (Object.keys(PREVIEW_EMAILS) as PreviewName[]).map((name) => [
        name,
        subjectOf(PREVIEW_EMAILS[name]),
      ]),
    );
    expect(subjects).toEqual({
      'order-placed-card': 'Your order ORD-C8RD-4PAY at Ember & Oak',
      'order-placed-bank-transfer': 'Your order ORD-7K3F-9QXD at Ember & Oak',
      'order-placed-custom': 'Your order ORD-7K3F-9QXD at Ember & Oak',
      'payment-received': 'Payment received for order ORD-7K3F-9QXD',
      'order-closed-canceled': 'Order ORD-7K3F-9QXD was cancelled',
      'order-closed-expired': 'Order ORD-7K3F-9QXD has expired',
      'late-payment-refund-pending': 'Your payment for order ORD-7K3F-9QXD will be refunded',
      'late-payment-refund-refunded': 'Your payment for order ORD-7K3F-9QXD has been refunded',
      'shop-order-paid': '[Ember & Oak] Order ORD-7K3F-9QXD is paid',
      'shop-order-awaiting-bank-transfer': '[Ember & Oak] New bank-transfer order ORD-7K3F-9QXD',
      'shop-order-awaiting-custom':
        '[Ember & Oak] New order ORD-7K3F-9QXD awaiting payment (Pay at the workshop)',
      'shop-refund-needed-manual':
        '[Ember & Oak] Refund needed: order ORD-7K3F-9QXD (paid after cancellation)',
      'shop-refund-needed-automatic':
        '[Ember & Oak] Refunded automatically: order ORD-7K3F-9QXD (duplicate payment)',
      'order-refunded-partly-by-card': 'A refund for order ORD-7K3F-9QXD',
      'order-refunded-in-full-by-hand': 'Order ORD-7K3F-9QXD has been refunded',
      'order-refunded-to-gift-card': 'A refund for order ORD-7K3F-9QXD',
      'order-placed-with-cancellation': 'Your order ORD-7K3F-9QXD at Ember & Oak',
      'cancellation-requested': 'We received your withdrawal from order ORD-7K3F-9QXD',
      'order-shipped-royal-mail': 'Order ORD-C8RD-4PAY is on its way',
      'order-shipped-adult-signature': 'Part of order ORD-7K3F-9QXD is on its way',
      'order-tracking-corrected': 'A corrected tracking number for order ORD-C8RD-4PAY',
      'order-ready-to-collect': 'Order ORD-7K3F-9QXD is ready to collect',
      'order-canceled-by-shop-paid': 'Ember & Oak has cancelled order ORD-7K3F-9QXD',
      'order-canceled-by-shop-unpaid': 'Ember & Oak has cancelled order ORD-C8RD-4PAY',
      'payment-reminder-bank-transfer': 'Reminder: order ORD-7K3F-9QXD is waiting for your payment',
      'shop-awaiting-payments-digest': '[Ember & Oak] 2 orders awaiting payment',
    });
    expect((await renderPreview('shop-order-paid')).subject).toBe(subjects['shop-order-paid']);
  });

  it('are one line even when a name holds a line break', () => {
    const data = previewEmail('shop-order-paid');
    data.shop.name = 'Ember\r\n& Oak\nBcc: x@example.com';
    expect(EMAIL_SUBJECTS.shop_order_paid(data)).toBe(
      '[Ember & Oak Bcc: x@example.com] Order ORD-7K3F-9QXD is paid',
    );
  });
});

describe('the address block', () => {
  it('says "Collected by" when nothing is delivered, and leaves out the blank lines', async () => {
    const data = PREVIEW_EMAILS['order-placed-bank-transfer'];
    const collected = await renderEmail({
      ...data,
      order: {
        ...data.order,
        deliveryAddress: {
          fullName: 'Ada Lovelace',
          street: '',
          city: '',
          postalCode: '',
          country: 'United Kingdom',
          phone: '+44 1904 496 0123',
          collected: true,
        },
      },
    } as EmailData);
    expect(visible(collected.html)).toMatch(
      /^Collected by\nAda Lovelace\nUnited Kingdom\nPhone: /m,
    );
    expect(collected.text).toMatch(/Ada Lovelace\nUnited Kingdom\nPhone: /);
    expect(visible(collected.html)).not.toContain('Delivery address');

    // The sample order that is delivered (to the US) names the address as such.
    const delivered = await renderPreview('order-placed-card');
    expect(visible(delivered.html)).toMatch(
      /^Delivery address\nGrace Hopper\n1200 Harbor Blvd\nApt 4B$/m,
    );
    expect(visible(delivered.html)).not.toContain('Collected by');
  });
});

describe('logo and colours', () => {
  it('shows the logo with the shop name as alt text only when logoUrl is set', async () => {
    const withLogo = await renderPreview('order-placed-bank-transfer');
    expect(withLogo.html).toMatch(
      /<img alt="Ember &amp; Oak" height="48" src="https:\/\/emberandoak\.example\/media\/email\/logo\.png"/,
    );
    const without = await renderPreview('order-placed-custom');
    expect(without.html).not.toContain('logo.png');
    expect(without.html).not.toMatch(/<img alt="Ember/);
    // The name stands in for the logo, in the header band.
    expect(without.html).toMatch(/<span style="[^"]*color:#f5efe6[^"]*">Ember &amp; Oak<\/span>/);
    // The text part opens with the shop's name either way.
    expect(withLogo.text.startsWith('Ember & Oak\n')).toBe(true);
    expect(without.text.startsWith('Ember & Oak\n')).toBe(true);
  });

  it("uses the shop's accent, and falls back when a colour is not a hex colour", async () => {
    const data = previewEmail('order-placed-card');
    data.shop.theme = {
      accent: '#2B5D3A',
      background: 'red; background-image:url(https://t.example/p.gif)',
    };
    const email = await renderEmail(data);
    expect(email.html).toContain('background-color:#2b5d3a');
    expect(email.html).toContain('border-top:4px solid #2b5d3a');
    expect(email.html).not.toContain('#9a4a1c');
    expect(email.html).not.toContain('t.example');
    expect(email.html).toContain('background-color:#faf7f2');
  });

  it('keeps text at WCAG AA whatever the shop chooses', () => {
    const theme = DEFAULT_EMAIL_THEME;
    for (const [fg, bg] of [
      [theme.ink, theme.surface],
      [theme.inkMuted, theme.surface],
      [theme.inkMuted, theme.background],
      [theme.ink, theme.surfaceMuted],
      [theme.accentContrast, theme.accent],
      [theme.link, theme.surface],
      [theme.headerInk, theme.header],
    ] as const) {
      expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    // A pale accent: dark button text, and links in the ink.
    const pale = resolveTheme({ accent: '#f5c518' });
    expect(pale.accentContrast).toBe(theme.ink);
    expect(pale.link).toBe(theme.ink);
    // Grey on white: the storefront's pair instead.
    const grey = resolveTheme({ ink: '#aaaaaa' });
    expect(grey.ink).toBe(theme.ink);
    expect(resolveTheme({ accent: '#abc' }).accent).toBe('#aabbcc');
  });
});
