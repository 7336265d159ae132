/**
 * The shopper's e-mails of the back office's moves: a parcel on its way (carrier, tracking number
 * and link), a collection ready at the workshop (where and when), an order the shop canceled
 * (its reason, and the refund of a paid one), and a reminder that an order still waits for its
 * payment. In the shopper e-mails' voice and frame (./shopper-emails.tsx): who, what, what
 * happens next, one clear action.
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  ActionButton,
  Callout,
  CalloutText,
  DetailList,
  Divider,
  Keep,
  MultilineText,
  Paragraph,
  SectionHeading,
  type Detail,
} from '../../platform/mail/templates/basic-blocks.tsx';
import type {
  EmailShipment,
  OrderCanceledByShopEmailData,
  OrderReadyToCollectEmailData,
  OrderShippedEmailData,
  OrderTrackingCorrectedEmailData,
  PaymentReminderEmailData,
} from './staff-move-email-data.ts';
import { currencyOf, offlineTermsOf } from './email-data.ts';
import { formatDate, formatDateTime, formatMoney } from '../../platform/mail/templates/format.ts';
import { InlineLink, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import { DeliveryAddress, OrderSummary } from './order-blocks.tsx';
import { OfflineHowToPay, QuestionsLine, ShopperEmailFrame } from './shopper-emails.tsx';
import { EMAIL_SUBJECTS } from './subjects.ts';

/** The pieces a shipment carries, one per line: "1 × Damascus Gyuto 210mm". */
function ShipmentLines({ shipment }: { shipment: EmailShipment }) {
  return (
    <Paragraph>
      {shipment.lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line.quantity} × {line.name}
        </span>
      ))}
    </Paragraph>
  );
}

/** "Adult signature required": the carrier hands the parcel only to an adult who signs. */
function AdultSignature() {
  return (
    <Callout title="Adult signature required">
      <CalloutText>
        This parcel holds age-restricted pieces: the carrier hands it only to an adult who signs for
        it, and may ask for proof of age. If nobody can sign, the carrier leaves a card to arrange
        another delivery.
      </CalloutText>
    </Callout>
  );
}

/** 9. A delivery is on its way: carrier, tracking number and link, what it carries. */
export function OrderShippedEmail({ data, textMode = false }: EmailProps<OrderShippedEmailData>) {
  const { order, shipment } = data;
  const partly = data.stillToCome > 0;
  const details: Detail[] = [
    { label: 'Carrier', value: data.carrier },
    { label: 'Tracking number', value: <Keep>{data.trackingNumber}</Keep> },
    { label: 'Sent on', value: formatDate(data.shippedAt) },
    { label: 'Delivery', value: shipment.method },
  ];
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_shipped(data)}
      preview={`${partly ? 'Part of your order' : 'Your order'} ${order.number} is on its way with ${data.carrier}. Tracking number ${data.trackingNumber}.`}
      heading={partly ? 'Part of your order is on its way' : 'Your order is on its way'}
      textMode={textMode}
    >
      <Paragraph>
        Good news: we&apos;ve sent {partly ? 'part of ' : ''}your order{' '}
        <Keep strong>{order.number}</Keep> with {data.carrier}.
        {data.trackingUrl ? ' You can follow the parcel on its way with the link below.' : ''}
      </Paragraph>
      <DetailList items={details} />
      {shipment.adultSignature ? <AdultSignature /> : null}
      {data.trackingUrl ? (
        <ActionButton
          href={data.trackingUrl}
          secondary={{ href: data.orderUrl, label: 'View your order' }}
        >
          Track your parcel
        </ActionButton>
      ) : (
        <ActionButton href={data.orderUrl}>View your order</ActionButton>
      )}
      <SectionHeading>In this parcel</SectionHeading>
      <ShipmentLines shipment={shipment} />
      {partly ? (
        <Paragraph muted>
          The rest of your order follows separately; we&apos;ll e-mail you again when it does.
        </Paragraph>
      ) : null}
      <Divider />
      <OrderSummary order={order} withImages />
      <DeliveryAddress address={order.deliveryAddress} />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/**
 * 9b. The shop corrected a parcel's carrier or tracking number: the new one, with its link, and
 * the old one named so the shopper sets it aside.
 */
export function OrderTrackingCorrectedEmail({
  data,
  textMode = false,
}: EmailProps<OrderTrackingCorrectedEmailData>) {
  const { order, shipment } = data;
  const details: Detail[] = [
    { label: 'Carrier', value: data.carrier },
    { label: 'Tracking number', value: <Keep>{data.trackingNumber}</Keep> },
    { label: 'Delivery', value: shipment.method },
  ];
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_tracking_corrected(data)}
      preview={`The right tracking number for your order ${order.number} is ${data.trackingNumber} (${data.carrier}).`}
      heading="A corrected tracking number"
      textMode={textMode}
    >
      <Paragraph>
        We gave you the wrong tracking details for your order <Keep strong>{order.number}</Keep>:
        please use the number below instead of <Keep>{data.previousTrackingNumber}</Keep>. The
        parcel itself is on its way as before.
      </Paragraph>
      <DetailList items={details} />
      {data.trackingUrl ? (
        <ActionButton
          href={data.trackingUrl}
          secondary={{ href: data.orderUrl, label: 'View your order' }}
        >
          Track your parcel
        </ActionButton>
      ) : (
        <ActionButton href={data.orderUrl}>View your order</ActionButton>
      )}
      <SectionHeading>In this parcel</SectionHeading>
      <ShipmentLines shipment={shipment} />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/** 10. A collection waits at the workshop: where, when, what to bring. */
