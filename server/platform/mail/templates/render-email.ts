/**
 * Turns an order e-mail's data into what the mailer sends: a subject, an HTML part and a
 * plain-text part. The order module imports this module lazily, on its first e-mail, so an
 * idle API process never loads React Email; each component comes from its own package rather
 * than the `@react-email/components` barrel, which would also load Tailwind and a code
 * highlighter (about 27 MB more RSS and a second more on the first e-mail).
 *
 * Rendering is `renderToStaticMarkup` followed by what React Email's `render()` does to its
 * output (drop React's image preload links, add the XHTML doctype, and for the text part its
 * `toPlainText` conversion), rather than `render()` itself: `render()` goes through React's
 * streaming renderer, which on Node 20 with React 19.3 keeps every render's request reachable
 * (from a web ReadableStream left in Node's cleanup queue): about 60 KB of heap per e-mail,
 * never freed, in a module that lives as long as the API process. The templates never suspend,
 * so the streaming renderer has nothing to add.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toPlainText } from '@react-email/render';
import type { EmailData, EmailDataOf, EmailKind } from './email-kinds.ts';
import { parseEmailData } from './email-data-guard.ts';
import type { EmailProps } from './layout.tsx';
import {
  ShopOrderAwaitingPaymentEmail,
  ShopOrderPaidEmail,
  ShopRefundNeededEmail,
} from './shop-emails.tsx';
import { OrderClosedEmail, OrderPlacedEmail, PaymentReceivedEmail } from './shopper-emails.tsx';
import { LatePaymentRefundEmail, OrderRefundedEmail } from './shopper-refund-emails.tsx';
import {
  OrderCanceledByShopEmail,
  OrderReadyToCollectEmail,
  OrderShippedEmail,
  PaymentReminderEmail,
} from './staff-move-emails.tsx';
import { ShopAwaitingPaymentsDigestEmail } from './shop-digest-email.tsx';
import { CancellationRequestedEmail } from './cancellation-emails.tsx';
import { subjectOf } from './subjects.ts';

/** The component of every kind. */
export const EMAIL_COMPONENTS: { [K in EmailKind]: ComponentType<EmailProps<EmailDataOf<K>>> } = {
  order_placed: OrderPlacedEmail,
  payment_received: PaymentReceivedEmail,
  order_closed: OrderClosedEmail,
  late_payment_refund: LatePaymentRefundEmail,
  shop_order_paid: ShopOrderPaidEmail,
  shop_order_awaiting_payment: ShopOrderAwaitingPaymentEmail,
  shop_refund_needed: ShopRefundNeededEmail,
  order_refunded: OrderRefundedEmail,
  order_shipped: OrderShippedEmail,
  order_ready_to_collect: OrderReadyToCollectEmail,
  order_canceled_by_shop: OrderCanceledByShopEmail,
  payment_reminder: PaymentReminderEmail,
  shop_awaiting_payments_digest: ShopAwaitingPaymentsDigestEmail,
  cancellation_requested: CancellationRequestedEmail,
};

/** A rendered e-mail, ready for the mailer. */
export interface RenderedEmail {
  /** One line, at most a few words from the data (never a line break). */
  subject: string;
  /** A complete XHTML 1.0 Transitional document with inline styles, UTF-8. */
  html: string;
  /** The same message as plain text, lines separated by "\n", ending with one "\n". */
  text: string;
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
 * Renders one order e-mail. Asynchronous although today's work is synchronous (about 5 ms),
 * so a template that one day needs to load something does not change the callers.
 * @param data the e-mail's data, as stored in the outbox (checked again here: a row written by
 *   an older release, or edited by hand, fails loudly instead of sending a broken message)
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not a valid `EmailData` (permanent: do not retry)
 */
export async function renderEmail(data: EmailData): Promise<RenderedEmail> {
  const checked = parseEmailData(data);
  const Component = EMAIL_COMPONENTS[checked.kind] as ComponentType<EmailProps<EmailData>>;
  const html = `${DOCTYPE}${markup(createElement(Component, { data: checked }))}`;
  const text = toPlainText(
    markup(createElement(Component, { data: checked, textMode: true })),
    TEXT_OPTIONS,
  );
  return { subject: subjectOf(checked), html, text: tidyText(text) };
}

/**
 * Renders an e-mail component outside the order e-mails' `EmailData` (the back office's, in
 * ./render-staff-email.ts) exactly as {@link renderEmail} renders an order e-mail: the same
 * doctype, markup clean-up and plain-text conversion. The caller has checked `data`.
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
