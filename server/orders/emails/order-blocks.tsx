/**
 * The order as the e-mails show it: its lines (name, options, notes, quantity and price, an
 * optional thumbnail), its totals, its notes, and the delivery address. Amounts are the data's
 * decimal strings, formatted in the frame's currency (format.ts); text mode writes plain lines
 * instead of tables (see layout.tsx).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import { Fragment, type CSSProperties } from 'react';
import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { isHttpUrl } from '../../platform/mail/templates/json-checks.ts';
import { type EmailAddress, type EmailOrder, type EmailOrderLine } from './email-data.ts';
import { formatMoney, splitLines } from '../../platform/mail/templates/format.ts';
import {
  Callout,
  CalloutText,
  MultilineText,
  SectionHeading,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { useEmail } from '../../platform/mail/templates/layout.tsx';

/** "2 × $45.00": the quantity and unit price of a line. */
function quantityText(line: EmailOrderLine, currency: string): string {
  return `${line.quantity} × ${formatMoney(line.unitPrice, currency)}`;
}

/**
 * The order's lines: name, chosen options, notes, quantity × unit price, and the line total.
 * Thumbnails are shown when `withImages` and a line has an http(s) `imageUrl`; their alt text
 * is empty because the product's name is written right beside them.
 */
export function OrderLines({
  order,
  withImages = false,
}: {
  order: EmailOrder;
  withImages?: boolean;
}) {
  const { theme, currency, textMode } = useEmail();
  if (textMode) {
    return (
      <>
        {order.lines.map((line, index) => (
          <Text key={index}>
            {line.name}
            {(line.options ?? []).map((option, i) => (
              <Fragment key={i}>
                <br />
                {option.label}: {option.value}
              </Fragment>
            ))}
            {(line.notes ?? []).map((note, i) => (
              <Fragment key={i}>
                <br />
                {note}
              </Fragment>
            ))}
            {line.safety ? (
              <>
                <br />
                Safety{line.safety.pictogram ? ` (${line.safety.pictogram})` : ''}:{' '}
                <MultilineText value={line.safety.warnings} />
              </>
            ) : null}
            <br />
            {quantityText(line, currency)} = {formatMoney(line.lineTotal, currency)}
          </Text>
        ))}
      </>
    );
  }
  const images = withImages && order.lines.some((line) => isHttpUrl(line.imageUrl));
  const small: CSSProperties = {
    margin: '2px 0 0',
    fontSize: '14px',
    lineHeight: '20px',
    color: theme.inkMuted,
  };
  return (
    <Section style={{ borderTop: `1px solid ${theme.border}` }}>
      {order.lines.map((line, index) => (
        <Row key={index} style={{ borderBottom: `1px solid ${theme.border}` }}>
          {images ? (
            <Column style={{ width: '76px', padding: '14px 12px 14px 0', verticalAlign: 'top' }}>
              {isHttpUrl(line.imageUrl) ? (
                <Img
                  src={line.imageUrl}
                  alt=""
                  width="64"
                  height="64"
                  style={{ borderRadius: '4px', backgroundColor: theme.surfaceMuted }}
                />
              ) : null}
            </Column>
          ) : null}
          <Column style={{ padding: '14px 0', verticalAlign: 'top' }}>
            <Text
              style={{
                margin: 0,
                fontSize: '16px',
                lineHeight: '22px',
                fontWeight: 600,
                color: theme.ink,
              }}
            >
              {line.name}
            </Text>
            {(line.options ?? []).map((option, i) => (
              <Text key={i} style={small}>
                {option.label}: <span style={{ color: theme.ink }}>{option.value}</span>
              </Text>
            ))}
            {(line.notes ?? []).map((note, i) => (
              <Text key={`note-${i}`} style={{ ...small, fontStyle: 'italic' }}>
                {note}
              </Text>
            ))}
            {line.safety ? (
              <Text style={{ ...small, color: theme.ink }}>
                <strong>Safety{line.safety.pictogram ? ` (${line.safety.pictogram})` : ''}:</strong>{' '}
                <MultilineText value={line.safety.warnings} />
              </Text>
            ) : null}
            <Text style={{ ...small, margin: '6px 0 0' }}>Qty {quantityText(line, currency)}</Text>
          </Column>
          <Column
            align="right"
            style={{
              width: '104px',
              padding: '14px 0 14px 12px',
              verticalAlign: 'top',
              textAlign: 'right',
              whiteSpace: 'nowrap',
              fontSize: '16px',
              lineHeight: '22px',
              fontWeight: 600,
              color: theme.ink,
            }}
          >
            {formatMoney(line.lineTotal, currency)}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/**
 * Subtotal, the discount code's line when it used one, shipping when the order has a shipping
 * line, total, and the VAT it includes.
 */
export function OrderTotals({ order }: { order: EmailOrder }) {
  const { theme, currency, textMode } = useEmail();
  const rows: { label: string; amount: string; total?: boolean }[] = [
    { label: 'Subtotal', amount: formatMoney(order.subtotal, currency) },
  ];
  if (order.discount) {
    rows.push({
      label: `Discount (${order.discount.code})`,
      amount: `−${formatMoney(order.discount.amount, currency)}`,
    });
  }
  if (order.shipping) {
    const label = order.shipping.method ? `Shipping (${order.shipping.method})` : 'Shipping';
    rows.push({
      label,
      amount:
        order.shipping.kind === 'free' ? 'Free' : formatMoney(order.shipping.amount, currency),
    });
  }
  rows.push({ label: 'Total', amount: formatMoney(order.total, currency), total: true });
  if (textMode) {
    return (
      <Text>
        {rows.map((row, index) => (
          <Fragment key={row.label}>
            {index > 0 ? <br /> : null}
            {row.label}: {row.amount}
          </Fragment>
        ))}
        {order.vatNote ? (
          <>
            <br />
            {order.vatNote}
          </>
        ) : null}
      </Text>
    );
  }
  return (
    <Section style={{ margin: '8px 0 4px' }}>
      {rows.map((row) => {
        const cell: CSSProperties = {
          padding: row.total ? '10px 0 4px' : '4px 0',
          fontSize: row.total ? '18px' : '15px',
          lineHeight: '24px',
          fontWeight: row.total ? 700 : 400,
          color: row.total ? theme.ink : theme.inkMuted,
          borderTop: row.total ? `1px solid ${theme.border}` : undefined,
        };
        return (
          <Row key={row.label}>
            <Column style={cell}>{row.label}</Column>
            <Column
              align="right"
              style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', color: theme.ink }}
            >
              {row.amount}
            </Column>
          </Row>
        );
      })}
      {order.vatNote ? (
        <Text
          style={{
            margin: '2px 0 0',
            fontSize: '13px',
            lineHeight: '20px',
            color: theme.inkMuted,
            textAlign: 'right',
          }}
        >
          {order.vatNote}
        </Text>
      ) : null}
    </Section>
  );
}

/** The order's notes, when it has any. */
export function OrderNotes({ order }: { order: EmailOrder }) {
  if (!order.orderNotes || order.orderNotes.length === 0) return null;
  return (
    <Callout title="Please note" spaceAbove>
      {order.orderNotes.map((note, index) => (
        <CalloutText key={index}>
          <MultilineText value={note} />
        </CalloutText>
      ))}
    </Callout>
  );
}

/** Lines, totals and notes under one heading. */
export function OrderSummary({
  order,
  title = 'Order summary',
  withImages = false,
}: {
  order: EmailOrder;
  title?: string;
  withImages?: boolean;
}) {
  return (
    <>
      <SectionHeading>{title}</SectionHeading>
      <OrderLines order={order} withImages={withImages} />
      <OrderTotals order={order} />
      <OrderNotes order={order} />
    </>
  );
}

/** The address lines as printed on a parcel. */
export function addressLines(address: EmailAddress): string[] {
  const town = [address.city, address.region].filter(Boolean).join(', ');
  return [
    address.fullName,
    ...splitLines(address.street),
    `${town} ${address.postalCode}`.trim(),
    address.country,
    ...(address.phone ? [`Phone: ${address.phone}`] : []),
  ].filter((line) => line !== '');
}

/** "Delivery address" (or "Collected by" when nothing is delivered) and the address, one line each. */
export function DeliveryAddress({ address }: { address: EmailAddress }) {
  const { theme } = useEmail();
  return (
    <>
      <SectionHeading>{address.collected ? 'Collected by' : 'Delivery address'}</SectionHeading>
      <Text style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: '23px', color: theme.ink }}>
        {addressLines(address).map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </Text>
    </>
  );
}
