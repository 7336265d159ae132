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
 */

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
  deliveryAddress: EmailAddress;
  /** Remarks about the whole order: "This parcel needs an adult's signature on delivery." */
  orderNotes?: string[];
}

/** The three kinds of payment method of the contract (`card_2c2p` and other card providers are 'card'). */
export type PaymentMethodKind = 'card' | 'bank_transfer' | 'custom';

/** How an order that is waiting for its payment is paid (the order-placed e-mails). */
export type EmailPaymentInstructions =
  | {
      method: 'card';
      /** When the unpaid order is cancelled and its items released; no sentence when absent. */
      expiresAt?: IsoDateTime;
    }
  | {
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
  | {
      method: 'custom';
      /** The method's name as the shop calls it: "Pay at the workshop". */
      label: string;
      /** The shop's instructions, line breaks kept. */
      instructions: string;
      /** The shop's page where this method is paid, when it has one. */
      paymentUrl?: string;
      expiresAt?: IsoDateTime;
    };

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

/** What every order e-mail carries. */
interface EmailBase {
  shop: EmailShop;
  customer: EmailCustomer;
  order: EmailOrder;
  /**
   * The order's page: the shopper's order page in shopper e-mails, the shop's view of the order
   * in the shop's e-mails.
   */
  orderUrl: string;
}

/** 1. To the shopper, when an order is placed (it is always waiting for its payment then). */
export interface OrderPlacedEmailData extends EmailBase {
  kind: 'order_placed';
  payment: EmailPaymentInstructions;
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

/** 6. To the shop, when a bank-transfer or custom-method order is placed and must be watched for. */
export interface ShopOrderAwaitingPaymentEmailData extends EmailBase {
  kind: 'shop_order_awaiting_payment';
  payment: Extract<EmailPaymentInstructions, { method: 'bank_transfer' | 'custom' }>;
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

/** The data of any order e-mail; `kind` tells which. */
export type EmailData =
  | OrderPlacedEmailData
  | PaymentReceivedEmailData
  | OrderClosedEmailData
  | LatePaymentRefundEmailData
  | ShopOrderPaidEmailData
  | ShopOrderAwaitingPaymentEmailData
  | ShopRefundNeededEmailData;

export type EmailKind = EmailData['kind'];

/** The data of one kind: `EmailDataOf<'order_placed'>` is `OrderPlacedEmailData`. */
export type EmailDataOf<K extends EmailKind> = Extract<EmailData, { kind: K }>;

/** Every kind, in the order of the list above. */
export const EMAIL_KINDS = [
  'order_placed',
  'payment_received',
  'order_closed',
  'late_payment_refund',
  'shop_order_paid',
  'shop_order_awaiting_payment',
  'shop_refund_needed',
] as const satisfies readonly EmailKind[];

/** The ISO 4217 code of an e-mail's amounts: the order's currency, "USD" when it names none. */
export function currencyOf(data: EmailData): string {
  return data.order.currency ?? 'USD';
}

/** E-mails that go to the shop's own contact address rather than to the shopper. */
export function isShopEmail(kind: EmailKind): boolean {
  return kind.startsWith('shop_');
}

/** Data that is not an `EmailData`: `issues` names each bad field by its path. */
export class EmailDataError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid e-mail data: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? '; …' : ''}`);
    this.name = 'EmailDataError';
    this.issues = issues;
  }
}

// ---------------------------------------------------------------------------------------------
// The guard. Hand-written rather than zod: the server does not load zod, and this module is
// loaded into the API process on the first e-mail, where every megabyte stays.

type Check = (value: unknown, path: string, issues: string[]) => void;

/** One check for every key of T, so adding a field to a type without checking it fails to compile. */
type Shape<T> = { [K in keyof Required<T>]: Check };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text: Check = (value, path, issues) => {
  if (typeof value !== 'string' || value.trim() === '') issues.push(`${path}: a non-empty string`);
};

/** A string that may be empty (an address line of an order that is collected). */
const maybeBlank: Check = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(`${path}: a string`);
};

const bool: Check = (value, path, issues) => {
  if (typeof value !== 'boolean') issues.push(`${path}: true or false`);
};

const MONEY = /^-?\d{1,15}(\.\d{1,4})?$/;
const money: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !MONEY.test(value))
    issues.push(`${path}: a decimal string such as "475.00"`);
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const dateTime: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
    issues.push(`${path}: an ISO 8601 date-time such as "2026-11-23T14:05:00Z"`);
};

const currency: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value))
    issues.push(`${path}: an ISO 4217 currency code such as "USD"`);
};

/** True for an absolute http: or https: URL (no javascript:, data: or relative paths). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const httpUrl: Check = (value, path, issues) => {
  if (!isHttpUrl(value)) issues.push(`${path}: an absolute http(s) URL`);
};

const email: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !/^[^\s@<>]+@[^\s@<>]+$/.test(value))
    issues.push(`${path}: an e-mail address`);
};

const positiveInteger: Check = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    issues.push(`${path}: a whole number of at least 1`);
};

/** Decorative values (logo, thumbnails, colours) fall back quietly instead of failing the e-mail. */
const anyString: Check = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(`${path}: a string`);
};

const literal =
  (...allowed: string[]): Check =>
  (value, path, issues) => {
    if (typeof value !== 'string' || !allowed.includes(value))
      issues.push(`${path}: one of ${allowed.map((a) => `'${a}'`).join(', ')}`);
  };

const optional =
  (check: Check): Check =>
  (value, path, issues) => {
    if (value !== undefined) check(value, path, issues);
  };

const list =
  (check: Check, { nonEmpty = false } = {}): Check =>
  (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push(`${path}: a list`);
      return;
    }
    if (nonEmpty && value.length === 0) issues.push(`${path}: at least one entry`);
    value.forEach((item, index) => check(item, `${path}[${index}]`, issues));
  };

const object =
  <T>(shape: Shape<T>): Check =>
  (value, path, issues) => {
    if (!isRecord(value)) {
      issues.push(`${path}: an object`);
      return;
    }
    for (const [key, check] of Object.entries(shape) as [string, Check][]) {
      check(value[key], path ? `${path}.${key}` : key, issues);
    }
  };

/** A discriminated union: the field `tag` chooses the shape. */
const union =
  (tag: string, shapes: Record<string, Check>): Check =>
  (value, path, issues) => {
    if (!isRecord(value)) {
      issues.push(`${path}: an object`);
      return;
    }
    const key = value[tag];
    const chosen = typeof key === 'string' && Object.hasOwn(shapes, key) ? shapes[key] : undefined;
    if (!chosen) {
      issues.push(
        `${path}.${tag}: one of ${Object.keys(shapes)
          .map((k) => `'${k}'`)
          .join(', ')}`,
      );
      return;
    }
    chosen(value, path, issues);
  };

const shopCheck = object<EmailShop>({
  name: text,
  shopUrl: httpUrl,
  contactEmail: email,
  logoUrl: optional(anyString),
  theme: optional(
    object<EmailThemeInput>({
      accent: optional(anyString),
      accentContrast: optional(anyString),
      ink: optional(anyString),
      inkMuted: optional(anyString),
      background: optional(anyString),
      surface: optional(anyString),
      surfaceMuted: optional(anyString),
      border: optional(anyString),
      header: optional(anyString),
      headerInk: optional(anyString),
    }),
  ),
});

const lineCheck = object<EmailOrderLine>({
  name: text,
  quantity: positiveInteger,
  unitPrice: money,
  lineTotal: money,
  options: optional(list(object<LineOption>({ label: text, value: anyString }))),
  notes: optional(list(text)),
  imageUrl: optional(anyString),
});

const orderCheck = object<EmailOrder>({
  number: text,
  placedAt: dateTime,
  currency: optional(currency),
  lines: list(lineCheck, { nonEmpty: true }),
  subtotal: money,
  shipping: optional(
    union('kind', {
      charged: object<Extract<EmailShipping, { kind: 'charged' }>>({
        kind: text,
        amount: money,
        method: optional(text),
      }),
      free: object<Extract<EmailShipping, { kind: 'free' }>>({
        kind: text,
        method: optional(text),
      }),
    }),
  ),
  total: money,
  deliveryAddress: object<EmailAddress>({
    fullName: text,
    street: maybeBlank,
    city: maybeBlank,
    region: optional(text),
    postalCode: maybeBlank,
    country: text,
    phone: optional(text),
    collected: optional(bool),
  }),
  orderNotes: optional(list(text)),
});

const paymentCheck = object<EmailPayment>({
  amount: money,
  currency: optional(currency),
  receivedAt: dateTime,
  method: literal('card', 'bank_transfer', 'custom'),
  provider: text,
  providerRef: optional(text),
  transactionRef: optional(text),
});

type CardInstructions = Extract<EmailPaymentInstructions, { method: 'card' }>;
type BankInstructions = Extract<EmailPaymentInstructions, { method: 'bank_transfer' }>;
type CustomInstructions = Extract<EmailPaymentInstructions, { method: 'custom' }>;

const bankInstructions = object<BankInstructions>({
  method: text,
  bankDetails: text,
  expiresAt: dateTime,
});
const customInstructions = object<CustomInstructions>({
  method: text,
  label: text,
  instructions: text,
  paymentUrl: optional(httpUrl),
  expiresAt: optional(dateTime),
});

const base = {
  kind: text,
  shop: shopCheck,
  customer: object<EmailCustomer>({ name: text, email }),
  order: orderCheck,
  orderUrl: httpUrl,
};

const refundReason = literal('order_canceled', 'order_expired', 'duplicate_payment');

const kindChecks: { [K in EmailKind]: Check } = {
  order_placed: object<OrderPlacedEmailData>({
    ...base,
    payment: union('method', {
      card: object<CardInstructions>({ method: text, expiresAt: optional(dateTime) }),
      bank_transfer: bankInstructions,
      custom: customInstructions,
    }),
  }),
  payment_received: object<PaymentReceivedEmailData>({
    ...base,
    payment: paymentCheck,
    nextSteps: optional(text),
  }),
  order_closed: object<OrderClosedEmailData>({
    ...base,
    reason: literal('canceled', 'expired'),
    closedAt: dateTime,
    paymentMayStillArrive: bool,
  }),
  late_payment_refund: object<LatePaymentRefundEmailData>({
    ...base,
    reason: refundReason,
    payment: paymentCheck,
    refundStatus: literal('refunded', 'pending'),
  }),
  shop_order_paid: object<ShopOrderPaidEmailData>({ ...base, payment: paymentCheck }),
  shop_order_awaiting_payment: object<ShopOrderAwaitingPaymentEmailData>({
    ...base,
    payment: union('method', { bank_transfer: bankInstructions, custom: customInstructions }),
  }),
  shop_refund_needed: object<ShopRefundNeededEmailData>({
    ...base,
    reason: refundReason,
    payment: paymentCheck,
    refundedAutomatically: bool,
    refundRef: optional(text),
    dashboardUrl: optional(httpUrl),
  }),
};

/**
 * Checks that `value` (typically `JSON.parse` of an outbox row) is an `EmailData` and returns
 * it, unchanged and typed. Unknown fields are allowed and ignored. Decorative fields (theme
 * colours, logo and thumbnail URLs) only need to be strings: a bad one is dropped when
 * rendering rather than stopping the e-mail.
 * @throws EmailDataError naming every field that is missing or malformed (a permanent failure:
 *   retrying the same data fails the same way).
 */
export function parseEmailData(value: unknown): EmailData {
  const issues: string[] = [];
  if (!isRecord(value)) throw new EmailDataError(['(root): an object']);
  // hasOwn: a kind such as "toString" must not find Object.prototype's function.
  const kind = value.kind;
  const check =
    typeof kind === 'string' && Object.hasOwn(kindChecks, kind)
      ? kindChecks[kind as EmailKind]
      : undefined;
  if (!check) {
    throw new EmailDataError([`kind: one of ${EMAIL_KINDS.map((k) => `'${k}'`).join(', ')}`]);
  }
  check(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as EmailData;
}
