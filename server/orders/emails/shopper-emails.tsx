/**
 * The e-mails to the shopper: order placed (with how to pay: an offline method's words are
 * ./payment-texts.ts's), payment received, order closed (cancelled or expired); a late or
 * second payment being refunded, and a refund the shop made, are ./shopper-refund-emails.tsx.
 * Written as a small workshop would write them: who, what, what happens next, and one clear
 * action.
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
  FilledWords,
  Keep,
  MultilineText,
  Paragraph,
  SectionHeading,
  type Detail,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { DeliveryAddress, OrderSummary } from './order-blocks.tsx';
import {
  currencyOf,
  offlineTermsOf,
  type EmailBase,
  type EmailPayment,
  type OfflineInstructions,
} from './email-data.ts';
import {
  type OrderClosedEmailData,
  type OrderPlacedEmailData,
  type PaymentReceivedEmailData,
} from './order-email-data.ts';
import {
  fillWords,
  formatDate,
  formatDateTime,
  formatMoney,
} from '../../platform/mail/templates/format.ts';
import { EmailFrame, InlineLink, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import { offlineTexts } from './payment-texts.ts';
import { EMAIL_SUBJECTS } from './subjects.ts';
import { CancellationTerms } from './cancellation-blocks.tsx';

/** Why the shopper got the e-mail, for the footer. */
export function shopperReason(data: EmailBase): ReactNode {
  return (
    <>
      This e-mail was sent to {data.customer.email} because you placed order{' '}
      <Keep>{data.order.number}</Keep> at {data.shop.name}.
    </>
  );
}

/**
 * The frame of every e-mail to the shopper about their order: the shop's header, the order's
 * currency, the footer's reason (`shopperReason`), and "Hello <name>," before `children`.
 */
export function ShopperEmailFrame({
  data,
  title,
  preview,
  heading,
  textMode,
  children,
}: {
  data: EmailBase;
  title: string;
  preview: string;
  heading: string;
  textMode: boolean;
  children: ReactNode;
}) {
  return (
    <EmailFrame
      shop={data.shop}
      title={title}
      preview={preview}
      heading={heading}
      currency={currencyOf(data)}
      reason={shopperReason(data)}
      textMode={textMode}
    >
      <Paragraph>Hello {data.customer.name},</Paragraph>
      {children}
    </EmailFrame>
  );
}

/** "Questions? Write to …" with the order number to quote. */
export function QuestionsLine({ data }: { data: EmailBase }) {
  return (
    <Paragraph muted style={{ margin: '24px 0 0' }}>
      Questions about your order? Write to{' '}
      <InlineLink href={`mailto:${data.shop.contactEmail}`}>{data.shop.contactEmail}</InlineLink>{' '}
      and mention <Keep>{data.order.number}</Keep>.
    </Paragraph>
  );
}

/** How the shopper paid, in their words: "Card", "Bank transfer", or the shop's method name. */
function paidWith(payment: EmailPayment): string {
  return payment.method === 'card' ? 'Card' : payment.provider;
}

/** What the shopper's received payment looked like. */
export function paymentDetails(payment: EmailPayment, currency: string): Detail[] {
  const details: Detail[] = [
    { label: 'Amount', value: formatMoney(payment.amount, payment.currency ?? currency) },
    { label: 'Received on', value: formatDate(payment.receivedAt) },
    { label: 'Paid with', value: paidWith(payment) },
  ];
  if (payment.transactionRef) {
    details.push({ label: 'Transaction reference', value: payment.transactionRef });
  }
  return details;
}

/** "If the payment hasn't reached us by …": the deadline of an unpaid order, when it has one. */
function DeadlineReminder({ expiresAt }: { expiresAt: string | undefined }) {
  return expiresAt ? (
    <Paragraph muted>
      If the payment hasn&apos;t reached us by {formatDateTime(expiresAt)}, the order will be
      cancelled and its items will no longer be reserved for you.
    </Paragraph>
  ) : null;
}

/**
 * How to pay an offline method's order: its words (./payment-texts.ts), the shop's instructions
 * (the order-placed e-mail, and the reminder before its deadline: ./staff-move-emails.tsx).
 */
export function OfflineHowToPay({
  data,
  payment,
}: {
  data: EmailBase;
  payment: OfflineInstructions;
}) {
  const { order, orderUrl } = data;
  const { label, instructions, paymentUrl, expiresAt } = offlineTermsOf(payment);
  const words = offlineTexts(payment.method).shopper;
  const values = {
    number: <Keep strong>{order.number}</Keep>,
    reference: <Keep>{order.number}</Keep>,
    total: <strong>{formatMoney(order.total, currencyOf(data))}</strong>,
    label,
    shop: data.shop.name,
    ...(expiresAt ? { deadline: <strong>{formatDateTime(expiresAt)}</strong> } : {}),
  };
  const after = words.after.filter((paragraph) => expiresAt || !paragraph.includes('{deadline}'));
  return (
    <>
      <SectionHeading>{fillWords(words.heading, { label })}</SectionHeading>
      <Paragraph>
        <FilledWords words={words.intro} values={values} />
      </Paragraph>
      <Callout title={fillWords(words.instructionsTitle, { label, shop: data.shop.name })}>
        <CalloutText>
          <MultilineText value={instructions} />
        </CalloutText>
        {words.instructionsFooter ? (
          <CalloutText strong>
            <FilledWords words={words.instructionsFooter} values={values} />
          </CalloutText>
        ) : null}
      </Callout>
      {after.map((paragraph) => (
        <Paragraph key={paragraph}>
          <FilledWords words={paragraph} values={values} />
        </Paragraph>
      ))}
      {paymentUrl ? (
        <ActionButton href={paymentUrl} secondary={{ href: orderUrl, label: 'View your order' }}>
          Go to the payment page
        </ActionButton>
      ) : (
        <ActionButton href={orderUrl}>View your order</ActionButton>
      )}
      {words.remindsDeadline ? <DeadlineReminder expiresAt={expiresAt} /> : null}
    </>
  );
}

