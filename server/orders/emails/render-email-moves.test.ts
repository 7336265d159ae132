/**
 * The e-mails of the back office's moves, as the shopper and the shop read them: a parcel on
 * its way (its tracking link, "Adult signature required"), a collection ready (where and when,
 * proof of age), an order the shop canceled (why, and the refund), a reminder before the
 * deadline, and the shop's daily list of orders awaiting payment. Sample data:
 * preview-data-moves.ts.
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_EMAILS } from './preview-data.ts';
import { expectOrderEssentials, flat, renderPreview, visible } from '../../test/emails.ts';

describe('the back office e-mails', () => {
  it('order_shipped: carrier, number, a button to the tracking page, what the parcel holds', async () => {
    const email = await renderPreview('order-shipped-royal-mail');
    expect(flat(email.html)).toContain(
      "Good news: we've sent your order ORD-C8RD-4PAY with Royal Mail.",
    );
    expect(email.html).toMatch(
      /<a href="https:\/\/www\.royalmail\.com\/track-your-item#\/tracking-results\/AB123456789GB"[^>]*>.*?Track your parcel/,
    );
    expect(email.text).toMatch(/^Carrier: Royal Mail$/m);
    expect(email.text).toMatch(/^Tracking number: AB123456789GB$/m);
    expect(email.text).toMatch(/^1 × Moorland at Dusk, watercolour$/m);
    expect(visible(email.html)).not.toContain('Adult signature required');
    expect(visible(email.html)).not.toContain('The rest of your order follows');
    expectOrderEssentials(email, PREVIEW_EMAILS['order-shipped-royal-mail']);
  });

  it('order_shipped, part of an age-restricted order: "Adult signature required", more to come', async () => {
    const email = await renderPreview('order-shipped-adult-signature');
    expect(flat(email.html)).toContain('Adult signature required');
    expect(flat(email.html)).toContain('the carrier hands it only to an adult who signs for it');
    expect(flat(email.html)).toContain('The rest of your order follows separately');
    // The number's space is encoded in the link, and kept as the carrier printed it in words.
    expect(email.html).toContain('href="https://track.dpd.co.uk/parcels/15501%202345%206789"');
    expect(email.text).toMatch(/^Tracking number: 15501 2345 6789$/m);
  });

  it('order_ready_to_collect: the workshop, its hours, proof of age', async () => {
    const email = await renderPreview('order-ready-to-collect');
    expect(email.text).toContain(
      'The Forge (workshop and showroom)\n12 Forge Lane, Sheffield S1 2AB, United Kingdom\nPhone: +44 114 496 0000',
    );
    expect(email.text).toContain('Tuesday to Saturday, 10:00-17:00');
    expect(flat(email.html)).toContain('Proof of age required');
    expect(email.text).toMatch(/^2 × Tenmoku Tea Mug$/m);
  });

  it("order_canceled_by_shop: the shop's reason, and the refund of a paid order or none", async () => {
    const paid = await renderPreview('order-canceled-by-shop-paid');
    expect(paid.html).toContain(
      'The walnut for your handle cracked in drying, and we cannot make the knife before Christmas.<br/>We are very sorry.',
    );
    expect(flat(paid.html)).toContain(
      "We're refunding your payment of $475.00 in full, to the card or account it came from",
    );
    const unpaid = await renderPreview('order-canceled-by-shop-unpaid');
    expect(flat(unpaid.html)).toContain('This painting was sold at the gallery the same morning.');
    expect(flat(unpaid.html)).toContain('Nothing was charged.');
    expect(flat(unpaid.html)).not.toContain('refunding');
  });

  it('payment_reminder: the amount still due, how to pay, by when', async () => {
    const email = await renderPreview('payment-reminder-bank-transfer');
    expect(flat(email.html)).toContain("we haven't received your payment of $475.00 yet");
    expect(email.text).toMatch(/^Payment reference: ORD-7K3F-9QXD$/m);
    expect(flat(email.html)).toContain('It must reach us by 29 November 2026, 09:30 UTC');
  });

  it('shop_awaiting_payments_digest: each order with its customer, total, method and deadline', async () => {
    const email = await renderPreview('shop-awaiting-payments-digest');
    expect(email.text).toMatch(
      /^ORD-7K3F-9QXD: Ada Lovelace, \$475\.00 \(Bank transfer\)\. Expires 29 November 2026, 09:30 UTC\. Open \(https:\/\/emberandoak\.example\/admin\/orders\/ORD-7K3F-9QXD\)$/m,
    );
    expect(email.text).toMatch(/^ORD-M4TP-2WQH: Grace Hopper, \$258\.50 \(Pay at the workshop\)/m);
    expect(email.text).toContain(
      'Open the orders awaiting payment: https://emberandoak.example/admin/orders?status=awaiting_payment',
    );
  });
});
