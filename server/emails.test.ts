/**
 * What a sent e-mail's outbox row keeps (server/emails.ts `withoutCredentials`): no gift card
 * code and no one-time link, and everything else as queued. A pure function: SQLite's run only.
 */
import { withoutCredentials } from './emails.ts';

describe('a sent e-mail’s row', () => {
  it('blanks the gift card’s code and every one-time link, and keeps the rest', () => {
    expect(
      withoutCredentials({
        kind: 'gift_card',
        code: 'GIFT-ABCD-EFGH-JKMN-PQRS-TVWX',
        amount: '50.00',
        recipientName: 'Ada',
      } as never),
    ).toEqual({ kind: 'gift_card', code: '', amount: '50.00', recipientName: 'Ada' });
    for (const [kind, key] of [
      ['back_in_stock_confirm', 'confirmUrl'],
      ['staff_invitation', 'acceptUrl'],
      ['staff_password_reset', 'resetUrl'],
    ] as const) {
      const kept = withoutCredentials({
        kind,
        [key]: 'https://shop.example/x?token=secret',
        shop: { name: 'Ember & Oak' },
      } as never) as unknown as Record<string, unknown>;
      expect(kept).toEqual({ kind, [key]: '', shop: { name: 'Ember & Oak' } });
    }
  });

  it('keeps an e-mail without a credential as it was', () => {
    const order = { kind: 'order_placed', order: { number: 'ORD-7K3F-9QXD' } };
    expect(withoutCredentials(order as never)).toBe(order);
  });
});