export function OrderReadyToCollectEmail({
  data,
  textMode = false,
}: EmailProps<OrderReadyToCollectEmailData>) {
  const { order, shipment, collectFrom } = data;
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_ready_to_collect(data)}
      preview={`Your order ${order.number} is ready to collect${collectFrom ? ` at ${collectFrom.name}` : ''}.`}
      heading="Your order is ready to collect"
      textMode={textMode}
    >
      <Paragraph>
        Your order <Keep strong>{order.number}</Keep> is ready and waiting for you at the workshop.
        Please mention your order number when you come.
      </Paragraph>
      {collectFrom || data.instructions ? (
        <Callout title="Where to collect">
          {collectFrom ? (
            <CalloutText>
              <strong>{collectFrom.name}</strong>
              <br />
              <MultilineText value={collectFrom.address} />
              {collectFrom.phone ? (
                <>
                  <br />
                  Phone: {collectFrom.phone}
                </>
              ) : null}
            </CalloutText>
          ) : null}
          {data.instructions ? (
            <CalloutText>
              <MultilineText value={data.instructions} />
            </CalloutText>
          ) : null}
        </Callout>
      ) : null}
      {shipment.adultSignature ? (
        <Callout title="Proof of age required">
          <CalloutText>
            This order holds age-restricted pieces: we hand them over only to an adult who shows
            proof of age, such as a passport or a photo driving licence.
          </CalloutText>
        </Callout>
      ) : null}
      <SectionHeading>Ready for you</SectionHeading>
      <ShipmentLines shipment={shipment} />
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
      <Divider />
      <OrderSummary order={order} withImages />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/** 11. The shop canceled the order: why, and what happens to the money. */
export function OrderCanceledByShopEmail({
  data,
  textMode = false,
}: EmailProps<OrderCanceledByShopEmailData>) {
  const { order, shop } = data;
  const currency = currencyOf(data);
  const refund = data.refund ? formatMoney(data.refund.amount, currency) : null;
  const money = refund
    ? `We're refunding your payment of ${refund} in full, to the card or account it came from; we'll e-mail you again when it is on its way back.`
    : data.paymentMayStillArrive
      ? "Nothing has been charged. If a payment for this order still reaches us, we'll refund it in full; you don't need to do anything."
      : 'Nothing was charged.';
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.order_canceled_by_shop(data)}
      preview={`We're sorry: we've had to cancel your order ${order.number}. ${money}`}
      heading="We've cancelled your order"
      textMode={textMode}
    >
      <Paragraph>
        We&apos;re sorry: we&apos;ve had to cancel your order <Keep strong>{order.number}</Keep> of{' '}
        {formatDate(order.placedAt)}.
      </Paragraph>
      <Callout title={`Why, from ${shop.name}`}>
        <CalloutText>
          <MultilineText value={data.reason} />
        </CalloutText>
      </Callout>
      <Paragraph>{money}</Paragraph>
      {refund ? (
        <Paragraph muted>
          Depending on your bank, a refund can take a few working days to show on your statement.
        </Paragraph>
      ) : null}
      <ActionButton
        href={data.orderUrl}
        secondary={{ href: shop.shopUrl, label: `Visit ${shop.name}` }}
      >
        View the order
      </ActionButton>
      <Divider />
      <OrderSummary order={order} title="The cancelled order" withImages />
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}

/** 12. An order still waits for its payment and its deadline nears: how to pay, by when. */
export function PaymentReminderEmail({
  data,
  textMode = false,
}: EmailProps<PaymentReminderEmailData>) {
  const { order } = data;
  const terms = offlineTermsOf(data.payment);
  const total = formatMoney(order.total, currencyOf(data));
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.payment_reminder(data)}
      preview={`Order ${order.number} is still waiting for your payment of ${total}${terms.expiresAt ? `; it must reach us by ${formatDateTime(terms.expiresAt)}` : ''}.`}
      heading="Your order is waiting for your payment"
      textMode={textMode}
    >
      <Paragraph>
        A friendly reminder: your order <Keep strong>{order.number}</Keep> of{' '}
        {formatDate(order.placedAt)} is reserved for you, but we haven&apos;t received your payment
        of <strong>{total}</strong> yet.
      </Paragraph>
      <Paragraph muted>
        If you&apos;ve paid in the last day or two, thank you: it may still be on its way, and you
        don&apos;t need to do anything.
      </Paragraph>
      <OfflineHowToPay data={data} payment={data.payment} />
      <Divider />
      <OrderSummary order={order} withImages />
      <Paragraph muted style={{ margin: '24px 0 0' }}>
        Changed your mind? You can cancel the order from{' '}
        <InlineLink href={data.orderUrl}>your order page</InlineLink>.
      </Paragraph>
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}
