/**
 * The model accessibility statement (issue 41, decision 086): the HTML a shop's
 * `accessibility_statement` document starts from, filled with what this storefront does for
 * accessibility and how that is tested, so the owner only adds what the software cannot know.
 *
 * Source: European Accessibility Act, Directive (EU) 2019/882, art. 13(2) and Annex V (a
 * service provider publishes how its service meets the accessibility requirements of Annex I,
 * with the information needed to use it), applying since 28 June 2025; the harmonised standard
 * EN 301 549 v3.2.1, clause 9, is WCAG 2.1 level AA, and the shop aims at WCAG 2.2 level AA,
 * the W3C's current recommendation. A microenterprise providing services is exempt (art. 4(5)):
 * a shop with 10 or more staff or more than €2 million a year is not.
 *
 * Used by the demo seed (server/seed/content-data.ts), by a new shop's creation
 * (server/shops/create-shop.ts) and by the back office's editor for a shop that has not written
 * one yet (./page-editing.ts `getPolicy`). Sanitized like any policy on save and on display.
 */
import { escapeHtml } from '../platform/render/index-html.ts';

/** The statement's title, as the editor and the storefront's page name it. */
export const ACCESSIBILITY_STATEMENT_TITLE = 'Accessibility statement';

/** The words the model puts where the owner must name the enforcement body. */
export const ENFORCEMENT_BODY_PLACEHOLDER =
  '[the authority that enforces accessibility requirements where the shop is established: its name and website]';

/** What the model is filled with. */
export interface StatementFacts {
  /** The shop's name as shoppers read it (site title). */
  shopName: string;
  /** Where to report a problem: the shop's contact e-mail ('' for none: the contact page only). */
  contactEmail: string;
  /** Working days within which the shop answers a report (the model says 5). */
  replyDays?: number;
  /** HTML naming the enforcement body (trusted: written here or by the owner's editor). */
  enforcementBodyHtml?: string;
  /** The statement's date (shown as November 29, 2026, in UTC, as the storefront writes dates). */
  date: Date;
}

/** `date` as 'November 29, 2026' (UTC), the way the storefront's pages write a date. */
export function statementDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The model statement's HTML for `facts`: the conformance target (WCAG 2.2 AA, covering
 * EN 301 549 v3.2.1), what the shop does, how it is tested (axe on every page at 375 and 1280
 * px, tests of WCAG 2.2's criteria 2.4.11, 2.5.8, 3.3.7 and 3.3.8, keyboard and screen-reader
 * checks), the known limitations (the third-party map, the card provider's page, what the owner
 * writes), how to report a problem and when the answer comes, the enforcement body (a
 * placeholder unless given) and the date. Only `h2`, `p`, `ul`, `li`, `a` and `strong`: the
 * storefront's sanitizer keeps them all.
 */
export function accessibilityStatementHtml(facts: StatementFacts): string {
  const shop = escapeHtml(facts.shopName.trim() || 'This shop');
  const email = facts.contactEmail.trim();
  const write = email
    ? `write to <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> or use the <a href="/contact">contact page</a>`
    : 'use the <a href="/contact">contact page</a>';
  const days = facts.replyDays ?? 5;
  const body = facts.enforcementBodyHtml ?? escapeHtml(ENFORCEMENT_BODY_PLACEHOLDER);
  const date = statementDate(facts.date);
  return [
    `<p>${shop} wants everyone to be able to find, choose and buy a piece here, whether they use a screen reader, a keyboard alone, magnification, voice control or a phone. This statement says how the website meets the accessibility requirements of the European Accessibility Act (Directive (EU) 2019/882, Annex I), as its Annex V asks.</p>`,
    '<h2>How accessible this website is</h2>',
    '<p>We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. This covers the European standard EN 301 549 v3.2.1, which asks for WCAG 2.1 at level AA. The website is <strong>partially conformant</strong>: the parts listed under “Known limitations” do not fully meet it yet.</p>',
    '<h2>What the website does</h2>',
    '<ul>' +
      '<li>Every page can be used with a keyboard alone; the focused link or button is clearly outlined and never hidden under a part of the page that stays in place as you scroll.</li>' +
      '<li>Pages have headings, landmarks and labelled form fields a screen reader announces; a form says what is wrong with an entry and how to put it right.</li>' +
      '<li>Text and controls have enough contrast, and every page reflows to one column on a phone without losing anything.</li>' +
      '<li>Buttons, links and fields are at least 24 by 24 pixels, or spaced so that one cannot be pressed instead of another.</li>' +
      '<li>Passwords and sign-in codes can be pasted, and your browser or password manager can fill them in.</li>' +
      '<li>At checkout, your saved address is filled in for you, and what you typed is kept if you go back to the cart: nothing has to be typed twice.</li>' +
      '</ul>',
    '<h2>How we test it</h2>',
    '<ul>' +
      '<li>Every page is checked automatically with axe (the WCAG 2.0, 2.1 and 2.2 level A and AA rules) at a phone’s width and a computer’s, each time the shop’s software changes.</li>' +
      '<li>Automated tests check the WCAG 2.2 criteria axe cannot judge on its own: focus not hidden by a part of the page that stays in place (2.4.11), the size of targets (2.5.8), no entering the same information twice (3.3.7) and signing in without a memory test (3.3.8).</li>' +
      '<li>The main journeys (finding a piece, the cart, checkout, signing in) are checked with a keyboard and a screen reader.</li>' +
      '</ul>',
    '<h2>Known limitations</h2>',
    '<ul>' +
      '<li>The map on the contact page is another company’s; we cannot make it fully accessible. The address is written out beside it.</li>' +
      '<li>Card payments are taken on the payment provider’s page, whose accessibility is the provider’s.</li>' +
      '<li>Descriptions, blog posts and the text alternatives of photos are written by us as we add them: if one is missing or unclear, please tell us.</li>' +
      '</ul>',
    '<h2>Tell us about a problem</h2>',
    `<p>If something on this website is hard to use, or you need information in another format, ${write}. We answer within ${days} working days.</p>`,
    '<h2>Enforcement</h2>',
    `<p>If you are not satisfied with our answer, you can contact ${body}.</p>`,
    '<h2>About this statement</h2>',
    `<p>This statement was prepared on ${date}.</p>`,
  ].join('');
}
