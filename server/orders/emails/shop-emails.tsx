/**
 * The three e-mails to the shop's own contact address: an order is paid, an order of an
 * offline payment method is waiting for its money, a payment has to be refunded. Plainer than the
 * shopper's (facts first, as a label/value list, with times to the minute) but in the same frame.
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
  Divider,
  Keep,
  MultilineText,
  Paragraph,
  type Detail,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { DeliveryAddress, OrderSummary } from './order-blocks.tsx';
import {
  currencyOf,
  offlineTermsOf,
  type EmailBase,
  type EmailPayment,
  type RefundReason,
} from './email-data.ts';
import {
  type ShopOrderAwaitingPaymentEmailData,
  type ShopOrderPaidEmailData,
  type ShopRefundNeededEmailData,
} from './order-email-data.ts';
import { fillWords, formatDateTime, formatMoney } from '../../platform/mail/templates/format.ts';
import { EmailFrame, InlineLink, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import { offlineTexts } from './payment-texts.ts';
import { EMAIL_SUBJECTS } from './subjects.ts';

/** Why the shop got the e-mail, for the footer. */
function shopReason(data: EmailBase): ReactNode {
  return (
    <>
      An automatic message from your shop {data.shop.name} about order{' '}
      <Keep>{data.order.number}</Keep>, sent to the shop&apos;s contact address{' '}
      {data.shop.contactEmail}.
    </>
  );
}

/** The customer as a label/value pair: name and a link to write to them. */
function customerDetail(data: EmailBase): Detail {
  return {
    label: 'Customer',
    value: (
      <>
        {data.customer.name},{' '}
        <InlineLink href={`mailto:${data.customer.email}`}>{data.customer.email}</InlineLink>
      </>
    ),
  };
}

/** The method and provider: "Card (2C2P)", "Bank transfer", "Pay at the workshop". */
function paidWith(payment: EmailPayment): string {
  return payment.method === 'card' ? `Card (${payment.provider})` : payment.provider;
}

/** The references of a received payment, when the provider gave them. */
function paymentReferences(payment: EmailPayment): Detail[] {
  const details: Detail[] = [];
  if (payment.transactionRef) {
    details.push({ label: 'Transaction reference', value: payment.transactionRef });
  }
  if (payment.providerRef) {
    details.push({ label: `${payment.provider} reference`, value: payment.providerRef });
  }
  return details;
}

/** 5. The order is paid: ready to make and ship. */
export function ShopOrderPaidEmail({ data, textMode = false }: EmailProps<ShopOrderPaidEmailData>) {
  const { order, payment, shop } = data;
  const currency = currencyOf(data);
  const total = formatMoney(order.total, currency);
  return (
    <EmailFrame
      shop={shop}
      title={EMAIL_SUBJECTS.shop_order_paid(data)}
      preview={`${data.customer.name} paid ${formatMoney(payment.amount, payment.currency ?? currency)} for order ${order.number}. Ready to make and ship.`}
      heading={`Order ${order.number} is paid`}
      currency={currency}
      reason={shopReason(data)}
      textMode={textMode}
    >
      <Paragraph>The payment has arrived: this order is ready to make and ship.</Paragraph>
      <DetailList
        items={[
          { label: 'Order', value: order.number },
          customerDetail(data),
          { label: 'Total', value: total },
          {
            label: 'Paid',
            value: `${formatMoney(payment.amount, payment.currency ?? currency)} on ${formatDateTime(payment.receivedAt)}`,
          },
          { label: 'Paid with', value: paidWith(payment) },
          ...paymentReferences(payment),
          { label: 'Placed', value: formatDateTime(order.placedAt) },
        ]}
      />
      <ActionButton href={data.orderUrl}>Open the order</ActionButton>
      <Divider />
      <OrderSummary order={order} title="To make and ship" />
      <DeliveryAddress address={order.deliveryAddress} />
    </EmailFrame>
  );
}

