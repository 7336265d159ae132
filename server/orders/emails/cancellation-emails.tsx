/**
 * The shopper's e-mail acknowledging their request to cancel a paid order under the 14-day
 * right (Directive 2011/83/EU art. 11(3): the acknowledgement of receipt on a durable medium),
 * with what happens next: send the pieces back within 14 days, who pays for that, and the
 * refund within 14 days of their return. Words: common/cancellation-form.ts.
 *
 * @jsxRuntime automatic (see ./shopper-emails.tsx)
 */
import {
  CANCELLATION_PERIOD_DAYS,
  REFUND_WITHIN_DAYS,
  sellerLine,
} from '../../../common/cancellation-form.ts';
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
} from '../../platform/mail/templates/basic-blocks.tsx';
import type { CancellationRequestedEmailData } from './order-email-data.ts';
import { OrderSummary } from './order-blocks.tsx';
import { formatDateTime } from '../../platform/mail/templates/format.ts';
import type { EmailProps } from '../../platform/mail/templates/layout.tsx';
import { EMAIL_SUBJECTS } from './subjects.ts';
import { QuestionsLine, ShopperEmailFrame } from './shopper-emails.tsx';

/** The acknowledgement of a shopper's request to cancel (Directive 2011/83/EU art. 11(3)). */
export function CancellationRequestedEmail({
  data,
  textMode = false,
}: EmailProps<CancellationRequestedEmailData>) {
  const { order, seller } = data;
  const exemptLines = data.exemptLines ?? [];
  const address = seller.address.trim();
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.cancellation_requested(data)}
      preview={`We received your request to cancel order ${order.number} on ${formatDateTime(data.requestedAt)}.`}
      heading="Your request to cancel"
      textMode={textMode}
    >
      <Paragraph>
        We received your request to cancel order <Keep strong>{order.number}</Keep> on{' '}
        {formatDateTime(data.requestedAt)}. This e-mail is your acknowledgement of it.
      </Paragraph>
      <DetailList
        items={[
          { label: 'Order', value: order.number },
          { label: 'Received on', value: formatDateTime(data.requestedAt) },
          ...(data.reason ? [{ label: 'Your reason', value: data.reason }] : []),
        ]}
      />
      {exemptLines.length > 0 ? (
        <Paragraph>
          The right to cancel does not cover these pieces, made to order or personalised:{' '}
          {exemptLines.join(', ')}.
        </Paragraph>
      ) : null}
      <OrderSummary order={order} title="The order you asked to cancel" />
      <SectionHeading>What happens next</SectionHeading>
      <Paragraph>
        Please send the pieces back, or hand them over to us, within {CANCELLATION_PERIOD_DAYS} days
        of today{address ? ', to:' : '.'}
      </Paragraph>
      {address ? (
        <Callout>
          <CalloutText>
            <MultilineText value={`${seller.name}\n${address}`} />
          </CalloutText>
        </Callout>
      ) : null}
      <Paragraph>
        {data.returnCostsPaidBy === 'shopper'
          ? 'You pay the direct cost of sending them back.'
          : 'We pay the cost of sending them back.'}{' '}
        We will refund your payment, including the standard delivery charge, within{' '}
        {REFUND_WITHIN_DAYS} days of receiving the pieces (or of your proof of sending them, if
        earlier), by the means you paid with.
      </Paragraph>
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
      <Divider />
      <Paragraph muted>Questions about cancelling? Write to {sellerLine(seller)}.</Paragraph>
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}
