/**
 * The pieces the order e-mails are made of: paragraphs, section headings, the call-to-action
 * button, label/value lists, the order's lines and totals, the delivery address, boxed text
 * that keeps its line breaks. Each reads the theme and currency from the frame, and writes
 * plain paragraphs instead of tables in text mode (see layout.tsx).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  isHttpUrl,
  type EmailAddress,
  type EmailOrder,
  type EmailOrderLine,
} from './email-data.ts';
import { formatMoney, splitLines } from './format.ts';
import { FONT_DISPLAY, useEmail } from './layout.tsx';

/** A paragraph of body text (16 px). `muted` for secondary remarks (14 px). */
export function Paragraph({
  children,
  muted = false,
  style,
}: {
  children: ReactNode;
  muted?: boolean;
  style?: CSSProperties;
}) {
  const { theme } = useEmail();
  return (
    <Text
      style={{
        margin: '0 0 16px',
        fontSize: muted ? '14px' : '16px',
        lineHeight: muted ? '22px' : '24px',
        color: muted ? theme.inkMuted : theme.ink,
        ...style,
      }}
    >
      {children}
    </Text>
  );
}

/**
 * Text that must not break across lines (order numbers such as ORD-7K3F-9QXD, whose hyphens
 * are break points), optionally bold.
 */
export function Keep({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  const Tag = strong ? 'strong' : 'span';
  return <Tag style={{ whiteSpace: 'nowrap' }}>{children}</Tag>;
}

/** A heading inside the card (h2), with space above it. */
export function SectionHeading({ children }: { children: ReactNode }) {
  const { theme } = useEmail();
  return (
    <Heading
      as="h2"
      style={{
        margin: '28px 0 12px',
        fontFamily: FONT_DISPLAY,
        fontSize: '19px',
        lineHeight: '26px',
        fontWeight: 600,
        color: theme.ink,
      }}
    >
      {children}
    </Heading>
  );
}

/**
 * The e-mail's main action: a button in HTML, "Label: https://…" on its own line in text.
 * A `secondary` link may follow it ("or view your order").
 */
export function ActionButton({
  href,
  children,
  secondary,
}: {
  href: string;
  children: string;
  secondary?: { href: string; label: string };
}) {
  const { theme, textMode } = useEmail();
  if (textMode) {
    return (
      <Text>
        {children}: {href}
        {secondary ? (
          <>
            <br />
            {secondary.label}: {secondary.href}
          </>
        ) : null}
      </Text>
    );
  }
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: theme.accent,
          color: theme.accentContrast,
          borderRadius: '6px',
          padding: '13px 24px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
      {secondary ? (
        <Text style={{ margin: '12px 0 0', fontSize: '14px', lineHeight: '22px' }}>
          <Link href={secondary.href} style={{ color: theme.link, textDecoration: 'underline' }}>
            {secondary.label}
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

/** A thin rule between parts of the card. */
export function Divider() {
  const { theme, textMode } = useEmail();
  if (textMode) return null;
  return <Hr style={{ margin: '24px 0', borderTop: `1px solid ${theme.border}` }} />;
}

/** Text the shop typed, one `<br>` per line break (Outlook ignores `white-space: pre-line`). */
export function MultilineText({ value }: { value: string }) {
  return (
    <>
      {splitLines(value).map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** A tinted box for what must be copied or noticed: bank details, instructions, notes. */
export function Callout({
  title,
  children,
  spaceAbove = false,
}: {
  title?: string;
  children: ReactNode;
  /** After a table (the totals), which has no margin of its own. */
  spaceAbove?: boolean;
}) {
  const { theme, textMode } = useEmail();
  if (textMode) {
    return (
      <>
        {title ? <Text>{title}</Text> : null}
        {children}
      </>
    );
  }
  return (
    <Section
      style={{
        backgroundColor: theme.surfaceMuted,
        borderRadius: '6px',
        padding: '16px 18px 2px',
        margin: spaceAbove ? '20px 0' : '0 0 20px',
      }}
    >
      {title ? (
        <Text
          style={{
            margin: '0 0 8px',
            fontSize: '13px',
            lineHeight: '18px',
            fontWeight: 700,
            letterSpacing: '0.06em',
            textTransform: 'uppercase',
            color: theme.inkMuted,
          }}
        >
          {title}
        </Text>
      ) : null}
      {children}
    </Section>
  );
}

/** A paragraph inside a Callout: ink on the tinted box, 15 px, line breaks kept. */
export function CalloutText({
  children,
  strong = false,
}: {
  children: ReactNode;
  strong?: boolean;
}) {
  const { theme } = useEmail();
  return (
    <Text
      style={{
        margin: '0 0 14px',
        fontSize: '15px',
        lineHeight: '23px',
        color: theme.ink,
        fontWeight: strong ? 600 : 400,
      }}
    >
      {children}
    </Text>
  );
}

/** One label and its value. */
export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs: a two-column table in HTML, "Label: value" lines in text. */
export function DetailList({ items }: { items: Detail[] }) {
  const { theme, textMode } = useEmail();
  if (textMode) {
    return (
      <Text>
        {items.map((item, index) => (
          <Fragment key={item.label}>
            {index > 0 ? <br /> : null}
            {item.label}: {item.value}
          </Fragment>
        ))}
      </Text>
    );
  }
  return (
    <Section style={{ margin: '0 0 20px' }}>
      {items.map((item) => (
        <Row key={item.label}>
          <Column
            style={{
              width: '38%',
              padding: '5px 12px 5px 0',
              verticalAlign: 'top',
              fontSize: '14px',
              lineHeight: '22px',
              color: theme.inkMuted,
            }}
          >
            {item.label}
          </Column>
          <Column
            style={{
              padding: '5px 0',
              verticalAlign: 'top',
              fontSize: '15px',
              lineHeight: '22px',
              color: theme.ink,
              wordBreak: 'break-word',
            }}
          >
            {item.value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

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

/** Subtotal, shipping when the order has a shipping line, and total. */
export function OrderTotals({ order }: { order: EmailOrder }) {
  const { theme, currency, textMode } = useEmail();
  const rows: { label: string; amount: string; total?: boolean }[] = [
    { label: 'Subtotal', amount: formatMoney(order.subtotal, currency) },
  ];
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