/** 6. An order of an offline method to watch for; the method's words are ./payment-texts.ts's. */
export function ShopOrderAwaitingPaymentEmail({
  data,
  textMode = false,
}: EmailProps<ShopOrderAwaitingPaymentEmailData>) {
  const { order, payment, shop } = data;
  const currency = currencyOf(data);
  const total = formatMoney(order.total, currency);
  const { label, instructions, paymentUrl, expiresAt } = offlineTermsOf(payment);
  const words = offlineTexts(payment.method).shop;
  const details: Detail[] = [
    { label: 'Order', value: order.number },
    customerDetail(data),
    { label: 'Total', value: total },
    { label: 'Payment method', value: label },
    { label: 'Reference to look for', value: order.number },
  ];
  if (expiresAt) {
    details.push({ label: 'Must be paid by', value: formatDateTime(expiresAt) });
  }
  if (paymentUrl) {
    details.push({
      label: 'Payment page',
      value: <InlineLink href={paymentUrl}>{paymentUrl}</InlineLink>,
    });
  }
  details.push({ label: 'Placed', value: formatDateTime(order.placedAt) });
  return (
    <EmailFrame
      shop={shop}
      title={EMAIL_SUBJECTS.shop_order_awaiting_payment(data)}
      preview={fillWords(words.preview, {
        customer: data.customer.name,
        number: order.number,
        total,
        label,
      })}
      heading={fillWords(words.heading, { label })}
      currency={currency}
      reason={shopReason(data)}
      textMode={textMode}
    >
      <Paragraph>
        <strong>{data.customer.name}</strong> placed order <Keep strong>{order.number}</Keep> and
        will pay <strong>{total}</strong> {fillWords(words.payBy, { label })}. Watch for a payment
        with the reference <Keep strong>{order.number}</Keep>, and mark the order as paid when it
        arrives.
      </Paragraph>
      {expiresAt ? (
        <Paragraph muted>
          If nothing has arrived by {formatDateTime(expiresAt)}, the order expires on its own and
          its items go back on sale.
        </Paragraph>
      ) : null}
      <DetailList items={details} />
      {words.showsInstructions ? (
        <Callout title="Instructions the customer was given">
          <CalloutText>
            <MultilineText value={instructions} />
          </CalloutText>
        </Callout>
      ) : null}
      <ActionButton href={data.orderUrl}>Open the order</ActionButton>
      <Divider />
      <OrderSummary order={order} />
      <DeliveryAddress address={order.deliveryAddress} />
    </EmailFrame>
  );
}

/** The reason for a refund, as the shop's records put it. */
const REFUND_REASON_LONG: Readonly<Record<RefundReason, string>> = {
  order_canceled: 'Paid after the order was cancelled',
  order_expired: 'Paid after the order expired unpaid',
  duplicate_payment: 'Second payment of an order already paid',
};

function refundSentence(data: ShopRefundNeededEmailData, amount: string): ReactNode {
  const when = formatDateTime(data.payment.receivedAt);
  const number = <Keep strong>{data.order.number}</Keep>;
  switch (data.reason) {
    case 'order_canceled':
      return (
        <>
          A payment of <strong>{amount}</strong> for order {number} arrived on {when}, after the
          order had been cancelled.
        </>
      );
    case 'order_expired':
      return (
        <>
          A payment of <strong>{amount}</strong> for order {number} arrived on {when}, after the
          order had expired unpaid.
        </>
      );
    case 'duplicate_payment':
      return (
        <>
          Order {number} was already paid, and a second payment of <strong>{amount}</strong> arrived
          on {when}.
        </>
      );
  }
}

/** 7. A payment to refund: done automatically through the provider, or to do by hand. */
export function ShopRefundNeededEmail({
  data,
  textMode = false,
}: EmailProps<ShopRefundNeededEmailData>) {
  const { order, payment, shop } = data;
  const currency = currencyOf(data);
  const amount = formatMoney(payment.amount, payment.currency ?? currency);
  const automatic = data.refundedAutomatically;
  const details: Detail[] = [
    { label: 'Order', value: order.number },
    customerDetail(data),
    { label: 'Amount to refund', value: amount },
    { label: 'Received', value: formatDateTime(payment.receivedAt) },
    { label: 'Provider', value: payment.provider },
    ...paymentReferences(payment),
    { label: 'Why', value: REFUND_REASON_LONG[data.reason] },
    {
      label: 'Refund',
      value: automatic
        ? `Done automatically${data.refundRef ? ` (refund reference ${data.refundRef})` : ''}`
        : 'To do by hand',
    },
  ];
  if (automatic) details[2] = { label: 'Amount refunded', value: amount };
  return (
    <EmailFrame
      shop={shop}
      title={EMAIL_SUBJECTS.shop_refund_needed(data)}
      preview={
        automatic
          ? `${amount} for order ${order.number} was refunded automatically through ${payment.provider}. Nothing to do.`
          : `Please refund ${amount} to ${data.customer.name} for order ${order.number} by hand in ${payment.provider}.`
      }
      heading={automatic ? 'Payment refunded automatically' : 'Refund needed'}
      currency={currency}
      reason={shopReason(data)}
      textMode={textMode}
    >
      <Paragraph>{refundSentence(data, amount)}</Paragraph>
      {automatic ? (
        <Paragraph>
          It was refunded automatically through {payment.provider}
          {data.refundRef ? (
            <>
              {' '}
              (refund reference <strong>{data.refundRef}</strong>)
            </>
          ) : null}
          . There is nothing more to do.
        </Paragraph>
      ) : payment.method === 'card' ? (
        <Paragraph>
          It could not be refunded automatically. Please refund it by hand in your{' '}
          {payment.provider} dashboard; the references below find the payment there.
        </Paragraph>
      ) : (
        <Paragraph>
          Please send it back to the customer by hand, the way it came ({payment.provider}).
        </Paragraph>
      )}
      <DetailList items={details} />
      {!automatic && data.dashboardUrl ? (
        <ActionButton
          href={data.dashboardUrl}
          secondary={{ href: data.orderUrl, label: 'Open the order' }}
        >
          {`Open the ${payment.provider} dashboard`}
        </ActionButton>
      ) : (
        <ActionButton href={data.orderUrl}>Open the order</ActionButton>
      )}
      <Divider />
      <OrderSummary order={order} />
    </EmailFrame>
  );
}
