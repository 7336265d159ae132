/**
 * The shopper's e-mail acknowledging their withdrawal from a paid order under the 14-day right:
 * the acknowledgement of receipt on a durable medium "without undue delay", stating the content
 * and the date and time of the withdrawal (Directive 2011/83/EU art. 11a(3), added by Directive
 * (EU) 2023/2673; art. 11(3); the UK's Consumer Contracts Regulations 2013 reg. 36(5)): the
 * order, the lines withdrawn from, the moment it was received to the second in UTC, the seller
 * (who the shopper dealt with), and what happens next: send the pieces back within 14 days, who
 * pays for that, and the refund within 14 days of their return. Words:
 * common/cancellation-form.ts.
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
import { formatDateTimeToSecond } from '../../platform/mail/templates/format.ts';
import type { EmailProps } from '../../platform/mail/templates/layout.tsx';
import { EMAIL_SUBJECTS } from './subjects.ts';
import { QuestionsLine, ShopperEmailFrame } from './shopper-emails.tsx';

/**
 * The acknowledgement of a shopper's withdrawal (Directive 2011/83/EU art. 11a(3)); an e-mail
 * queued before issue 41 (no `withdrawnLines`) shows the order's summary alone.
 */
export function CancellationRequestedEmail({
  data,
  textMode = false,
}: EmailProps<CancellationRequestedEmailData>) {
  const { order, seller } = data;
  const exemptLines = data.exemptLines ?? [];
  const withdrawnLines = data.withdrawnLines ?? [];
  const address = seller.address.trim();
  const receivedAt = formatDateTimeToSecond(data.requestedAt);
  return (
    <ShopperEmailFrame
      data={data}
      title={EMAIL_SUBJECTS.cancellation_requested(data)}
      preview={`We received your withdrawal from order ${order.number} on ${receivedAt}.`}
      heading="Your withdrawal from the contract"
      textMode={textMode}
    >
      <Paragraph>
        We received your withdrawal from the contract for order <Keep strong>{order.number}</Keep>{' '}
        on {receivedAt}. This e-mail is your acknowledgement of it, from {seller.name}.
      </Paragraph>
      <DetailList
        items={[
          { label: 'Order', value: order.number },
          ...(withdrawnLines.length > 0
            ? [{ label: 'Withdrawn from', value: withdrawnLines.join(', ') }]
            : []),
          { label: 'Received on', value: receivedAt },
          ...(data.reason ? [{ label: 'Your reason', value: data.reason }] : []),
        ]}
      />
      {exemptLines.length > 0 ? (
        <Paragraph>
          The right of withdrawal does not cover these pieces, made to order or personalised:{' '}
          {exemptLines.join(', ')}.
        </Paragraph>
      ) : null}
      <OrderSummary order={order} title="The order you withdrew from" />
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
      <Paragraph muted>Questions about your withdrawal? Write to {sellerLine(seller)}.</Paragraph>
      <QuestionsLine data={data} />
    </ShopperEmailFrame>
  );
}
