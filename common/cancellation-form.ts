/**
 * The words of the 14-day cancellation right, in ONE place: the information the shopper must be
 * given before and after the order, and the model cancellation form, for the order confirmation
 * e-mail (server/platform/mail/templates) and the storefront's `/cancellation` page alike. Pure
 * and without imports, so the storefront, the back office and the server's build all include it.
 *
 * The law it implements:
 * - UK: the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations
 *   2013, regs 29-38 (the right, its period, its effects), reg 28(1)(b) (goods made to the
 *   consumer's specifications or clearly personalised are exempt), Schedule 2 (the information:
 *   (l) the conditions, time limit and procedures, (m) who bears the cost of returning goods,
 *   (n) that no right applies), Schedule 3 (Part A model instructions, Part B model form).
 * - EU: Directive 2011/83/EU arts 9-16 and Annex I (A: the model instructions, B: the model
 *   withdrawal form); the CJEU's judgment in C-529/19 (Möbel Kraft) that a made-to-measure
 *   good is exempt even before its maker starts work.
 *
 * What the shop decides rather than the law (see docs/spec-deviations.md): delivery is not
 * recorded, so the period is counted from the day the shipment was collected, or
 * `ASSUMED_DELIVERY_DAYS` after it was shipped; the shopper pays the direct cost of returning a
 * product unless a caller says the shop does (`returnCostsPaidBy`).
 *
 * Usage:
 *   const seller = { name: 'Ember & Oak Ltd', address: '1 Forge Lane\nSheffield S1 1AA', email:
 *   'hello@example.com' }; cancellationInformation({ seller })   // [{ heading, paragraphs }] —
 *   Sch. 3 Part A, filled in modelCancellationForm(seller)         // { title, intro, lines,
 *   footnote } — Sch. 3 Part B modelCancellationFormText(seller)     // the same form as plain
 *   text, lines joined by "\n" exemptionReason('personalised')       // why a line has no right, in
 *   plain words
 */

/** The cancellation period, in days after delivery (reg 30(3)(a); art. 9(2)(b)). */
export const CANCELLATION_PERIOD_DAYS = 14;

/**
 * The shop does not record when a parcel arrives: a shipment shipped on day D is taken as
 * delivered on day D + 7 (a generous estimate for UK and EU parcels), so the shopper's window
 * never ends earlier than the law's. A collected shipment is delivered the day it is collected.
 */
export const ASSUMED_DELIVERY_DAYS = 7;

/** The refund is made within this many days of the goods' return (reg 34(4)-(6); art. 13(1)). */
export const REFUND_WITHIN_DAYS = 14;

/** The most characters a shopper's optional reason for cancelling may hold. */
export const CANCELLATION_REASON_MAX_LENGTH = 1000;

/** Who the shopper writes to: the seller's name, geographic address and e-mail (Sch. 2(c)-(e)). */
export interface CancellationSeller {
  /** The trading or legal name: "Ember & Oak Workshop Ltd". */
  name: string;
  /** The geographic address, lines joined by "\n"; '' when the shop has not given one yet. */
  address: string;
  /** The e-mail address cancellations go to. */
  email: string;
}

/** Why a line (or a product) has no cancellation right (reg 28(1)(b); art. 16(c)). */
export type ExemptionReason = 'made_to_order' | 'personalised' | 'exempt';

/**
 * The one rule of which lines have no right to cancel (reg. 28(1)(b); art. 16(c); C-529/19:
 * exempt even before work starts), for the server's verdict on a line and the product page's
 * note as the shopper fills in the options:
 * - a product made to order: 'made_to_order';
 * - a product its owner flagged exempt: 'exempt';
 * - a text option (an engraving) filled in: 'personalised' (a choice among the shop's standard
 *   values, a handle wood, is not a personalisation: the UK guidance on reg. 28(1)(b));
 * - otherwise null: the right applies.
 * @param values the line's option values by key ('' or absent: no text); a key the product no
 *   longer offers counts as none.
 */
export function lineExemptionOf(
  product: {
    madeToOrder: boolean;
    flaggedExempt: boolean;
    options: readonly { key: string; kind: string }[];
  },
  values: Readonly<Record<string, string | undefined>>,
): ExemptionReason | null {
  if (product.madeToOrder) return 'made_to_order';
  if (product.flaggedExempt) return 'exempt';
  return personalisingOption(product.options, values) ? 'personalised' : null;
}

/** The first text option of `options` filled in `values` (see {@link lineExemptionOf}). */
export function personalisingOption<O extends { key: string; kind: string }>(
  options: readonly O[],
  values: Readonly<Record<string, string | undefined>>,
): O | undefined {
  return options.find(
    (option) => option.kind === 'text' && (values[option.key] ?? '').trim() !== '',
  );
}

/** A heading and its paragraphs of plain text (no markup; render them as text nodes). */
export interface CancellationSection {
  heading: string;
  paragraphs: string[];
}

/** The model cancellation form of Sch. 3 Part B (Annex I(B)), the seller's details filled in. */
export interface ModelCancellationForm {
  title: string;
  /** "(Complete and return this form only if you wish to cancel the contract)". */
  intro: string;
  /** The form's lines, in order; the first names the seller. */
  lines: string[];
  /** "[*] Delete as appropriate." */
  footnote: string;
}

/** The seller as one line: "Name, 1 Forge Lane, Sheffield S1 1AA, hello@example.com". */
export function sellerLine(seller: CancellationSeller): string {
  const address = seller.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return [seller.name, ...address, seller.email].filter(Boolean).join(', ');
}

