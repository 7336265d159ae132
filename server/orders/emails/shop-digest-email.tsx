/**
 * The shop's daily list of orders waiting for money it receives by hand (a bank transfer, its
 * own method), sent to its contact address once a day while there are any: each order with its
 * customer, total, method and deadline, and a link to mark it paid. Plain, as the shop's other
 * e-mails (./shop-emails.tsx), in the same frame.
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  ActionButton,
  DetailList,
  Keep,
  Paragraph,
  type Detail,
} from '../../platform/mail/templates/basic-blocks.tsx';
import type { DigestOrder, ShopAwaitingPaymentsDigestEmailData } from './staff-move-email-data.ts';
import { currencyOf } from './email-data.ts';
import { formatDate, formatDateTime, formatMoney } from '../../platform/mail/templates/format.ts';
import { EmailFrame, InlineLink, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import { EMAIL_SUBJECTS } from './subjects.ts';

/** "3 orders", "1 order". */
export function ordersInWords(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** One order as a line of the list: the number, then who, how much, how and by when. */
function orderDetail(order: DigestOrder, currency: string): Detail {
  return {
    label: order.number,
    value: (
      <>
        {order.customerName}, {formatMoney(order.total, currency)} ({order.method}).{' '}
        {order.expiresAt ? `Expires ${formatDateTime(order.expiresAt)}. ` : ''}
        <InlineLink href={order.orderUrl}>Open</InlineLink>
      </>
    ),
  };
}

/** 13. The orders awaiting payment today, soonest deadline first. */
export function ShopAwaitingPaymentsDigestEmail({
  data,
  textMode = false,
}: EmailProps<ShopAwaitingPaymentsDigestEmailData>) {
  const { shop, orders } = data;
  const currency = currencyOf(data);
  const count = ordersInWords(orders.length);
  const day = formatDate(`${data.date}T00:00:00Z`);
  return (
    <EmailFrame
      shop={shop}
      title={EMAIL_SUBJECTS.shop_awaiting_payments_digest(data)}
      preview={`${count} awaiting payment on ${day}, the first ${orders[0]!.number}. Mark each paid when its money arrives.`}
      heading="Orders awaiting payment"
      currency={currency}
      reason={
        <>
          A daily message from your shop {shop.name} while orders wait for money you receive by
          hand, sent to the shop&apos;s contact address {shop.contactEmail}.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>
        On {day}, {count} {orders.length === 1 ? 'is' : 'are'} waiting for money you receive by
        hand. When a payment arrives, find its reference (the order number, such as{' '}
        <Keep strong>{orders[0]!.number}</Keep>) and mark the order paid; an order whose time runs
        out expires on its own and its pieces go back on sale.
      </Paragraph>
      <DetailList items={orders.map((order) => orderDetail(order, currency))} />
      <ActionButton href={data.listUrl}>Open the orders awaiting payment</ActionButton>
    </EmailFrame>
  );
}
