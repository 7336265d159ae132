/**
 * The sentence a line carries about when it leaves the workshop (contract: Dispatch), built on
 * ./dispatch.ts. Cart lines and order lines carry a dispatch estimate but no lead time, so the
 * made-to-order sentence gives the dates rather than "ships in 3–4 weeks".
 */
import { dispatchRange } from './dispatch';

interface DispatchDates {
  earliest: string;
  latest: string;
}

/**
 * 'Made to order: estimated dispatch 14–21 Dec 2026'; null when the dates do not parse.
 * `locale` undefined: the shopper's own (pass 'en-US' on the server and while hydrating).
 */
export function madeToOrderNote(dispatch: DispatchDates, locale?: string): string | null {
  const range = dispatchRange(dispatch, locale);
  return range ? `Made to order: estimated dispatch ${range}` : null;
}

/** 'Ready: dispatched by 25 Nov 2026' (the latest day it leaves); null when it does not parse. */
export function readyNote(dispatch: DispatchDates, locale?: string): string | null {
  const latest = dispatchRange({ earliest: dispatch.latest, latest: dispatch.latest }, locale);
  return latest ? `Ready: dispatched by ${latest}` : null;
}
