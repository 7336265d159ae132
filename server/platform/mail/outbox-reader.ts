/**
 * Reading the outbox: the tests, and a developer without a mail server, take the
 * password-reset link out of an `.eml` file that server/platform/mail/mailer.ts wrote.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The text of a message body as sent: quoted-printable soft line breaks (`=` at a line's end)
 * joined and `=XX` escapes decoded; 7bit text comes back unchanged.
 */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link to storefront page `page` carrying a token (`/page?token=...`) in an `.eml`'s text, or null. */
function tokenLinkOf(eml: string, page: string): string | null {
  const match = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_%-]+`).exec(
    decodeQuotedPrintable(eml),
  );
  return match ? match[0] : null;
}

/** The first `/reset-password?token=...` link in an `.eml` file's text, or null. */
export const resetLinkOf = (eml: string): string | null => tokenLinkOf(eml, 'reset-password');

/** The first `/verify-email?token=...` link in an `.eml` file's text, or null. */
export const verificationLinkOf = (eml: string): string | null => tokenLinkOf(eml, 'verify-email');

/**
 * The `.eml` files of the outbox addressed to `to` (case-insensitive), oldest first, as text;
 * an empty list when the folder does not exist yet.
 */
export async function outboxMessagesTo(outboxDir: string, to: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const wanted = to.toLowerCase();
  const messages: string[] = [];
  for (const name of names) {
    const text = await readFile(join(outboxDir, name), 'utf8');
    const header = /^To: (.*)$/im.exec(text.split(/\r?\n\r?\n/)[0] ?? '');
    if (header && header[1]!.toLowerCase().includes(wanted)) messages.push(text);
  }
  return messages;
}

/**
 * The decoded body of the first part of an `.eml` with this content type (`text/html`,
 * `text/plain`), or null: the message's boundary splits the parts, and a quoted-printable part
 * is decoded.
 */
export function partOf(eml: string, contentType: string): string | null {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(eml)?.[1];
  const parts = boundary ? eml.split(`--${boundary}`) : [eml];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split === -1) continue;
    const headers = part.slice(0, split);
    if (!new RegExp(`^Content-Type: ${contentType}\\b`, 'im').test(headers)) continue;
    const body = part.slice(split).trim();
    return /^Content-Transfer-Encoding: quoted-printable/im.test(headers)
      ? Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8')
      : body;
  }
  return null;
}
