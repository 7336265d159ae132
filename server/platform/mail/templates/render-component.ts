/**
 * Turns an e-mail component and its data into what the mailer sends: a subject, an HTML part
 * and a plain-text part. Each noun renders its own e-mails through it after checking their data
 * (the orders': server/orders/emails/render-email.ts; the back office's:
 * server/staff/emails/render-staff-email.ts). It is loaded, and React Email with it, with the
 * first e-mail (server/emails.ts), so an idle API process never loads it. Each component comes
 * from its own package rather than the `@react-email/components` barrel, which would also load
 * Tailwind and a code highlighter (about 27 MB more RSS and a second more on the first e-mail).
 *
 * Rendering is `renderToStaticMarkup` followed by what React Email's `render()` does to its
 * output (drop React's image preload links, add the XHTML doctype, and for the text part its
 * `toPlainText` conversion), rather than `render()` itself: `render()` goes through React's
 * streaming renderer, which on Node 20 with React 19.3 keeps every render's request reachable
 * (from a web ReadableStream left in Node's cleanup queue): about 60 KB of heap per e-mail,
 * never freed, in a module that lives as long as the process. The templates never suspend,
 * so the streaming renderer has nothing to add.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toPlainText } from '@react-email/render';
import type { EmailProps } from './layout.tsx';

/** A rendered e-mail, ready for the mailer. */
export interface RenderedEmail {
  /** One line, at most a few words from the data (never a line break). */
  subject: string;
  /** A complete XHTML 1.0 Transitional document with inline styles, UTF-8. */
  html: string;
  /** The same message as plain text, lines separated by "\n", ending with one "\n". */
  text: string;
  /**
   * Where answers go when not to the sender: the shop's own address on its answer to a
   * contact message. Absent for most e-mails.
   */
  replyTo?: string;
}

/**
 * html-to-text writes every heading in capitals; the title keeps its own case so the text part
 * opens like a letter, and only the section headings ("ORDER SUMMARY") stand out in capitals.
 */
const TEXT_OPTIONS: Parameters<typeof toPlainText>[1] = {
  selectors: [
    {
      selector: 'h1',
      format: 'heading',
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: 'h2',
      format: 'heading',
      options: { uppercase: true, leadingLineBreaks: 2, trailingLineBreaks: 1 },
    },
  ],
};

/** React Email's doctype: mail programs render the table layout in standards mode with it. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * React adds `<link rel="preload" as="image">` to the head for every image; mail programs
 * ignore it, so it is only noise (React Email's render drops it the same way).
 */
function stripImagePreloads(html: string): string {
  return html.replace(/<link\b[^>]*>/g, (tag) =>
    /\brel="preload"/.test(tag) && /\bas="image"/.test(tag) ? '' : tag,
  );
}

/** The markup of one e-mail element, as React Email's `render()` would produce it. */
function markup(element: ReactElement): string {
  return stripImagePreloads(renderToStaticMarkup(element));
}

/** Blank runs of more than one empty line become one; the text ends with a single line break. */
function tidyText(text: string): string {
  return `${text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * Renders one e-mail: `Component` with `data`, once for the HTML part and once in text mode
 * for the plain-text part (see ./layout.tsx). Synchronous (about 5 ms). The caller has checked
 * `data`.
 * @returns `{ subject, html, text }`
 */
export function renderComponent<T>(
  Component: ComponentType<EmailProps<T>>,
  data: T,
  subject: string,
): RenderedEmail {
  const html = `${DOCTYPE}${markup(createElement(Component, { data }))}`;
  const text = toPlainText(
    markup(createElement(Component, { data, textMode: true })),
    TEXT_OPTIONS,
  );
  return { subject, html, text: tidyText(text) };
}
