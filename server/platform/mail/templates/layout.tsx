/**
 * The frame every e-mail shares (the orders' and the back office's): the shop's logo or name,
 * one card with the heading and the content, and a footer with the shop's contact address and why
 * the recipient got the message. Built from React Email's components (tables where mail programs
 * need them), inline styles only, no web fonts, no images other than the shop's logo and line
 * thumbnails.
 *
 * Each e-mail renders twice: once for the HTML part and once in "text mode" for the plain-text
 * part. In text mode the blocks that are tables in HTML (order lines, totals, detail lists)
 * write plain paragraphs instead, so the text part keeps each amount beside its label.
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { EmailShop } from './email-shop.ts';
import { isHttpUrl } from './json-checks.ts';
import { resolveTheme, type EmailTheme } from './theme.ts';

/** The storefront's type (tokens.css): system sans for text, an old-style serif for headings. */
export const FONT_BODY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const FONT_DISPLAY =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif";

/** What every block needs to know about the e-mail it is in. */
export interface EmailContextValue {
  theme: EmailTheme;
  /** ISO 4217 code of the order's amounts. */
  currency: string;
  /** True while rendering the plain-text part. */
  textMode: boolean;
}

const EmailContext = createContext<EmailContextValue>({
  theme: resolveTheme(undefined),
  currency: 'USD',
  textMode: false,
});

/** The theme, currency and render mode of the e-mail being rendered. */
export function useEmail(): EmailContextValue {
  return useContext(EmailContext);
}

/** Props every e-mail component takes. */
export interface EmailProps<T> {
  data: T;
  /** Render the markup the plain-text part is converted from. */
  textMode?: boolean;
}

export interface EmailFrameProps {
  shop: EmailShop;
  /** The e-mail's subject, also the document's title. */
  title: string;
  /** The preheader: the line mail programs show after the subject in the inbox (at most ~150 characters). */
  preview: string;
  heading: string;
  /** ISO 4217 code for every amount in the e-mail. */
  currency: string;
  /** Why the recipient got this e-mail, one or two sentences for the footer. */
  reason: ReactNode;
  textMode: boolean;
  children: ReactNode;
}

// Phones: less padding around and inside the card, so the order lines keep their width.
const RESPONSIVE_CSS = `
@media only screen and (max-width: 620px) {
  .email-outer { padding: 12px 8px 24px !important; }
  .email-card { padding: 24px 18px !important; }
}
`;

/** The whole document: `<html lang="en">`, head, preheader, header, card, footer. */
export function EmailFrame({
  shop,
  title,
  preview,
  heading,
  currency,
  reason,
  textMode,
  children,
}: EmailFrameProps) {
  const theme = resolveTheme(shop.theme);
  const context: EmailContextValue = { theme, currency, textMode };
  const logoUrl = isHttpUrl(shop.logoUrl) ? shop.logoUrl : undefined;
  const small: CSSProperties = {
    margin: '0 0 6px',
    fontSize: '13px',
    lineHeight: '20px',
    color: theme.inkMuted,
    textAlign: 'center',
  };
  return (
    <EmailContext.Provider value={context}>
      <Html lang="en" dir="ltr">
        <Head>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light" />
          <meta name="supported-color-schemes" content="light" />
          <title>{title}</title>
          {textMode ? null : <style>{RESPONSIVE_CSS}</style>}
        </Head>
        <Body
          style={{
            backgroundColor: theme.background,
            margin: 0,
            padding: 0,
            fontFamily: FONT_BODY,
            color: theme.ink,
          }}
        >
          {textMode ? null : <Preview>{preview}</Preview>}
          <Container
            className="email-outer"
            style={{ maxWidth: '600px', width: '100%', padding: '24px 16px 32px' }}
          >
            {textMode ? (
              <Text>{shop.name}</Text>
            ) : (
              <Section
                style={{
                  backgroundColor: theme.header,
                  borderRadius: '8px 8px 0 0',
                  padding: '20px 24px',
                  textAlign: 'center',
                }}
              >
                <Link
                  href={shop.shopUrl}
                  style={{ color: theme.headerInk, textDecoration: 'none' }}
                >
                  {logoUrl ? (
                    <Img
                      src={logoUrl}
                      alt={shop.name}
                      height="48"
                      style={{
                        height: '48px',
                        width: 'auto',
                        maxWidth: '240px',
                        margin: '0 auto',
                        color: theme.headerInk,
                        fontFamily: FONT_DISPLAY,
                        fontSize: '22px',
                      }}
                    />
                  ) : (
                    <span
                      style={{
                        fontFamily: FONT_DISPLAY,
                        fontSize: '24px',
                        lineHeight: '32px',
                        fontWeight: 600,
                        letterSpacing: '0.01em',
                        color: theme.headerInk,
                      }}
                    >
                      {shop.name}
                    </span>
                  )}
                </Link>
              </Section>
            )}
            <Section
              className="email-card"
              style={{
                backgroundColor: theme.surface,
                border: `1px solid ${theme.border}`,
                borderTop: `4px solid ${theme.accent}`,
                borderRadius: textMode ? '8px' : '0 0 8px 8px',
                padding: '32px 32px 28px',
              }}
            >
              <Heading
                as="h1"
                style={{
                  margin: '0 0 16px',
                  fontFamily: FONT_DISPLAY,
                  fontSize: '28px',
                  lineHeight: '34px',
                  fontWeight: 600,
                  color: theme.ink,
                }}
              >
                {heading}
              </Heading>
              {children}
            </Section>
            <Section style={{ padding: '24px 8px 0' }}>
              {textMode ? <Text style={small}>--</Text> : null}
              <Text style={small}>
                {shop.name} ·{' '}
                <InlineLink href={`mailto:${shop.contactEmail}`} muted>
                  {shop.contactEmail}
                </InlineLink>{' '}
                ·{' '}
                <InlineLink href={shop.shopUrl} muted>
                  {displayUrl(shop.shopUrl)}
                </InlineLink>
              </Text>
              {shop.legalLine ? <Text style={small}>{shop.legalLine}</Text> : null}
              <Text style={small}>{reason}</Text>
            </Section>
          </Container>
        </Body>
      </Html>
    </EmailContext.Provider>
  );
}

/** A link inside running text; in text mode the address itself, so it can be followed. */
export function InlineLink({
  href,
  children,
  muted = false,
}: {
  href: string;
  children: ReactNode;
  /** In the footer: the muted text colour rather than the link colour. */
  muted?: boolean;
}) {
  const { theme, textMode } = useEmail();
  if (textMode) {
    const address = href.startsWith('mailto:') ? href.slice('mailto:'.length) : href;
    if (children === address || children === displayUrl(href)) return <>{address}</>;
    return (
      <>
        {children} ({address})
      </>
    );
  }
  return (
    <Link
      href={href}
      style={{ color: muted ? theme.inkMuted : theme.link, textDecoration: 'underline' }}
    >
      {children}
    </Link>
  );
}

/** "https://emberandoak.example/" -> "emberandoak.example": how a person writes the address. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}
