/**
 * The data an order e-mail is rendered from (stored as JSON in the outbox): `parseEmailData`
 * accepts every sample and names every bad field; money and dates are written as the recipient
 * reads them; and the samples themselves add up. Sample data: preview-data.ts.
 */
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../../../common/money.ts';

const cents = (amount: string) => toMinorUnits(amount) ?? Number.NaN;
import { EMAIL_KINDS, type EmailKind } from './email-kinds.ts';
import { parseEmailData } from './email-data-guard.ts';
import { EmailDataError } from '../../platform/mail/templates/json-checks.ts';
import { formatDate, formatDateTime, formatMoney } from '../../platform/mail/templates/format.ts';
import { PREVIEW_BANK_DETAILS, PREVIEW_EMAILS, previewEmail } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import { visible } from '../../test/emails.ts';

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
      // The shop's daily list names orders, not their lines.
      if (!('order' in data)) continue;
      const { order } = data;
      let subtotal = 0;
      for (const line of order.lines) {
        const lineTotal = cents(line.lineTotal);
        expect(cents(line.unitPrice) * line.quantity).toBe(lineTotal);
        subtotal += lineTotal;
      }
      expect(subtotal).toBe(cents(order.subtotal));
      const shipping = order.shipping?.kind === 'charged' ? cents(order.shipping.amount) : 0;
      expect(subtotal + shipping).toBe(cents(order.total));
    }
  });
});
