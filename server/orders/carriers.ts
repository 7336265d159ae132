/**
 * The carriers the back office ships with, their names as a shopper reads them, and the page
 * where a parcel is tracked. A tracking link is built from the carrier's template with the tracking
 * number URL-encoded (the back office lets letters, digits, spaces and hyphens through, and a space
 * must not end the link); `other` has no link: the shopper is given the number and the carrier's
 * name only.
 */
import type { Carrier } from './tables.ts';

export type { Carrier };

interface CarrierEntry {
  /** The carrier as the shopper reads it: "Royal Mail". */
  label: string;
  /** The tracking page with `{n}` where the number goes; null when there is none. */
  trackingUrl: string | null;
}

/** Every carrier, in the order the back office offers them. */
export const CARRIERS: { readonly [C in Carrier]: CarrierEntry } = {
  royal_mail: {
    label: 'Royal Mail',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  },
  dpd: { label: 'DPD', trackingUrl: 'https://track.dpd.co.uk/parcels/{n}' },
  parcelforce: {
    label: 'Parcelforce',
    trackingUrl: 'https://www.parcelforce.com/track-trace?trackNumber={n}',
  },
  dhl: {
    label: 'DHL',
    trackingUrl: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id={n}',
  },
  ups: { label: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={n}' },
  other: { label: 'Other carrier', trackingUrl: null },
};

/** The carriers' values, for validation and the back office's choices. */
export const CARRIER_VALUES = Object.keys(CARRIERS) as Carrier[];

/** True when `value` is one of the carriers. */
export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

/** The carrier's name: "Royal Mail"; a value this server no longer knows is shown as stored. */
export function carrierLabel(carrier: string): string {
  return isCarrier(carrier) ? CARRIERS[carrier].label : carrier;
}

/**
 * The page where the parcel is tracked, or null for `other` (and a carrier this server no
 * longer knows): ('dpd', '15501 234') -> "https://track.dpd.co.uk/parcels/15501%20234".
 */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  if (!isCarrier(carrier)) return null;
  const template = CARRIERS[carrier].trackingUrl;
  return template === null ? null : template.replace('{n}', encodeURIComponent(trackingNumber));
}
