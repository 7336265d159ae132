/**
 * Every offline payment method's e-mails, from its words in payment-texts.ts and the same
 * samples (preview-data.ts, `offlinePreviews`): the shopper's how-to-pay and the shop's order to
 * watch for name the method, carry the shop's instructions and the deadline, and leave no value
 * unfilled, so a method added to the table is checked without a test of its own.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../platform/mail/templates/format.ts';
import { OFFLINE_METHODS, offlineTexts } from './payment-texts.ts';
import { offlinePreviews, PREVIEW_INSTRUCTIONS } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import { flat, visible } from '../../test/emails.ts';

const [FIRST_LINE, SECOND_LINE] = PREVIEW_INSTRUCTIONS.split('\n') as [string, string];
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(OFFLINE_METHODS)('the %s e-mails', (method) => {
  const words = offlineTexts(method);
  const [placed, awaiting] = offlinePreviews(method);
  const deadline = formatDateTime(placed.payment.expiresAt ?? '');

  it('tell the shopper how to pay: the instructions, the deadline, the order page', async () => {
    const email = await renderEmail(placed);
    expect(email.subject).toBe(`Your order ${placed.order.number} at Ember & Oak`);
    expect(email.html).toContain(`${FIRST_LINE}<br/>${SECOND_LINE}`);
    expect(email.text).toContain(`${FIRST_LINE}\n${SECOND_LINE}`);
    expect(flat(email.html)).toContain(deadline);
    expect(email.text).toMatch(/^View your order: https:\/\/emberandoak\.example\//m);
    for (const part of [visible(email.html), email.text]) expect(part).not.toMatch(/\{\w+\}/);
  });

  it('tell the shop which method to watch for, under its name', async () => {
    const email = await renderEmail(awaiting);
    expect(email.subject).toMatch(/^\[Ember & Oak\] /);
    expect(email.subject).not.toMatch(/[{}\n]/);
    expect(email.text).toMatch(new RegExp(`^Payment method: ${literally(words.name)}$`, 'm'));
    expect(email.text).toMatch(new RegExp(`^Must be paid by: ${literally(deadline)}$`, 'm'));
    expect(email.text.includes(FIRST_LINE)).toBe(words.shop.showsInstructions);
    for (const part of [visible(email.html), email.text]) expect(part).not.toMatch(/\{\w+\}/);
  });
});
