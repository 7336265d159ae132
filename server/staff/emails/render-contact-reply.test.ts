/**
 * The shop's answer to a contact message: subject "Re: <subject>", the answer, then the
 * original message quoted with when it was sent, in the HTML and in the text part; what the
 * shopper typed is escaped; an answer to it goes back to the shop.
 */
import { renderStaffEmail } from './render-staff-email.ts';
import type { ContactReplyEmailData } from './staff-email-data.ts';

const data: ContactReplyEmailData = {
  kind: 'contact_reply',
  shop: {
    name: 'Ember & Oak',
    shopUrl: 'https://shop.example/',
    contactEmail: 'hello@shop.example',
  },
  customerName: 'Sam <b>Kerr</b>',
  subject: 'Engraving\na gyuto',
  reply: 'Yes, we can.\nOrder the gyuto first.',
  original: {
    message: 'Can you engrave it?\n<script>alert(1)</script>',
    sentAt: '2026-11-22T10:15:00Z',
  },
};

describe('the reply to a contact message', () => {
  it('answers with the subject, the reply and the original quoted, escaped', async () => {
    const email = await renderStaffEmail(data);
    expect(email.subject).toBe('Re: Engraving a gyuto');
    expect(email.text).toContain('Yes, we can.\nOrder the gyuto first.');
    expect(email.text).toContain('> Can you engrave it?\n> <script>alert(1)</script>');
    expect(email.html).toContain('Order the gyuto first.');
    expect(email.html).toContain('Can you engrave it?');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Kerr</b>');
  });

  it("is answered back to the shop's contact address", async () => {
    expect((await renderStaffEmail(data)).replyTo).toBe('hello@shop.example');
  });
});
