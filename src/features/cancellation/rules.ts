/**
 * The storefront's words for the 14-day cancellation right (UK Consumer Contracts Regulations
 * 2013 regs 29-38, exemption reg 28(1)(b), information before the order Sch. 2(l)-(n); EU
 * Directive 2011/83/EU arts 9-16): which pieces and lines the right covers and how each screen
 * says so. The formal information and the model form are common/cancellation-form.ts, shared
 * with the order e-mail; these are the short notes around them. Pure: each rule is tested alone.
 */
import {
  CANCELLATION_PERIOD_DAYS,
  exemptionReason,
  lineExemptionOf,
  personalisingOption,
  type CancellationSeller,
  type ExemptionReason,
} from '../../../common/cancellation-form';

/** The page every note links to. */
export const CANCELLATION_PATH = '/cancellation';

/** The facts of a piece the product page's note reads (contract: Product). */
export interface ProductFacts {
  made_to_order: boolean;
  /** The owner's flag OR made to order (contract: Product.cancellation_exempt); absent = false. */
  cancellation_exempt?: boolean;
  /** The piece's options; a `text` one (an engraving) personalises the line when filled in. */
  options: readonly { key: string; label: string; kind: 'choice' | 'text' }[];
}

/** What the product page says about cancelling: one sentence, and whether the right applies. */
export interface ProductNote {
  cancellable: boolean;
  text: string;
}

/** Said of a piece the right covers (product page, checkout). */
export const CANCEL_WITHIN_NOTE = `You may cancel within ${CANCELLATION_PERIOD_DAYS} days of delivery.`;

/**
 * The product page's note for the shopper's current choices (reg 28(1)(b); C-529/19: a piece
 * made to order is exempt even before work starts):
 * - made to order: made for the buyer, no cancelling once ordered;
 * - flagged exempt by the owner: the right does not apply;
 * - a text option (an engraving) filled in: personalised, no cancelling once ordered;
 * - a text option left empty: the right applies, and the note says the text would end it;
 * - otherwise: 'You may cancel within 14 days of delivery.'
 * @param values the options form's values, keyed by option key ('' = none / no text).
 */
export function productCancellationNote(
  product: ProductFacts,
  values: Readonly<Record<string, string | undefined>> = {},
): ProductNote {
  const exemption = lineExemptionOf(
    {
      madeToOrder: product.made_to_order,
      flaggedExempt: product.cancellation_exempt ?? false,
      options: product.options,
    },
    values,
  );
  if (exemption === 'made_to_order') {
    return {
      cancellable: false,
      text: 'Made to order for you, so it cannot be cancelled once ordered.',
    };
  }
  if (exemption === 'exempt') {
    return {
      cancellable: false,
      text: 'Made to your specification, so it cannot be cancelled once ordered.',
    };
  }
  const texts = product.options.filter((option) => option.kind === 'text');
  const filled = personalisingOption(product.options, values);
  if (filled) {
    return {
      cancellable: false,
      text: `Personalised with your ${filled.label.toLowerCase()}, so it cannot be cancelled once ordered. Without it, you may cancel within ${CANCELLATION_PERIOD_DAYS} days of delivery.`,
    };
  }
  if (texts.length > 0) {
    return {
      cancellable: true,
      text: `${CANCEL_WITHIN_NOTE} With ${withArticle(texts[0]!.label.toLowerCase())} it is personalised and cannot be cancelled once ordered.`,
    };
  }
  return { cancellable: true, text: CANCEL_WITHIN_NOTE };
}

/** 'an engraving', 'a name': the article a lower-case noun takes. */
function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** A cart or order line's facts (contract: CartItem / OrderItem). */
export interface LineFacts {
  /** The server's verdict: the piece is exempt or the line is personalised. Absent = false. */
  cancellation_exempt?: boolean;
  made_to_order: boolean;
}

/**
 * Why a line has no right, or null when it has one. A made-to-order line is 'made_to_order';
 * any other exempt line is the owner's flag or a personalisation, which the line alone cannot
 * tell apart ('exempt': "made to your specification or personalised").
 */
export function lineExemption(line: LineFacts): ExemptionReason | null {
  if (!line.cancellation_exempt) return null;
  return line.made_to_order ? 'made_to_order' : 'exempt';
}

/** What the checkout says before the order button about the right for this order. */
export interface OrderRightSummary {
  /** The lead sentence. */
  lead: string;
  /** The exempt lines: their name and why (common/cancellation-form.ts `exemptionReason`). */
  exempt: { id: number; name: string; reason: string }[];
}

/**
 * The checkout's summary of the right for the lines about to be ordered (Sch. 2(l), (n): the
 * shopper learns before ordering which pieces can be cancelled and which cannot):
 * - none exempt: 'You may cancel this order within 14 days of delivery, without giving a reason.';
 * - some exempt: the same for the other pieces, and each exempt line with its reason;
 * - all exempt: 'No piece of this order can be cancelled once it is placed:' and the reasons.
 */
export function orderRightSummary(
  lines: readonly (LineFacts & { id: number; name: string })[],
): OrderRightSummary {
  const exempt = lines.flatMap((line) => {
    const reason = lineExemption(line);
    return reason ? [{ id: line.id, name: line.name, reason: exemptionReason(reason) }] : [];
  });
  const lead =
    exempt.length === 0
      ? `You may cancel this order within ${CANCELLATION_PERIOD_DAYS} days of delivery, without giving a reason.`
      : exempt.length === lines.length
        ? lines.length === 1
          ? 'This piece cannot be cancelled once the order is placed:'
          : 'No piece of this order can be cancelled once it is placed:'
        : `You may cancel the other pieces within ${CANCELLATION_PERIOD_DAYS} days of delivery, but not these:`;
  return { lead, exempt };
}

