/**
 * The e-mails the shop gets about its orders, as the maker reads them: an order paid, an order
 * awaiting a bank transfer or the shop's own method, and a refund needed by hand or done
 * automatically. Sample data: preview-data.ts.
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_EMAILS, previewEmail } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import { expectAddress, expectOrderEssentials, flat, renderPreview } from '../../test/emails.ts';

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
