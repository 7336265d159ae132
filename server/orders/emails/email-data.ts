/**
 * The data of the shop's order e-mails: what the order module stores as JSON in its outbox and
 * hands to `renderEmail` when it sends. These types are the interface between the two, so they
 * are plain JSON (no Date, no class, no undefined inside arrays) and self-contained: every word
 * and number an e-mail shows is in its data; the templates read nothing else.
 *
 * Units: money is a decimal string in the order's currency ("475.00", never a float); times
 * are ISO 8601 strings, in UTC ("2026-11-23T14:05:00Z"); URLs are absolute http(s).
 *
 * Evolving the data: an outbox row may be written by one release and sent by the next, so a
 * field is only ever added as optional, and a change of meaning is a new `kind`. Unknown fields
 * are ignored by `parseEmailData`, so an older reader never rejects newer data.
 *
 * What every e-mail says of the shop that sends it (`EmailShop`, its colours) and how a time is
 * written (`IsoDateTime`) are the platform's (server/platform/mail/templates/email-shop.ts),
 * shared with the back office's e-mails to people (server/staff/emails/).
 *
 * The guard that checks stored data against these types is ./email-data-guard.ts. What is said
 * about each offline payment method is ./payment-texts.ts. The back office's e-mails' data is
 * ./staff-move-email-data.ts, the data of each kind of order e-mail ./order-email-data.ts, and the
 * union of every kind ./email-kinds.ts.
 */
import type { EmailShop, IsoDateTime } from '../../platform/mail/templates/email-shop.ts';
import { offlineTexts, type OfflineMethod } from './payment-texts.ts';

/** A decimal string with the order's minor units: "475.00", "0.00". Never a number. */
export type Money = string;

/** The person who placed the order. */
export interface EmailCustomer {
  /** As given at checkout ("Ada Lovelace"); used in the greeting. */
  name: string;
  email: string;
}

/** One chosen option of a line, already in words: `{ label: 'Handle', value: 'Ebony' }`. */
export interface LineOption {
  label: string;
  value: string;
}

/** A line of the order, with the name and prices as they were when it was placed. */
export interface EmailOrderLine {
  name: string;
  /** Whole pieces, at least 1. */
  quantity: number;
  unitPrice: Money;
  /** unitPrice x quantity, as the order module computed it in minor units. */
  lineTotal: Money;
  /** The chosen options, in the order to show them. Absent or empty: none shown. */
  options?: LineOption[];
  /** Short remarks about this line: "Made to order: ships in 3–4 weeks". */
  notes?: string[];
  /** An absolute http(s) URL of a small square thumbnail (shown 64 x 64) in the shopper's e-mails. */
  imageUrl?: string;
  /**
   * The piece's warnings and safety information (EU GPSR art. 19(d); decision 083) as the shop
   * had them when the e-mail was written, plain text with line breaks, and the text of its
   * pictogram ("Warning: sharp edge"). Absent: the piece has none.
   */
  safety?: { warnings: string; pictogram?: string };
}

/** Shipping as charged: absent on the order means no shipping line is shown at all. */
export type EmailShipping =
  | {
      kind: 'charged';
      amount: Money;
      /** The service, shown beside the word Shipping: "Royal Mail Tracked 48". */
      method?: string;
    }
  | { kind: 'free'; method?: string };

/** The delivery address, as the order holds it (the contract's DeliveryAddress). */
export interface EmailAddress {
  fullName: string;
  /** May hold line breaks; they are kept. Blank (like city and postalCode) when collected. */
  street: string;
  city: string;
  /** State, county or province, when the country uses one. */
  region?: string;
  postalCode: string;
  country: string;
  /** The contact number given at checkout. */
  phone?: string;
  /** Nothing is delivered (every line is collected): the block names who collects. */
  collected?: boolean;
}

/** The order as every e-mail about it shows it. */
export interface EmailOrder {
  /** The human-readable number, also the bank transfer's payment reference: "ORD-7K3F-9QXD". */
  number: string;
  placedAt: IsoDateTime;
  /** ISO 4217, upper case; "USD" when absent. Every amount of the e-mail is in it. */
  currency?: string;
  /** At least one line. */
  lines: EmailOrderLine[];
  subtotal: Money;
  /**
   * The discount code the order used and what it took off the goods (issue 42), its own line
   * between the subtotal and the shipping. Absent: none.
   */
  discount?: { code: string; amount: Money };
  shipping?: EmailShipping;
  total: Money;
  /**
   * Whether the total includes VAT, as a sentence under it: "Includes VAT at 20%: $82.75." or
   * "No VAT is charged.". Absent: nothing is said.
   */
  vatNote?: string;
  deliveryAddress: EmailAddress;
  /** Remarks about the whole order: "This parcel needs an adult's signature on delivery." */
  orderNotes?: string[];
}

/**
 * A payment method as the e-mails tell them apart: 'card' (the contract's `card_2c2p`, through
 * whichever card provider), or an offline method by its contract value (./payment-texts.ts).
 */
export type PaymentMethodKind = 'card' | OfflineMethod;

