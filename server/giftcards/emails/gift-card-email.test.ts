import { renderGiftCardEmail } from './gift-card-email.tsx';
import { previewEmail } from '../../orders/emails/preview-data.ts';
import { renderEmail } from '../../orders/emails/render-email.ts';
import type { GiftCardEmailData } from './gift-card-email-data.ts';

const data: GiftCardEmailData = {
  kind: 'gift_card',
  shop: {
    name: 'Ember & Oak',
    shopUrl: 'https://emberandoak.example/',
    contactEmail: 'hello@emberandoak.example',
  },
  recipientName: 'Grace',
  fromName: 'Ada Lovelace',
  message: 'For the knife you wanted.',
  code: 'GIFT-9D7V-C76J-ZF8J-G9TQ-5MGB',
  amount: '85.00',
  currency: 'USD',
  balanceUrl: 'https://emberandoak.example/gift-cards/balance',
};

describe("a gift card's e-mail", () => {
  it('gives the recipient the amount, the message, the code and the balance page', async () => {
    const email = await renderGiftCardEmail(data);
    expect(email.subject).toBe('A gift card from Ada Lovelace: $85.00');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('GIFT-9D7V-C76J-ZF8J-G9TQ-5MGB');
      expect(part).toContain('For the knife you wanted.');
      expect(part).toContain('https://emberandoak.example/gift-cards/balance');
    }
    expect(email.text).toContain(
      'Ada Lovelace sent you a gift card of $85.00 to spend at Ember & Oak.',
    );
  });

  it('refuses data that is not a gift card e-mail', async () => {
    await expect(renderGiftCardEmail({ ...data, amount: 'lots' })).rejects.toThrow(/amount/);
  });
});

describe('the order e-mail of an order gift cards paid', () => {
  it('says what they paid, and gives no payment instructions when nothing is left', async () => {
    const placed = previewEmail('order-placed-bank-transfer');
    const paid = await renderEmail({ ...placed, giftCards: { paid: '45.00', due: '0.00' } });
    expect(paid.text).toContain(
      'Gift cards paid $45.00: nothing is left to pay, and your order is paid.',
    );
    const part = await renderEmail({ ...placed, giftCards: { paid: '20.00', due: '25.00' } });
    expect(part.text).toContain('Gift cards paid $20.00; $25.00 is left to pay.');
    const plain = await renderEmail(placed);
    expect(plain.text).not.toContain('Gift cards paid');
    // The bank details go only with something left to pay.
    expect(part.text).toContain('IBAN');
    expect(paid.text).not.toContain('IBAN');
  });
});
