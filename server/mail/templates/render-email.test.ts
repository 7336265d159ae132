/**
 * The order e-mails as a recipient sees them: subject, what the HTML shows (tags stripped),
 * what the plain-text part says, escaping, colours, logo. Sample data: preview-data.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDecimalToMinorUnits } from '../../lib/money.ts';
import {
  EMAIL_KINDS,
  EmailDataError,
  isShopEmail,
  parseEmailData,
  type EmailData,
  type EmailKind,
} from './email-data.ts';
import { formatDate, formatDateTime, formatMoney } from './format.ts';
import {
  PREVIEW_BANK_DETAILS,
  PREVIEW_EMAILS,
  previewEmail,
  type PreviewName,
} from './preview-data.ts';
import { renderEmail, type RenderedEmail } from './render-email.ts';
import { EMAIL_SUBJECTS, subjectOf } from './subjects.ts';
import { contrastRatio, DEFAULT_EMAIL_THEME, resolveTheme } from './theme.ts';

/**
 * What a reader of the HTML part sees: the body's text, comments and the hidden preheader
 * dropped, inline tags removed in place, block tags and <br> as line breaks, entities decoded.
 */
function visible(html: string): string {
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
function flat(html: string): string {
  return visible(html).replace(/\s+/g, ' ');
}

const rendered = new Map<string, Promise<RenderedEmail>>();
function renderPreview(name: PreviewName): Promise<RenderedEmail> {
  let result = rendered.get(name);
  if (!result) {
    result = renderEmail(PREVIEW_EMAILS[name]);
    rendered.set(name, result);
  }
  return result;
}

/** The order essentials every e-mail that lists the order shows in both parts. */
function expectOrderEssentials(email: RenderedEmail, data: EmailData) {
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

function expectAddress(email: RenderedEmail) {
  for (const line of ['Ada Lovelace', '7 Wren Close', 'York YO1 7HH', 'United Kingdom']) {
    expect(visible(email.html)).toMatch(new RegExp(`^${line}$`, 'm'));
    expect(email.text).toMatch(new RegExp(`^${line}$`, 'm'));
  }
  expect(email.text).toMatch(/^Phone: \+44 1904 496 0123$/m);
}

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
    expect(visible(email.html)).toContain(data.order.number);
    expect(email.text).toContain(data.order.number);
    // Footer: the shop's contact address, and why the recipient got it.
    expect(email.html).toContain('href="mailto:hello@emberandoak.example"');
    expect(email.text).toContain('hello@emberandoak.example');
    expect(flat(email.html)).toMatch(
      isShopEmail(data.kind)
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

describe('order_placed', () => {
  it('bank transfer: lines, totals, address, bank details with their line breaks, reference, deadline', async () => {
    const data = PREVIEW_EMAILS['order-placed-bank-transfer'];
    const email = await renderPreview('order-placed-bank-transfer');
    expect(flat(email.html)).toContain('Thank you for your order');
    expectOrderEssentials(email, data);
    expectAddress(email);
    expect(flat(email.html)).toContain('Shipping (Collect from the workshop) Free');
    expect(email.text).toMatch(/^Shipping \(Collect from the workshop\): Free$/m);

    const lines = PREVIEW_BANK_DETAILS.split('\n').map((l) => l.replace(/&/g, '&amp;'));
    expect(email.html).toContain(lines.join('<br/>'));
    for (const line of PREVIEW_BANK_DETAILS.split('\n')) {
      expect(email.text).toMatch(
        new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
      );
    }
    const reference =
      'Use your order number ORD-7K3F-9QXD as the payment reference, so we can match your transfer to your order.';
    expect(flat(email.html)).toContain(reference);
    expect(email.text.replace(/\s+/g, ' ')).toContain(reference);
    expect(flat(email.html)).toContain('Please transfer $475.00 to this account');
    expect(flat(email.html)).toContain(
      "We'll process your order once the transfer arrives. It must reach us by 29 November 2026, 09:30 UTC; otherwise the order will be cancelled",
    );
    expect(email.text).toContain('29 November 2026, 09:30 UTC');
    expect(email.text).toMatch(
      /^View your order: https:\/\/emberandoak\.example\/account\/orders\/1044$/m,
    );
    // Line notes and the order's notes, in both parts.
    for (const note of [
      'Made to order: leaves the workshop between 30 November 2026 and 3 December 2026',
      'Age-restricted pieces are handed over only to an adult who shows proof of age, at the door or at the workshop.',
      'Collect from the workshop: 12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
    ]) {
      expect(visible(email.html)).toContain(note);
      expect(email.text).toMatch(new RegExp(`^${note}$`, 'm'));
    }
    // Thumbnails beside the lines, with empty alt text: the name is written beside them.
    expect(email.html).toMatch(
      /<img alt="" height="64" src="https:\/\/emberandoak\.example\/api\/media\/demo\/products\/damascus-gyuto-210mm-1-thumb\.png"/,
    );
  });

  it('card: the link to pay from the order page, and the deadline', async () => {
    const email = await renderPreview('order-placed-card');
    expectOrderEssentials(email, PREVIEW_EMAILS['order-placed-card']);
    expect(email.html).toMatch(
      /<a href="https:\/\/emberandoak\.example\/account\/orders\/1046"[^>]*>.*?Pay for your order/,
    );
    expect(flat(email.html)).toContain('Your order is waiting for your card payment of $258.50');
    expect(email.text).toMatch(
      /^Pay for your order: https:\/\/emberandoak\.example\/account\/orders\/1046$/m,
    );
    expect(flat(email.html)).toContain('23 November 2026, 12:00 UTC');
    // A charged shipping line, and no notes block when the order has none.
    expect(email.text).toMatch(/^Shipping: \$18\.50$/m);
    expect(flat(email.html)).toContain('Shipping $18.50');
    expect(email.html).not.toContain('Please note');
    expect(email.text).not.toContain('Please note');
    // No bank block on a card order.
    expect(email.html).not.toContain('payment reference');
    // The street's own line break is kept; the region sits beside the town.
    expect(email.text).toMatch(/^1200 Harbor Blvd\nApt 4B\nWeehawken, NJ 07086$/m);
  });

  it('custom method: the shop instructions with their line breaks and its payment page', async () => {
    const data = PREVIEW_EMAILS['order-placed-custom'];
    const email = await renderPreview('order-placed-custom');
    expectOrderEssentials(email, data);
    expect(flat(email.html)).toContain('How to pay: PayPal');
    expect(email.html).toContain(
      'Send the total with PayPal to payments@emberandoak.example.<br/>Please choose &quot;goods and services&quot;',
    );
    expect(email.text).toMatch(
      /^Send the total with PayPal to payments@emberandoak\.example\.\nPlease choose "goods and services"/m,
    );
    expect(email.html).toMatch(
      /<a href="https:\/\/www\.paypal\.com\/paypalme\/emberandoak"[^>]*>.*?Go to the payment page/,
    );
    expect(email.text).toMatch(
      /^Go to the payment page: https:\/\/www\.paypal\.com\/paypalme\/emberandoak$/m,
    );
    expect(email.text).toMatch(
      /^View your order: https:\/\/emberandoak\.example\/account\/orders\/1044$/m,
    );
  });

  it('custom method without a payment page: the order page is the action', async () => {
    const data = previewEmail('order-placed-custom');
    if (data.payment.method !== 'custom') throw new Error('sample changed');
    delete data.payment.paymentUrl;
    delete data.payment.expiresAt;
    const email = await renderEmail(data);
    expect(email.html).not.toContain('Go to the payment page');
    expect(email.text).toMatch(
      /^View your order: https:\/\/emberandoak\.example\/account\/orders\/1044$/m,
    );
    expect(email.html).not.toContain('reached us by');
  });

  it('shows no shipping line when the order has none, and no notes when there are none', async () => {
    const data = previewEmail('order-placed-bank-transfer');
    delete data.order.shipping;
    delete data.order.orderNotes;
    for (const line of data.order.lines) delete line.notes;
    const email = await renderEmail(data);
    expect(email.html).not.toContain('Shipping');
    expect(email.text).not.toContain('Shipping');
    expect(email.html).not.toContain('Please note');
    expect(email.html).not.toContain('Made to order');
    expect(email.text).not.toContain('Made to order');
  });
});

describe('payment_received', () => {
  it('amount, date, transaction reference, what happens next, the order', async () => {
    const email = await renderPreview('payment-received');
    expect(flat(email.html)).toContain('Payment received');
    expect(flat(email.html)).toContain(
      "Thank you: we've received your payment for order ORD-7K3F-9QXD.",
    );
    expect(email.text).toMatch(/^Amount: \$475\.00$/m);
    expect(email.text).toMatch(/^Received on: 23 November 2026$/m);
    expect(email.text).toMatch(/^Transaction reference: 4412 9981 0032$/m);
    expect(flat(email.html)).toContain('Transaction reference 4412 9981 0032');
    expect(flat(email.html)).toContain('What happens next');
    expectOrderEssentials(email, PREVIEW_EMAILS['payment-received']);
    expectAddress(email);
  });

  it("leaves out a missing transaction reference and uses the shop's own next steps", async () => {
    const data = previewEmail('payment-received');
    delete data.payment.transactionRef;
    data.nextSteps = 'Your knife goes to the forge on Monday.\nWe send a photo before it ships.';
    const email = await renderEmail(data);
    expect(email.html).not.toContain('Transaction reference');
    expect(email.html).toContain(
      'Your knife goes to the forge on Monday.<br/>We send a photo before it ships.',
    );
    expect(email.text).toContain(
      'Your knife goes to the forge on Monday.\nWe send a photo before it ships.',
    );
  });
});

describe('order_closed', () => {
  it('cancelled: nothing was charged, the items are released, back to the shop', async () => {
    const email = await renderPreview('order-closed-canceled');
    expect(flat(email.html)).toContain('Your order has been cancelled');
    expect(flat(email.html)).toContain("As you asked, we've cancelled your order ORD-7K3F-9QXD");
    expect(flat(email.html)).toContain('Its items are no longer reserved for you.');
    expect(flat(email.html)).toContain('Nothing was charged.');
    expect(email.html).not.toContain('refund');
    expect(email.html).toMatch(
      /<a href="https:\/\/emberandoak\.example\/"[^>]*>.*?Visit Ember &amp; Oak/,
    );
    expect(email.text).toMatch(/^Visit Ember & Oak: https:\/\/emberandoak\.example\/$/m);
    expectOrderEssentials(email, PREVIEW_EMAILS['order-closed-canceled']);
  });

  it('expired: when, and that a payment still arriving will be refunded', async () => {
    const email = await renderPreview('order-closed-expired');
    expect(flat(email.html)).toContain('Your order has expired');
    expect(flat(email.html)).toContain('so it expired on 29 November 2026');
    expect(flat(email.html)).toContain(
      "If a payment for this order still reaches us, we'll refund it in full; you don't need to do anything.",
    );
    expect(email.text.replace(/\s+/g, ' ')).toContain("we'll refund it in full");
  });
});

describe('late_payment_refund', () => {
  it('pending: will be refunded, nothing to do, the shop will be in touch', async () => {
    const email = await renderPreview('late-payment-refund-pending');
    expect(flat(email.html)).toContain("We're refunding your payment");
    expect(flat(email.html)).toContain(
      'We received a payment of $475.00 for your order ORD-7K3F-9QXD on 30 November 2026, after the order had expired.',
    );
    expect(flat(email.html)).toContain(
      "You don't need to do anything; if we need any details from you to send it back, we'll be in touch.",
    );
    expect(email.text).toMatch(/^Amount: \$475\.00$/m);
    expect(email.text).toMatch(/^Refund: On its way back to you$/m);
  });

  it('refunded: a second payment of a paid order has gone back', async () => {
    const email = await renderPreview('late-payment-refund-refunded');
    expect(flat(email.html)).toContain('Your payment has been refunded');
    expect(flat(email.html)).toContain(
      'We received a second payment of $475.00 for your order ORD-7K3F-9QXD',
    );
    expect(flat(email.html)).toContain("We've refunded it in full");
    expect(email.text).toMatch(/^Refund: Refunded in full$/m);
  });

  it('after a cancellation says so', async () => {
    const data = previewEmail('late-payment-refund-pending');
    data.reason = 'order_canceled';
    expect(flat((await renderEmail(data)).html)).toContain('after the order had been cancelled.');
  });
});

describe('shop e-mails', () => {
  it('shop_order_paid: customer, total, lines, address, paid at, transaction reference', async () => {
    const email = await renderPreview('shop-order-paid');
    expect(flat(email.html)).toContain('Order ORD-7K3F-9QXD is paid');
    expect(flat(email.html)).toContain('ready to make and ship');
    expect(email.text).toMatch(/^Customer: Ada Lovelace, ada@example\.com$/m);
    expect(email.html).toContain('href="mailto:ada@example.com"');
    expect(email.text).toMatch(/^Paid: \$475\.00 on 23 November 2026, 14:05 UTC$/m);
    expect(email.text).toMatch(/^Transaction reference: 4412 9981 0032$/m);
    expect(email.text).toMatch(/^Paid with: Card \(2C2P\)$/m);
    expect(email.text).toMatch(
      /^Open the order: https:\/\/emberandoak\.example\/admin\/orders\/1044$/m,
    );
    expectOrderEssentials(email, PREVIEW_EMAILS['shop-order-paid']);
    expectAddress(email);
    // No thumbnails in the shop's e-mails, and no logo in this sample: no image at all.
    expect(email.html).not.toContain('<img');
  });

  it('shop_order_awaiting_payment (bank transfer): method, reference to look for, expiry', async () => {
    const email = await renderPreview('shop-order-awaiting-bank-transfer');
    expect(flat(email.html)).toContain('New order awaiting bank transfer');
    expect(email.text).toMatch(/^Payment method: Bank transfer$/m);
    expect(email.text).toMatch(/^Reference to look for: ORD-7K3F-9QXD$/m);
    expect(email.text).toMatch(/^Must be paid by: 29 November 2026, 09:30 UTC$/m);
    expect(email.text).toMatch(/^Total: \$475\.00$/m);
    expectOrderEssentials(email, PREVIEW_EMAILS['shop-order-awaiting-bank-transfer']);
  });

  it('shop_order_awaiting_payment (custom): the method and the instructions the customer got', async () => {
    const email = await renderPreview('shop-order-awaiting-custom');
    expect(flat(email.html)).toContain('New order awaiting payment: Pay at the workshop');
    expect(email.text).toMatch(/^Payment method: Pay at the workshop$/m);
    expect(email.html).toContain('Saturdays 10:00–16:00.<br/>Ember &amp; Oak Workshop');
  });

  it('shop_refund_needed (by hand): why, provider, references, the dashboard', async () => {
    const email = await renderPreview('shop-refund-needed-manual');
    expect(flat(email.html)).toContain('Refund needed');
    expect(flat(email.html)).toContain(
      'A payment of $475.00 for order ORD-7K3F-9QXD arrived on 23 November 2026, 14:05 UTC, after the order had been cancelled.',
    );
    expect(flat(email.html)).toContain('Please refund it by hand in your Stripe dashboard');
    expect(email.text).toMatch(/^Provider: Stripe$/m);
    expect(email.text).toMatch(/^Stripe reference: pi_3QkR2bLx8Zt0$/m);
    expect(email.text).toMatch(/^Amount to refund: \$475\.00$/m);
    expect(email.text).toMatch(/^Refund: To do by hand$/m);
    expect(email.html).toMatch(
      /<a href="https:\/\/dashboard\.stripe\.com\/payments\/pi_3QkR2bLx8Zt0"[^>]*>.*?Open the Stripe dashboard/,
    );
  });

  it('shop_refund_needed (automatic): done, with the refund reference', async () => {
    const email = await renderPreview('shop-refund-needed-automatic');
    expect(flat(email.html)).toContain('Payment refunded automatically');
    expect(flat(email.html)).toContain(
      'Order ORD-7K3F-9QXD was already paid, and a second payment of $475.00 arrived',
    );
    expect(flat(email.html)).toContain(
      'refunded automatically through Stripe (refund reference re_3QkS7cMy9Au1)',
    );
    expect(email.text).toMatch(
      /^Refund: Done automatically \(refund reference re_3QkS7cMy9Au1\)$/m,
    );
    expect(email.html).not.toContain('dashboard');
  });

  it('shop_refund_needed after expiry of a bank-transfer order: send it back the way it came', async () => {
    const data = previewEmail('shop-refund-needed-manual');
    data.reason = 'order_expired';
    data.payment = {
      amount: '475.00',
      receivedAt: '2026-11-30T08:12:00Z',
      method: 'bank_transfer',
      provider: 'Bank transfer',
    };
    delete data.dashboardUrl;
    const email = await renderEmail(data);
    expect(email.subject).toBe(
      '[Ember & Oak] Refund needed: order ORD-7K3F-9QXD (paid after expiry)',
    );
    expect(flat(email.html)).toContain('after the order had expired unpaid.');
    expect(flat(email.html)).toContain(
      'Please send it back to the customer by hand, the way it came (Bank transfer).',
    );
  });
});

describe('escaping', () => {
  const hostile = `Gyuto <script>alert("x")</script> & "Chef's" <b>choice</b>`;

  it('a product name, option and bank details are text in HTML and intact in the text part', async () => {
    const data = previewEmail('order-placed-bank-transfer');
    data.order.lines[0]!.name = hostile;
    data.order.lines[0]!.options = [{ label: 'Engraving', value: '<img src=x onerror=alert(1)>' }];
    if (data.payment.method !== 'bank_transfer') throw new Error('sample changed');
    data.payment.bankDetails = `Account: "O'Brien & Sons" <Ltd>\nIBAN: <script>x</script>`;
    data.customer.name = '</p><h1>Hi</h1>';
    const email = await renderEmail(data);
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<b>choice');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<h1>Hi');
    expect(email.html).toContain(
      'Gyuto &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Chef&#x27;s&quot; &lt;b&gt;choice&lt;/b&gt;',
    );
    expect(email.html).toContain(
      'Account: &quot;O&#x27;Brien &amp; Sons&quot; &lt;Ltd&gt;<br/>IBAN: &lt;script&gt;x&lt;/script&gt;',
    );
    expect(visible(email.html)).toContain(hostile);
    expect(email.text).toContain(`${hostile}\n`);
    expect(email.text).toContain('Engraving: <img src=x onerror=alert(1)>');
    expect(email.text).toContain(`Account: "O'Brien & Sons" <Ltd>\nIBAN: <script>x</script>`);
    expect(email.text).toContain('Hello </p><h1>Hi</h1>,');
  });

  it('refuses a javascript: link and ignores a javascript: logo', async () => {
    const data = previewEmail('order-placed-card');
    data.orderUrl = 'javascript:alert(1)';
    await expect(renderEmail(data)).rejects.toThrow(EmailDataError);
    const logo = previewEmail('order-placed-card');
    logo.shop.logoUrl = 'javascript:alert(1)';
    const email = await renderEmail(logo);
    expect(email.html).not.toContain('javascript:');
    expect(email.html).not.toContain('<img alt="Ember');
  });

  it('never sets inner HTML in a template', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
      expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toContain(
        'dangerouslySetInnerHTML',
      );
    }
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

describe('parseEmailData', () => {
  it('accepts every sample, also after a JSON round trip, and ignores unknown fields', () => {
    for (const data of Object.values(PREVIEW_EMAILS)) {
      const stored = JSON.parse(JSON.stringify({ ...data, addedLater: { x: 1 } })) as unknown;
      expect(parseEmailData(stored).kind).toBe(data.kind);
    }
  });

  it('names every bad field', () => {
    const data = previewEmail('order-placed-bank-transfer');
    const broken = {
      ...data,
      shop: { ...data.shop, contactEmail: 'not an address' },
      order: {
        ...data.order,
        placedAt: '22/11/2026',
        total: 475,
        lines: [{ ...data.order.lines[0]!, quantity: 0 }, ...data.order.lines.slice(1)],
      },
      payment: { method: 'bank_transfer', bankDetails: PREVIEW_BANK_DETAILS },
    };
    try {
      parseEmailData(broken);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EmailDataError);
      expect((error as EmailDataError).issues).toEqual([
        'shop.contactEmail: an e-mail address',
        'order.placedAt: an ISO 8601 date-time such as "2026-11-23T14:05:00Z"',
        'order.lines[0].quantity: a whole number of at least 1',
        'order.total: a decimal string such as "475.00"',
        'payment.expiresAt: an ISO 8601 date-time such as "2026-11-23T14:05:00Z"',
      ]);
    }
  });

  it.each([null, [], 'order_placed', { kind: 'toString' }, { kind: 'order_shipped' }])(
    'refuses %j',
    (value) => {
      expect(() => parseEmailData(value)).toThrow(EmailDataError);
    },
  );

  it('refuses an order without lines and an unknown payment method', () => {
    const noLines = previewEmail('order-placed-card');
    noLines.order.lines = [];
    expect(() => parseEmailData(noLines)).toThrow(/order\.lines: at least one entry/);
    const method = previewEmail('order-placed-card') as unknown as { payment: { method: string } };
    method.payment.method = 'crypto';
    expect(() => parseEmailData(method)).toThrow(
      /payment\.method: one of 'card', 'bank_transfer', 'custom'/,
    );
  });

  it('has a check for every kind', () => {
    for (const kind of EMAIL_KINDS satisfies readonly EmailKind[]) {
      expect(() => parseEmailData({ kind })).toThrow(EmailDataError);
    }
  });
});

describe('formatting', () => {
  it('formats decimal strings exactly, in the order currency', () => {
    expect(formatMoney('475.00')).toBe('$475.00');
    expect(formatMoney('1250.5', 'GBP')).toBe('£1,250.50');
    expect(formatMoney('12345678901234.99')).toBe('$12,345,678,901,234.99');
    expect(() => formatMoney('1e3')).toThrow(RangeError);
  });

  it('writes dates in words, in UTC', () => {
    expect(formatDate('2026-11-23T23:30:00-05:00')).toBe('24 November 2026');
    expect(formatDateTime('2026-11-25T09:30:00Z')).toBe('25 November 2026, 09:30 UTC');
  });

  it('shows every amount of a euro order in euros', async () => {
    const data = previewEmail('order-placed-bank-transfer');
    data.order.currency = 'EUR';
    const email = await renderEmail(data);
    expect(email.text).toMatch(/^Total: €475\.00$/m);
    expect(visible(email.html)).not.toContain('$');
    expect(email.text).not.toContain('$');
  });
});

describe('the samples', () => {
  it('add up (lines, subtotal, shipping, total), so the previews do not teach wrong sums', () => {
    for (const data of Object.values(PREVIEW_EMAILS)) {
      const { order } = data;
      let subtotal = 0;
      for (const line of order.lines) {
        const lineTotal = parseDecimalToMinorUnits(line.lineTotal);
        expect(parseDecimalToMinorUnits(line.unitPrice) * line.quantity).toBe(lineTotal);
        subtotal += lineTotal;
      }
      expect(subtotal).toBe(parseDecimalToMinorUnits(order.subtotal));
      const shipping =
        order.shipping?.kind === 'charged' ? parseDecimalToMinorUnits(order.shipping.amount) : 0;
      expect(subtotal + shipping).toBe(parseDecimalToMinorUnits(order.total));
    }
  });
});