/** How a card order that is waiting for its payment is paid: on its order page. */
export interface CardPaymentInstructions {
  method: 'card';
  /** When the unpaid order is cancelled and its items released; no sentence when absent. */
  expiresAt?: IsoDateTime;
}

/**
 * How an order of an offline method is paid: the shop's instructions, under the method's name.
 * Every offline method but the bank transfer (see `BankTransferInstructions`) has this shape.
 */
export interface OfflinePaymentInstructions {
  method: Exclude<OfflineMethod, 'bank_transfer'>;
  /** The method's name: the shop's own ("Pay at the workshop"), else its words' `name`. */
  label: string;
  /** The shop's instructions, line breaks kept. */
  instructions: string;
  /** The shop's page where this method is paid, when it has one. */
  paymentUrl?: string;
  /** The money must arrive by then, or the order is cancelled; no sentence when absent. */
  expiresAt?: IsoDateTime;
}

/**
 * How a bank-transfer order is paid. Its shape is older than `OfflinePaymentInstructions` and
 * kept for the rows already in the outbox: the instructions are `bankDetails`, the name is its
 * words' (`Bank transfer`), and the deadline is always set. Read it through `offlineTermsOf`.
 */
export interface BankTransferInstructions {
  method: 'bank_transfer';
  /**
   * The shop's bank details as the shop wrote them, line breaks kept:
   * "Account name: Ember & Oak Workshop Ltd\nIBAN: GB33 BUKB 2020 1555 5555 55".
   * The payment reference is always the order number.
   */
  bankDetails: string;
  /** The transfer must arrive by then, or the order is cancelled. */
  expiresAt: IsoDateTime;
}

/** How an order that is waiting for its payment is paid (the order-placed e-mails). */
export type EmailPaymentInstructions =
  CardPaymentInstructions | BankTransferInstructions | OfflinePaymentInstructions;

/** How an order of any offline method is paid. */
export type OfflineInstructions = BankTransferInstructions | OfflinePaymentInstructions;

/** An offline method's instructions read alike, whichever shape they are stored in. */
export interface OfflineTerms {
  label: string;
  instructions: string;
  paymentUrl?: string;
  expiresAt?: IsoDateTime;
}

/** The instructions of an offline method's order as `OfflineTerms`. */
export function offlineTermsOf(payment: OfflineInstructions): OfflineTerms {
  if (payment.method !== 'bank_transfer') return payment;
  return {
    label: offlineTexts(payment.method).name,
    instructions: payment.bankDetails,
    expiresAt: payment.expiresAt,
  };
}

/**
 * The order-placed data of an order of offline method `method` (what the order module stores).
 * @param terms `label`: the shop's own name for the method, null for its words' `name`;
 *   `instructions` and `paymentUrl` as the order carries them; `expiresAt` the order's deadline,
 *   if any; `placedAt` stands in for a bank transfer's missing deadline.
 */
export function offlinePaymentInstructions(
  method: OfflineMethod,
  terms: {
    label: string | null;
    instructions: string;
    paymentUrl: string | null;
    expiresAt: IsoDateTime | undefined;
    placedAt: IsoDateTime;
  },
): OfflineInstructions {
  if (method === 'bank_transfer') {
    return {
      method,
      bankDetails: terms.instructions,
      expiresAt: terms.expiresAt ?? terms.placedAt,
    };
  }
  return {
    method,
    label: terms.label ?? offlineTexts(method).name,
    instructions: terms.instructions,
    ...(terms.paymentUrl ? { paymentUrl: terms.paymentUrl } : {}),
    ...(terms.expiresAt ? { expiresAt: terms.expiresAt } : {}),
  };
}

/** A payment that reached the shop. */
export interface EmailPayment {
  amount: Money;
  /** ISO 4217; the order's currency when absent. */
  currency?: string;
  receivedAt: IsoDateTime;
  method: PaymentMethodKind;
  /** The provider or method in words: "Stripe", "2C2P", "Bank transfer", "Pay at the workshop". */
  provider: string;
  /** The provider's id of this payment (Stripe PaymentIntent, 2C2P invoice number). */
  providerRef?: string;
  /** The provider's transaction reference for the books, when there is one. */
  transactionRef?: string;
}

/** Why a payment has to go back. */
export type RefundReason =
  /** It arrived after the shopper cancelled the order. */
  | 'order_canceled'
  /** It arrived after the unpaid order expired. */
  | 'order_expired'
  /** The order was already paid; this is a second payment of it. */
  | 'duplicate_payment';

/** What every e-mail about one order carries. */
export interface EmailBase {
  shop: EmailShop;
  customer: EmailCustomer;
  order: EmailOrder;
  /**
   * The order's page: the shopper's order page in shopper e-mails, the shop's view of the order
   * in the shop's e-mails.
   */
  orderUrl: string;
}

/**
 * The ISO 4217 code of an e-mail's amounts: the order's currency (the list's own for the shop's
 * daily list), "USD" when it names none.
 */
export function currencyOf(data: EmailBase | { currency?: string }): string {
  return ('order' in data ? data.order.currency : data.currency) ?? 'USD';
}
