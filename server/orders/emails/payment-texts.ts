/**
 * What the order e-mails say about each offline payment method (its money moves outside this
 * server: a bank transfer, the shop's own method), in one table: an offline method's e-mail
 * text is its entry here, and the templates (shopper-emails.tsx, shop-emails.tsx, subjects.ts)
 * show whichever entry the data names. The card method is paid on the order page rather than
 * by instructions, so its few words are the templates' own.
 *
 * The keys are the contract's PaymentMethod values (server/orders/order-emails.ts fails the type
 * check when a method of the contract other than the card one has no entry); the data guard
 * names them in this order.
 *
 * Words name values in braces, filled in where they are shown (format.ts, `fillWords`):
 * {number} the order number, {total} the order's total, {label} the method's name (the shop's
 * own for a method it names, else the entry's `name`), {shop} the shop's name, {customer} the
 * customer's name, {deadline} when the order must be paid by, {reference} the order number as a
 * payment reference. In an e-mail's body {number}, {total} and {deadline} are bold; in subjects
 * and previews every value is plain text. Each text below says which values it may name.
 */

/** The words of one offline method. */
export interface OfflineMethodTexts {
  /** The method's name when the shop gives it none: "Bank transfer". */
  name: string;
  /** To the shopper, in the order-placed e-mail's section on how to pay. */
  shopper: {
    /** The preview line under the subject ({number}, {total}, {label}). */
    preview: string;
    /** The section's heading ({label}). */
    heading: string;
    /** The paragraph before the instructions ({number}, {total}, {label}). */
    intro: string;
    /** The title of the box holding the instructions ({shop}, {label}). */
    instructionsTitle: string;
    /** A bold line at the foot of that box ({reference}). */
    instructionsFooter?: string;
    /**
     * Paragraphs after the box ({number}, {total}, {label}, {deadline}); one naming {deadline} is
     * left out when the order has no deadline.
     */
    after: readonly string[];
    /**
     * True: the section closes with the reminder every unpaid order's e-mail has ("If the payment
     * hasn't reached us by …"), when the order has a deadline. False when `after` says it.
     */
    remindsDeadline: boolean;
  };
  /** To the shop, in the e-mail about an order waiting for its money. */
  shop: {
    /** The subject, after the shop's name in brackets ({number}, {label}). */
    subject: string;
    /** The e-mail's heading ({label}). */
    heading: string;
    /** The preview line under the subject ({customer}, {number}, {total}, {label}). */
    preview: string;
    /** How the customer will pay, after "will pay $475.00" ({label}): "by bank transfer". */
    payBy: string;
    /** True: the e-mail repeats the instructions the customer was given. */
    showsInstructions: boolean;
  };
}

/** Every offline method's words, by its contract value. */
export const OFFLINE_PAYMENT_TEXTS = {
  bank_transfer: {
    name: 'Bank transfer',
    shopper: {
      preview:
        'Order {number} is reserved for you. Please transfer {total}, with {number} as the reference.',
      heading: 'Pay by bank transfer',
      intro: 'Please transfer {total} to this account:',
      instructionsTitle: 'Bank details',
      instructionsFooter: 'Payment reference: {reference}',
      after: [
        'Use your order number {number} as the payment reference, so we can match your transfer to your order.',
        "We'll process your order once the transfer arrives. It must reach us by {deadline}; otherwise the order will be cancelled and its items will no longer be reserved for you.",
      ],
      remindsDeadline: false,
    },
    shop: {
      subject: 'New bank-transfer order {number}',
      heading: 'New order awaiting bank transfer',
      preview:
        '{customer} placed order {number} for {total}, to pay by bank transfer. Watch for the reference {number}.',
      payBy: 'by bank transfer',
      showsInstructions: false,
    },
  },
  custom: {
    name: 'Other Payment Method',
    shopper: {
      preview: 'Order {number} is reserved for you. Here is how to pay {total} ({label}).',
      heading: 'How to pay: {label}',
      intro: 'Please pay {total} as described here, and mention your order number {number}.',
      instructionsTitle: 'Instructions from {shop}',
      after: [],
      remindsDeadline: true,
    },
    shop: {
      subject: 'New order {number} awaiting payment ({label})',
      heading: 'New order awaiting payment: {label}',
      preview:
        '{customer} placed order {number} for {total}, to pay by {label}. Watch for the reference {number}.',
      payBy: 'with {label}',
      showsInstructions: true,
    },
  },
} satisfies Record<string, OfflineMethodTexts>;

/** An offline method the e-mails know: a key of `OFFLINE_PAYMENT_TEXTS`. */
export type OfflineMethod = keyof typeof OFFLINE_PAYMENT_TEXTS;

/** Every offline method, in the table's order. */
export const OFFLINE_METHODS = Object.keys(OFFLINE_PAYMENT_TEXTS) as OfflineMethod[];

/** The words of `method`. */
export function offlineTexts(method: OfflineMethod): OfflineMethodTexts {
  return OFFLINE_PAYMENT_TEXTS[method];
}
