import { renderGiftCardEmail } from './gift-card-email.tsx';
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