/** Said under every summary: the right to cancel is not the right to a refund for a fault. */
export const FAULTY_GOODS_NOTE =
  'This does not affect your rights if a piece is faulty or not as described.';

/**
 * A date-time as the calendar day it falls on in UTC ('December 8, 2026' in en-US): the
 * cancellation deadline is the end of a day in UTC, which a shopper east of Greenwich would
 * otherwise read as the next day. '' when missing or unparsable.
 */
export function cancellationDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A date-time to the second in UTC, the zone named: 'December 2, 2026 at 09:00:05 UTC' in
 * en-US, '2 December 2026 at 09:00:05 UTC' in en-GB: when a withdrawal was received, as the
 * acknowledgement e-mail states it (Directive 2011/83/EU art. 11a(3)). '' when missing or
 * unparsable.
 */
export function cancellationDateTime(iso: string | null | undefined, locale?: string): string {
  const day = cancellationDate(iso, locale);
  if (!day) return '';
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(iso!));
  return `${day} at ${time} UTC`;
}

/** The order page's cancellation state (contract: Order.cancellation). */
export interface OrderCancellationState {
  exempt: boolean;
  deadline: string | null;
  can_request: boolean;
  requested_at: string | null;
}

/**
 * The order page's messages of the 14-day right and the withdrawal function's two steps
 * (Directive 2011/83/EU art. 11a(1)-(2): the function is labelled 'withdraw from contract here'
 * and the confirmation 'confirm withdrawal', these exact words).
 */
export const ORDER_CANCELLATION_TEXT = {
  title: 'Cancelling this order',
  button: 'Withdraw from contract here',
  formTitle: 'Withdraw from the contract',
  formLead:
    'Check the details below, then confirm. You do not need to give a reason. The shop will e-mail you an acknowledgement and tell you how to send the pieces back.',
  orderLabel: 'Order',
  linesLabel: 'Pieces you withdraw from',
  nameLabel: 'Name',
  emailLabel: 'E-mail',
  reasonLabel: 'Reason (optional)',
  reasonHint: 'Leave it empty if you prefer not to say.',
  confirm: 'Confirm withdrawal',
  keep: 'Keep my order',
  failed: 'Your withdrawal could not be sent. Please try again, or e-mail the shop.',
  until: (date: string) => `You can cancel until ${date}.`,
  untilDelivery: 'You can cancel until 14 days after the order reaches you.',
  requested: (dateTime: string) =>
    `Withdrawal received on ${dateTime}. An acknowledgement has been sent to your e-mail address. The shop will refund within 14 days of receiving the pieces back.`,
  exempt:
    'The pieces of this order were made to order or personalised for you, so the 14-day right to cancel does not apply to it.',
  ended: (date: string) => `The 14-day cancellation period ended on ${date}.`,
  rightsLink: 'Your cancellation rights',
} as const;

/**
 * The lines the order page shows about the right, before the button (if any):
 * - requested: 'Withdrawal received on {date} at {hh:mm:ss} UTC. An acknowledgement has been
 *   sent to your e-mail address. …' (the acknowledgement of art. 11a(3), on the page too);
 * - exempt: why not (made to order or personalised);
 * - open: 'You can cancel until {date}.', or before anything has shipped (no date yet) 'You
 *   can cancel until 14 days after the order reaches you.';
 * - past its deadline: 'The 14-day cancellation period ended on {date}.';
 * - otherwise (unpaid, canceled): nothing.
 * @param now the time the deadline is compared with (tests pass one).
 */
export function orderCancellationLines(
  state: OrderCancellationState,
  locale?: string,
  now: Date = new Date(),
): string[] {
  if (state.requested_at) {
    return [ORDER_CANCELLATION_TEXT.requested(cancellationDateTime(state.requested_at, locale))];
  }
  if (state.exempt) return [ORDER_CANCELLATION_TEXT.exempt];
  const deadline = cancellationDate(state.deadline, locale);
  if (state.can_request) {
    return [
      deadline ? ORDER_CANCELLATION_TEXT.until(deadline) : ORDER_CANCELLATION_TEXT.untilDelivery,
    ];
  }
  const passed = state.deadline !== null && new Date(state.deadline).getTime() < now.getTime();
  return deadline && passed ? [ORDER_CANCELLATION_TEXT.ended(deadline)] : [];
}

/**
 * The exempt lines of an order the right still covers in part: 'These pieces cannot be
 * cancelled (made to order or personalised): Oak Board, Engraved Knife.', or null when none is.
 */
export function exemptLinesNote(lines: readonly (LineFacts & { name: string })[]): string | null {
  const names = lines.filter((line) => lineExemption(line) !== null).map((line) => line.name);
  if (names.length === 0) return null;
  return `${names.length === 1 ? 'This piece cannot' : 'These pieces cannot'} be cancelled, as made to order or personalised for you: ${names.join(', ')}.`;
}

/**
 * Who the shopper cancels with: the site settings' `seller` (legal name, geographic address,
 * e-mail; E-Commerce Regulations 2002 reg. 6), else the site title and contact e-mail with no
 * address (a shop whose owner has not filled the seller in yet).
 */
export function cancellationSeller(
  settings:
    | {
        site_title?: string | null;
        contact_email?: string | null;
        seller?: { legal_name?: string | null; address?: string | null; email?: string | null };
      }
    | null
    | undefined,
): CancellationSeller {
  const seller = settings?.seller;
  return {
    name: seller?.legal_name?.trim() || settings?.site_title?.trim() || '',
    address: seller?.address?.trim() ?? '',
    email: seller?.email?.trim() || settings?.contact_email?.trim() || '',
  };
}
