/**
 * The e-mails a shopper gets about an order, as they read them: order placed (bank transfer,
 * card, the shop's own method), payment received, order closed, and a late payment refunded.
 * Sample data: preview-data.ts.
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_BANK_DETAILS, PREVIEW_EMAILS, previewEmail } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import {
  expectAddress,
  expectOrderEssentials,
  flat,
  renderPreview,
  visible,
} from '../../test/emails.ts';

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

describe('order_refunded', () => {
  it('part, by card: the amount back to the card, the shop’s note, what was refunded in all', async () => {
    const email = await renderPreview('order-refunded-partly-by-card');
    expect(flat(email.html)).toContain("We've refunded part of your order");
    expect(flat(email.html)).toContain(
      "We've refunded $90.00 of your order ORD-7K3F-9QXD to the card you paid with.",
    );
    // The shop's note keeps its line break.
    expect(email.html).toContain(
      'One of the two tea mugs arrived chipped.<br/>We are sorry: keep it, with our apologies.',
    );
    expect(email.text).toMatch(/^A note from Ember & Oak$/im);
    expect(email.text).toMatch(/^Refund: \$90\.00$/m);
    expect(email.text).toMatch(/^Refunded to: The card you paid with$/m);
    expect(email.text).toMatch(/^Refunded in all: \$90\.00 of \$475\.00 paid$/m);
  });

  it('in full, by hand: the shop sends it back the way the shopper paid', async () => {
    const email = await renderPreview('order-refunded-in-full-by-hand');
    expect(flat(email.html)).toContain('Your order has been refunded');
    expect(flat(email.html)).toContain(
      "We're refunding $385.00 of your order ORD-7K3F-9QXD. We'll send it back to you the way you paid",
    );
    expect(email.text).toMatch(/^Refunded to: You, the way you paid$/m);
    expect(email.text).toMatch(/^Refunded in all: \$475\.00 of \$475\.00 paid$/m);
  });

  it('back on a gift card: names the card by its last four, never says card or by hand', async () => {
    const email = await renderPreview('order-refunded-to-gift-card');
    expect(flat(email.html)).toContain(
      "We've put $60.00 of your order ORD-7K3F-9QXD back on your gift card ending Q7XK.",
    );
    expect(email.text).toMatch(/^Refunded to: Your gift card ending Q7XK$/m);
    expect(email.text).not.toContain('the card you paid with');
    expect(email.text).not.toContain('the way you paid');
  });
});