/** How to pay the order: on its page for a card, else the offline method's instructions. */
function PaymentInstructions({ data }: { data: OrderPlacedEmailData }) {
  const { order, payment, orderUrl } = data;
  if (payment.method !== 'card') {
    return <OfflineHowToPay data={data} payment={payment} />;
  }
  const total = <strong>{formatMoney(order.total, currencyOf(data))}</strong>;
  return (
    <>
      <SectionHeading>Payment</SectionHeading>
      <Paragraph>
        Your order is waiting for your card payment of {total}. You can pay securely from your order
        page; we&apos;ll start on your order as soon as the payment is through.
      </Paragraph>
      <ActionButton href={orderUrl}>Pay for your order</ActionButton>
      <DeadlineReminder expiresAt={payment.expiresAt} />
    </>
  );
}

function orderPlacedPreview(data: OrderPlacedEmailData): string {
  const total = formatMoney(data.order.total, currencyOf(data));
  const number = data.order.number;
  const { payment } = data;
  if (payment.method === 'card') {
    return `We've received order ${number}. It is waiting for your card payment of ${total}.`;
  }
  return fillWords(offlineTexts(payment.method).shopper.preview, {
    number,
    total,
    label: offlineTermsOf(payment).label,
  });
}

/** 1. "Thank you for your order": the lines, totals, address and how to pay. */
export function OrderPlacedEmail({ data, textMode = false }: EmailProps<OrderPlacedEmailData>) {
  const { order, shop } = data;
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_placed(data)}
      preview={orderPlacedPreview(data)}
      heading="Thank you for your order"
      textMode={textMode}
    >
      <Paragraph>
        Thank you for ordering from {shop.name}. Your order number is{' '}
        <Keep strong>{order.number}</Keep>, placed on {formatDate(order.placedAt)}.
      </Paragraph>
      {data.giftCards ? (
        <Paragraph>
          Gift cards paid {formatMoney(data.giftCards.paid, currencyOf(data))}
          {data.giftCards.due === '0.00'
            ? ': nothing is left to pay, and your order is paid.'
            : `; ${formatMoney(data.giftCards.due, currencyOf(data))} is left to pay.`}
        </Paragraph>
      ) : null}
      {data.giftCards?.due === '0.00' ? null : <PaymentInstructions data={data} />}
      <Divider />
      <OrderSummary order={order} withImages />
      <DeliveryAddress address={order.deliveryAddress} />
      {data.cancellation ? <CancellationTerms terms={data.cancellation} /> : null}
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

const DEFAULT_NEXT_STEPS =
  "We'll now prepare your order and e-mail you again when it is on its way.";

/** 2. "Payment received": amount, date, reference, and what happens next. */
export function PaymentReceivedEmail({
  data,
  textMode = false,
}: EmailProps<PaymentReceivedEmailData>) {
  const { order, payment } = data;
  const currency = currencyOf(data);
  const amount = formatMoney(payment.amount, payment.currency ?? currency);
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.payment_received(data)}
      preview={`We've received your payment of ${amount} for order ${order.number}. Thank you!`}
      heading="Payment received"
      textMode={textMode}
    >
      <Paragraph>
        Thank you: we&apos;ve received your payment for order <Keep strong>{order.number}</Keep>.
      </Paragraph>
      <DetailList items={paymentDetails(payment, currency)} />
      <SectionHeading>What happens next</SectionHeading>
      <Paragraph>
        <MultilineText value={data.nextSteps ?? DEFAULT_NEXT_STEPS} />
      </Paragraph>
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
      <Divider />
      <OrderSummary order={order} withImages />
      <DeliveryAddress address={order.deliveryAddress} />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/** 3. The order was cancelled by the shopper or expired unpaid; nothing was charged. */
export function OrderClosedEmail({ data, textMode = false }: EmailProps<OrderClosedEmailData>) {
  const { order, shop } = data;
  const canceled = data.reason === 'canceled';
  const charge = data.paymentMayStillArrive
    ? "Nothing has been charged. If a payment for this order still reaches us, we'll refund it in full; you don't need to do anything."
    : 'Nothing was charged.';
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_closed(data)}
      preview={
        canceled
          ? `Order ${order.number} has been cancelled as you asked. ${charge}`
          : `We didn't receive the payment for order ${order.number} in time, so it has expired. ${charge}`
      }
      heading={canceled ? 'Your order has been cancelled' : 'Your order has expired'}
      textMode={textMode}
    >
      {canceled ? (
        <Paragraph>
          As you asked, we&apos;ve cancelled your order <Keep strong>{order.number}</Keep> of{' '}
          {formatDate(order.placedAt)}. Its items are no longer reserved for you.
        </Paragraph>
      ) : (
        <Paragraph>
          We didn&apos;t receive the payment for your order <Keep strong>{order.number}</Keep> of{' '}
          {formatDate(order.placedAt)} in time, so it expired on {formatDate(data.closedAt)}. Its
          items are no longer reserved for you.
        </Paragraph>
      )}
      <Paragraph>{charge}</Paragraph>
      <Paragraph>
        If you&apos;d still like these pieces, you&apos;re welcome to order them again while they
        are available.
      </Paragraph>
      <ActionButton
        href={shop.shopUrl}
        secondary={{ href: data.orderUrl, label: 'View the order' }}
      >
        {`Visit ${shop.name}`}
      </ActionButton>
      <Divider />
      <OrderSummary
        order={order}
        title={canceled ? 'The cancelled order' : 'The expired order'}
        withImages
      />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}
