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
 * The guard that checks stored data against these types is ./email-data-guard.ts. What is said
 * about each offline payment method is ./payment-texts.ts. The order desk's e-mails' data is
 * ./desk-email-data.ts, and the union of every kind ./email-kinds.ts.
 */
import { offlineTexts, type OfflineMethod } from './payment-texts.ts';

/** A decimal string with the order's minor units: "475.00", "0.00". Never a number. */
export type Money = string;

/** An ISO 8601 date-time, preferably UTC with `Z`: "2026-11-23T14:05:00Z". */
export type IsoDateTime = string;

/**
 * The shop's colours as `#rgb` or `#rrggbb`. Every one is optional: a missing or malformed
 * colour falls back to the storefront's palette (src/styles/tokens.css), and a colour that
 * would put text below WCAG AA contrast is replaced by a safe one (see theme.ts).
 */
export interface EmailThemeInput {
  /** Buttons, links, the rule above the card. Storefront: copper #9a4a1c. */
  accent?: string;
  /** Text on an accent button. Chosen for contrast when absent. */
  accentContrast?: string;
  /** Body text and headings. Storefront: #1f1b16. */
  ink?: string;
  /** Secondary text: options, labels, footer. Storefront: #5c534a. */
  inkMuted?: string;
  /** The page behind the card. Storefront: warm off-white #faf7f2. */
  background?: string;
  /** The card. Storefront: #ffffff. */
  surface?: string;
  /** Boxes inside the card (bank details, notes). Storefront: #f1ece4. */
  surfaceMuted?: string;
  /** Hairlines between lines and sections. Storefront: #e2d9cc. */
  border?: string;
  /**
   * The band behind the logo, as the storefront's header: the shop's logo is drawn for it.
   * Storefront: #1f1b16.
   */
  header?: string;
  /** The shop's name on that band, when there is no logo. Storefront: #f5efe6. */
  headerInk?: string;
}

/** The shop sending the e-mail (the tenant), as it shows itself to shoppers. */
export interface EmailShop {
  /** "Ember & Oak". */
  name: string;
  /** The storefront's home page, absolute: "https://emberandoak.example/". */
  shopUrl: string;
  /** The shop's contact address, shown in every footer. */
  contactEmail: string;
  /**
   * An absolute http(s) URL of the shop's logo (PNG or JPEG; SVG is not shown by many mail
   * programs), drawn at most 200 x 48 px; the shop's name is its alt text. Without it the
   * header shows the shop's name as text. A URL that is not http(s) is ignored.
   */
  logoUrl?: string;
  theme?: EmailThemeInput;
  /**
   * Who the seller is, in one line for every footer (E-Commerce Regulations 2002 reg. 6): "Ember
   * & Oak Workshop Ltd · The Old Boatyard, Topsham EX3 0JB · Company no. 09876543 · VAT no.
   * GB284735126". Absent: the footer names the shop only.
   */
  legalLine?: string;
}

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
 * The 14-day right to cancel as the order's confirmation carries it (UK Consumer Contracts
 * Regulations 2013 reg 16 and Sch. 2(l)-(n); Directive 2011/83/EU art. 8(7)): who to write to,
 * who pays for returns, and each line's right; the words are common/cancellation-form.ts's.
 */
export interface EmailCancellationTerms {
  /** The seller as the model form names them: name, geographic address ("\n" lines), e-mail. */
  seller: { name: string; address: string; email: string };
  /** Who bears the direct cost of returning the goods (the shopper unless the shop says). */
  returnCostsPaidBy: 'shopper' | 'shop';
  /** One per line of `order.lines`, in the same order. */
  lines: EmailCancellationLine[];
}

/** One line's right: `exemptBecause` (in words) when it has none. */
export interface EmailCancellationLine {
  name: string;
  exempt: boolean;
  /** Why it cannot be cancelled, one sentence: "Made to your order, so …". Only when exempt. */
  exemptBecause?: string;
}

/** 1. To the shopper, when an order is placed (it is always waiting for its payment then). */
export interface OrderPlacedEmailData extends EmailBase {
  kind: 'order_placed';
  payment: EmailPaymentInstructions;
  /** The cancellation information and model form; absent in rows written before 2026-017. */
  cancellation?: EmailCancellationTerms;
}

