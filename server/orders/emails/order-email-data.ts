/**
 * The data of each kind of the shop's order e-mails (./email-data.ts holds what they share and
 * says how the data evolves): order placed, cancellation requested, payment received, order
 * closed, a late payment refunded, an order refunded by the shop, and the shop's own e-mails
 * (an order paid, one awaiting payment, a refund to make by hand). Plain JSON, as the outbox
 * stores it: money a decimal string in the order's currency, times ISO 8601 in UTC. The guard
 * that checks stored data against these types is ./email-data-guard.ts.
 */
import type {
  Money,
  EmailBase,
  EmailPayment,
  RefundReason,
  EmailPaymentInstructions,
  OfflineInstructions,
} from './email-data.ts';
import type { IsoDateTime } from '../../platform/mail/templates/email-shop.ts';

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
  /**
   * What gift cards paid at checkout and what is left to pay (decision 090); absent when no
   * gift card paid. With nothing left, the order is paid and no instructions are given.
   */
  giftCards?: { paid: Money; due: Money };
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
  /**
   * The lines withdrawn from, "Walnut spoon × 2" (every line the right covers: the request
   * names no lines). Absent in e-mails queued before issue 41.
   */
  withdrawnLines?: string[];
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
   * 'manual', sent back by the shop itself, the way the shopper paid; 'gift_card', put back on
   * a gift card that paid the order (decision 090), named by `giftCardLastFour`.
   */
  method: 'card' | 'manual' | 'gift_card';
  /** The last four characters of the gift card's code ('gift_card' only; never the code). */
  giftCardLastFour?: string;
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
