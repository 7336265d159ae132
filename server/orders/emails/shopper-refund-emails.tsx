/**
 * The e-mails to the shopper about money going back: a payment the shop does not keep (it came
 * after the order was cancelled or expired, or paid an order twice) being refunded, and a
 * refund the shop made of part or all of an order, with the shop's reason in its own words.
 * Amounts are decimal strings in the order's currency, dates ISO 8601 (./email-data.ts);
 * ./shopper-emails.tsx holds the other shopper e-mails and the footer both share.
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import type { ReactNode } from 'react';
import {
  ActionButton,
  Callout,
  CalloutText,
  DetailList,
  Keep,
  MultilineText,
  Paragraph,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { currencyOf } from './email-data.ts';
import {
  type LatePaymentRefundEmailData,
  type OrderRefundedEmailData,
} from './order-email-data.ts';
import { formatDate, formatMoney } from '../../platform/mail/templates/format.ts';
import type { EmailProps } from '../../platform/mail/templates/layout.tsx';
import { paymentDetails, QuestionsLine, ShopperEmailFrame } from './shopper-emails.tsx';
import { EMAIL_SUBJECTS } from './subjects.ts';

/** How a payment came after its order was closed, or on top of a paid one; `amount` already formatted. */
function latePaymentSentence(data: LatePaymentRefundEmailData, amount: string): ReactNode {
  const received = formatDate(data.payment.receivedAt);
  const number = <Keep strong>{data.order.number}</Keep>;
  switch (data.reason) {
    case 'order_canceled':
      return (
        <>
          We received a payment of <strong>{amount}</strong> for your order {number} on {received},
          after the order had been cancelled.
        </>
      );
    case 'order_expired':
      return (
        <>
          We received a payment of <strong>{amount}</strong> for your order {number} on {received},
          after the order had expired.
        </>
      );
    case 'duplicate_payment':
      return (
        <>
          We received a second payment of <strong>{amount}</strong> for your order {number} on{' '}
          {received}. The order had already been paid, so this payment wasn&apos;t needed.
        </>
      );
  }
}

/** 4. A payment the shop does not keep: it has been, or will be, refunded in full. */
export function LatePaymentRefundEmail({
  data,
  textMode = false,
}: EmailProps<LatePaymentRefundEmailData>) {
  const { order, payment } = data;
  const currency = currencyOf(data);
  const amount = formatMoney(payment.amount, payment.currency ?? currency);
  const refunded = data.refundStatus === 'refunded';
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.late_payment_refund(data)}
      preview={
        refunded
          ? `We've refunded your payment of ${amount} for order ${order.number}. You don't need to do anything.`
          : `We'll refund your payment of ${amount} for order ${order.number}. You don't need to do anything.`
      }
      heading={refunded ? 'Your payment has been refunded' : "We're refunding your payment"}
      textMode={textMode}
    >
      <Paragraph>{latePaymentSentence(data, amount)}</Paragraph>
      {refunded ? (
        <Paragraph>
          We&apos;ve refunded it in full, to the card or account it came from. Depending on your
          bank, it can take a few working days to show on your statement. You don&apos;t need to do
          anything.
        </Paragraph>
      ) : (
        <Paragraph>
          We&apos;ll refund it in full, to the card or account it came from. You don&apos;t need to
          do anything; if we need any details from you to send it back, we&apos;ll be in touch.
        </Paragraph>
      )}
      <DetailList
        items={[
          ...paymentDetails(payment, currency),
          { label: 'Refund', value: refunded ? 'Refunded in full' : 'On its way back to you' },
        ]}
      />
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/** How each way of refunding is told: the inbox preview line and the "Refunded to" row. */
const REFUND_WAYS: Record<
  OrderRefundedEmailData['refund']['method'],
  (amount: string, orderNumber: string, lastFour: string) => { preview: string; to: string }
> = {
  card: (amount, number) => ({
    preview: `We've refunded ${amount} of order ${number} to the card you paid with.`,
    to: 'The card you paid with',
  }),
  manual: (amount, number) => ({
    preview: `We're sending ${amount} of order ${number} back to you.`,
    to: 'You, the way you paid',
  }),
  gift_card: (amount, number, lastFour) => ({
    preview: `We've put ${amount} of order ${number} back on your gift card ending ${lastFour}.`,
    to: `Your gift card ending ${lastFour}`,
  }),
};

/**
 * 8. The shop refunded part or all of an order: how much, why (the shop's words), how the money
 * comes back, and what has been refunded in all.
 */
export function OrderRefundedEmail({ data, textMode = false }: EmailProps<OrderRefundedEmailData>) {
  const { order, shop, refund } = data;
  const currency = currencyOf(data);
  const amount = formatMoney(refund.amount, currency);
  const full = refund.refundedTotal === refund.paidTotal;
  const words = REFUND_WAYS[refund.method](amount, order.number, refund.giftCardLastFour ?? '');
  const number = <Keep strong>{order.number}</Keep>;
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_refunded(data)}
      preview={words.preview}
      heading={full ? 'Your order has been refunded' : "We've refunded part of your order"}
      textMode={textMode}
    >
      {refund.method === 'card' ? (
        <Paragraph>
          We&apos;ve refunded <strong>{amount}</strong> of your order {number} to the card you paid
          with. Depending on your bank, it can take a few working days to show on your statement.
        </Paragraph>
      ) : refund.method === 'gift_card' ? (
        <Paragraph>
          We&apos;ve put <strong>{amount}</strong> of your order {number} back on your gift card
          ending <Keep strong>{refund.giftCardLastFour ?? ''}</Keep>. It is there to spend now, on
          anything in the shop.
        </Paragraph>
      ) : (
        <Paragraph>
          We&apos;re refunding <strong>{amount}</strong> of your order {number}. We&apos;ll send it
          back to you the way you paid; if we need any details from you to do that, we&apos;ll be in
          touch.
        </Paragraph>
      )}
      <Callout title={`A note from ${shop.name}`}>
        <CalloutText>
          <MultilineText value={refund.reason} />
        </CalloutText>
      </Callout>
      <DetailList
        items={[
          { label: 'Refund', value: amount },
          { label: 'Refunded on', value: formatDate(refund.refundedAt) },
          { label: 'Refunded to', value: words.to },
          {
            label: 'Refunded in all',
            value: `${formatMoney(refund.refundedTotal, currency)} of ${formatMoney(refund.paidTotal, currency)} paid`,
          },
        ]}
      />
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}