/**
 * Why a line has no cancellation right, as one plain sentence for the shopper.
 * @param reason made_to_order: the product is made to the buyer's order; personalised: the line
 *   carries the buyer's own text (an engraving); exempt: the owner marked the product as made to
 *   the buyer's specification or personalised.
 */
export function exemptionReason(reason: ExemptionReason): string {
  switch (reason) {
    case 'made_to_order':
      return 'Made to your order, so it cannot be cancelled once ordered (it is made to your specification).';
    case 'personalised':
      return 'Personalised with your own text, so it cannot be cancelled once ordered.';
    case 'exempt':
      return 'Made to your specification or personalised, so it cannot be cancelled once ordered.';
  }
}

/** The short note shown where a product or line is exempt (product page, checkout, e-mail). */
export const EXEMPT_NOTE =
  'Made to order or personalised: the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, reg. 28(1)(b)).';

/** The short note shown where the right applies. */
export const RIGHT_APPLIES_NOTE = `You may cancel within ${CANCELLATION_PERIOD_DAYS} days of delivery, without giving a reason.`;

/**
 * The cancellation information of Sch. 2(l)-(n) in the words of Sch. 3 Part A (the model
 * instructions), with the shop's choices filled in: the period runs from delivery, the shopper
 * sends the products back and (by default) pays the direct cost of doing so, the refund (the
 * payment and the standard delivery charge) comes within 14 days by the same means of payment.
 * @param opts.seller who to write to.
 * @param opts.returnCostsPaidBy 'shopper' (default) or 'shop', for Sch. 2(m).
 * @param opts.orderPageHint when true, tells the shopper they may also ask from their order page.
 * @returns sections of plain text, to render as headings and paragraphs.
 */
export function cancellationInformation(opts: {
  seller: CancellationSeller;
  returnCostsPaidBy?: 'shopper' | 'shop';
  orderPageHint?: boolean;
}): CancellationSection[] {
  const { seller } = opts;
  const returnCosts =
    (opts.returnCostsPaidBy ?? 'shopper') === 'shopper'
      ? 'You will have to bear the direct cost of returning the goods.'
      : 'We will pay the cost of returning the goods.';
  return [
    {
      heading: 'Your right to cancel',
      paragraphs: [
        `You have the right to cancel this contract within ${CANCELLATION_PERIOD_DAYS} days without giving any reason.`,
        `The cancellation period will expire after ${CANCELLATION_PERIOD_DAYS} days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods (for an order in several parcels, the last of them).`,
        `To exercise the right to cancel, you must inform us (${sellerLine(seller)}) of your decision to cancel this contract by a clear statement (e.g. a letter sent by post or an e-mail).${opts.orderPageHint ? ' You can also ask from your order page in your account.' : ''} You may use the model cancellation form below, but it is not obligatory.`,
        'To meet the cancellation deadline, it is sufficient for you to send your communication concerning your exercise of the right to cancel before the cancellation period has expired.',
      ],
    },
    {
      heading: 'Pieces you cannot cancel',
      paragraphs: [
        'The right does not apply to goods made to your specifications or clearly personalised (Consumer Contracts Regulations 2013, reg. 28(1)(b); Directive 2011/83/EU, art. 16(c)): pieces made to order, and pieces with your own text (an engraving). It does not apply to them even before work on them starts. Each piece of the shop says whether it can be cancelled.',
      ],
    },
    {
      heading: 'Effects of cancellation',
      paragraphs: [
        'If you cancel this contract, we will reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us).',
        'We may make a deduction from the reimbursement for loss in value of any goods supplied, if the loss is the result of unnecessary handling by you.',
        `We will make the reimbursement without undue delay, and not later than ${REFUND_WITHIN_DAYS} days after the day we receive back from you any goods supplied, or (if earlier) ${REFUND_WITHIN_DAYS} days after the day you provide evidence that you have returned the goods.`,
        'We will make the reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of the reimbursement.',
        `Please send back the goods or hand them over to us without undue delay and in any event not later than ${CANCELLATION_PERIOD_DAYS} days from the day on which you communicate your cancellation from this contract to us. The deadline is met if you send back the goods before the period of ${CANCELLATION_PERIOD_DAYS} days has expired.`,
        returnCosts,
        'You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.',
      ],
    },
  ];
}

/**
 * The model cancellation form (Sch. 3 Part B; Annex I(B) of Directive 2011/83/EU), with the
 * seller's name, geographic address and e-mail address filled in where the form asks for them.
 */
export function modelCancellationForm(seller: CancellationSeller): ModelCancellationForm {
  return {
    title: 'Model cancellation form',
    intro: '(Complete and return this form only if you wish to cancel the contract)',
    lines: [
      `To ${sellerLine(seller)}:`,
      'I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],',
      'Ordered on [*]/received on [*],',
      'Name of consumer(s),',
      'Address of consumer(s),',
      'Signature of consumer(s) (only if this form is notified on paper),',
      'Date',
    ],
    footnote: '[*] Delete as appropriate.',
  };
}

/** The model cancellation form as plain text: title, intro, one "— " line each, footnote. */
export function modelCancellationFormText(seller: CancellationSeller): string {
  const form = modelCancellationForm(seller);
  return [
    form.title,
    form.intro,
    '',
    ...form.lines.map((line) => `— ${line}`),
    '',
    form.footnote,
  ].join('\n');
}