/**
 * To the shopper, when they asked to cancel a paid order under the 14-day right: the
 * acknowledgement of receipt on a durable medium (Directive 2011/83/EU art. 11(3)), with what
 * happens next (send the pieces back, the refund within 14 days).
 */
export interface CancellationRequestedEmailData extends EmailBase {
  kind: 'cancellation_requested';
  requestedAt: IsoDateTime;
  /** The shopper's own words, when they gave a reason. */
  reason?: string;
  /** Who to send the pieces back to, and who pays for it. */
  seller: EmailCancellationTerms['seller'];
  returnCostsPaidBy: EmailCancellationTerms['returnCostsPaidBy'];
  /** Lines the right does not cover (exempt), by name; empty or absent: none. */
  exemptLines?: string[];
}

/** 2. To the shopper, when the payment of an order arrived. */
export interface PaymentReceivedEmailData extends EmailBase {
  kind: 'payment_received';
  payment: EmailPayment;
  /**
   * What happens now, in the shop's words (line breaks kept). Absent: "We'll now prepare your
   * order and e-mail you again when it is on its way."
   */
  nextSteps?: string;
}

/** 3. To the shopper, when an unpaid order was cancelled by them or expired. */
export interface OrderClosedEmailData extends EmailBase {
  kind: 'order_closed';
  reason: 'canceled' | 'expired';
  closedAt: IsoDateTime;
  /**
   * True when a payment may still be on its way (a bank transfer, a card payment the provider
   * has not settled): the e-mail then promises to refund it; false says nothing was charged.
   */
  paymentMayStillArrive: boolean;
}

/** 4. To the shopper, when a payment arrived that the shop does not keep. */
export interface LatePaymentRefundEmailData extends EmailBase {
  kind: 'late_payment_refund';
  reason: RefundReason;
  payment: EmailPayment;
  /** 'refunded': sent back already; 'pending': the shop will send it back. */
  refundStatus: 'refunded' | 'pending';
}

/** 5. To the shop, when an order is paid and can be made and shipped. */
export interface ShopOrderPaidEmailData extends EmailBase {
  kind: 'shop_order_paid';
  payment: EmailPayment;
}

/** 6. To the shop, when an order of an offline method is placed and must be watched for. */
export interface ShopOrderAwaitingPaymentEmailData extends EmailBase {
  kind: 'shop_order_awaiting_payment';
  payment: OfflineInstructions;
}

/** 7. To the shop, when a payment has to be refunded (or was, automatically). */
export interface ShopRefundNeededEmailData extends EmailBase {
  kind: 'shop_refund_needed';
  reason: RefundReason;
  payment: EmailPayment;
  /** True when the provider already refunded it through its API; false: refund it by hand. */
  refundedAutomatically: boolean;
  /** The provider's id of the refund, when it was refunded automatically. */
  refundRef?: string;
  /** Where the shop refunds by hand: the provider's dashboard page of the payment. */
  dashboardUrl?: string;
}

/** A refund the shop made of part or all of what was paid (the back office). */
export interface EmailShopRefund {
  amount: Money;
  /**
   * How the money goes back: 'card', to the card it was paid with (through the card provider);
   * 'manual', sent back by the shop itself, the way the shopper paid.
   */
  method: 'card' | 'manual';
  /** The shop's words for why (the owner types them knowing the shopper reads them). */
  reason: string;
  /** Everything refunded of the order so far, this refund included. */
  refundedTotal: Money;
  /** Everything paid for the order. `refundedTotal` equal to it: refunded in full. */
  paidTotal: Money;
  refundedAt: IsoDateTime;
}

/** 8. To the shopper, when the shop refunded part or all of an order. */
export interface OrderRefundedEmailData extends EmailBase {
  kind: 'order_refunded';
  refund: EmailShopRefund;
}

/**
 * The ISO 4217 code of an e-mail's amounts: the order's currency (the list's own for the shop's
 * daily list), "USD" when it names none.
 */
export function currencyOf(data: EmailBase | { currency?: string }): string {
  return ('order' in data ? data.order.currency : data.currency) ?? 'USD';
}
