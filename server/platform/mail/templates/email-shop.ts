/**
 * What every e-mail of a shop carries about the shop that sends it, whichever noun's e-mail it
 * is (the orders' e-mails, server/orders/emails/; the back office's, server/staff/emails/): its
 * name, links, contact address, logo and colours, which the frame (./layout.tsx) draws. Plain
 * JSON, as every e-mail's data is stored in the outbox: times are ISO 8601 strings, URLs
 * absolute http(s), and a field is only ever added as optional.
 */
import { anyString, email, httpUrl, object, optional, text } from './json-checks.ts';

/** An ISO 8601 date-time, preferably UTC with `Z`: "2026-11-23T14:05:00Z". */
export type IsoDateTime = string;

/**
 * The shop's colours as `#rgb` or `#rrggbb`. Every one is optional: a missing or malformed
 * colour falls back to the storefront's palette (src/styles/tokens.css), and a colour that
 * would put text below WCAG AA contrast is replaced by a safe one (see theme.ts).
 */
export interface EmailThemeInput {
  /** Buttons, links, the rule above the card. Storefront: copper #9a4a1c. */
  accent?: string;
  /** Text on an accent button. Chosen for contrast when absent. */
  accentContrast?: string;
  /** Body text and headings. Storefront: #1f1b16. */
  ink?: string;
  /** Secondary text: options, labels, footer. Storefront: #5c534a. */
  inkMuted?: string;
  /** The page behind the card. Storefront: warm off-white #faf7f2. */
  background?: string;
  /** The card. Storefront: #ffffff. */
  surface?: string;
  /** Boxes inside the card (bank details, notes). Storefront: #f1ece4. */
  surfaceMuted?: string;
  /** Hairlines between lines and sections. Storefront: #e2d9cc. */
  border?: string;
  /**
   * The band behind the logo, as the storefront's header: the shop's logo is drawn for it.
   * Storefront: #1f1b16.
   */
  header?: string;
  /** The shop's name on that band, when there is no logo. Storefront: #f5efe6. */
  headerInk?: string;
}

/** The shop sending the e-mail (the tenant), as it shows itself to shoppers. */
export interface EmailShop {
  /** "Ember & Oak". */
  name: string;
  /** The storefront's home page, absolute: "https://emberandoak.example/". */
  shopUrl: string;
  /** The shop's contact address, shown in every footer. */
  contactEmail: string;
  /**
   * An absolute http(s) URL of the shop's logo (PNG or JPEG; SVG is not shown by many mail
   * programs), drawn at most 200 x 48 px; the shop's name is its alt text. Without it the
   * header shows the shop's name as text. A URL that is not http(s) is ignored.
   */
  logoUrl?: string;
  theme?: EmailThemeInput;
  /**
   * Who the seller is, in one line for every footer (E-Commerce Regulations 2002 reg. 6): "Ember
   * & Oak Workshop Ltd · The Old Boatyard, Topsham EX3 0JB · Company no. 09876543 · VAT no.
   * GB284735126". Absent: the footer names the shop only.
   */
  legalLine?: string;
}

/**
 * Checks an e-mail's `shop` (for a noun's guard of its e-mails' data). Decorative fields (the
 * logo and the colours) only need to be strings: a bad one is dropped when rendering.
 */
export const emailShopCheck = object<EmailShop>({
  name: text,
  shopUrl: httpUrl,
  contactEmail: email,
  logoUrl: optional(anyString),
  legalLine: optional(text),
  theme: optional(
    object<EmailThemeInput>({
      accent: optional(anyString),
      accentContrast: optional(anyString),
      ink: optional(anyString),
      inkMuted: optional(anyString),
      background: optional(anyString),
      surface: optional(anyString),
      surfaceMuted: optional(anyString),
      border: optional(anyString),
      header: optional(anyString),
      headerInk: optional(anyString),
    }),
  ),
});
