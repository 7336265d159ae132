/**
 * Escaping in the order e-mails: text from shoppers and shops (product names, options, bank
 * details, names) stays text in the HTML part and intact in the text part, a javascript: link is
 * refused, and no template sets inner HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EmailDataError } from '../../platform/mail/templates/json-checks.ts';
import { previewEmail } from './preview-data.ts';
import { renderEmail } from './render-email.ts';
import { visible } from '../../test/emails.ts';

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

  it('never sets inner HTML in a template, nor in the frame and blocks every e-mail shares', () => {
    // The order e-mails', the back office's, and the platform's shared frame and blocks.
    for (const folder of ['./', '../../staff/emails/', '../../platform/mail/templates/']) {
      const dir = new URL(folder, import.meta.url);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
        expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toContain(
          'dangerouslySetInnerHTML',
        );
      }
    }
  });
});
