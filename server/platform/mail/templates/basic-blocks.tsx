/**
 * The generic pieces of an e-mail's card: paragraphs, unbreakable text, words with values
 * filled in, section headings, the call-to-action button, a divider, boxed text that keeps its
 * line breaks, and label/value lists. Each reads the theme from the frame and writes plain
 * paragraphs instead of tables in text mode (see layout.tsx).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { splitLines, valueOf, wordParts } from './format.ts';
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

/**
 * Words that name values in braces (an e-mail's words, such as the order e-mails'
 * server/orders/emails/payment-texts.ts), with each value put in its place as
 * given: text, or an element such as the bold total. A value's own braces are never read.
 * @throws Error when the words name a value that `values` lacks (a mistake in the words).
 */
export function FilledWords({
  words,
  values,
}: {
  words: string;
  values: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <>
      {wordParts(words).map((part, index) => (
        <Fragment key={index}>
          {'text' in part ? part.text : valueOf(words, values, part.value)}
        </Fragment>
      ))}
    </>
  );
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
