/**
 * A product's safety information (EU General Product Safety Regulation, Regulation (EU)
 * 2023/988, "GPSR"; decision 083): what art. 19 asks a distance-selling listing to show before
 * purchase (the manufacturer's name, postal and electronic address, art. 19(a); the EU
 * responsible person of art. 16 where the manufacturer is outside the EU, art. 19(b); what
 * identifies the product, art. 19(c); warnings and safety information in the buyer's language,
 * art. 19(d)), the small fixed set of pictograms a warning may carry, and the one rule that
 * merges a product's own values over the shop's default.
 *
 * Imported by the server (checks, the product answer, the order e-mail), the storefront (the
 * product page's block and its pictograms) and the back office (the editor's fields), so the
 * three never disagree on a field, a limit or a pictogram.
 */

/** The pictograms a warning may carry; kept in the repository, never an external image. */
export const SAFETY_PICTOGRAMS = {
  sharp_edge: {
    label: 'Warning: sharp edge',
    /** SVG path data in a 24 x 24 box (drawn in `currentColor`, stroked). */
    path: 'M3 17 L16 4 L20 8 L7 21 Z M12 12 L14 14',
  },
  keep_away_from_children: {
    label: 'Keep out of reach of children',
    path: 'M12 4 a3 3 0 1 0 0.01 0 M8 21 V12 H16 V21 M3 3 L21 21',
  },
  not_a_toy: {
    label: 'Not a toy',
    path: 'M5 9 a4 4 0 1 1 8 0 V18 H5 Z M15 12 H20 M3 3 L21 21',
  },
  adults_only: {
    label: 'For adults only (18+)',
    path: 'M12 2 a10 10 0 1 0 0.01 0 M8 8 V16 M11 10 a2 2 0 1 1 4 0 a2 2 0 1 1 -4 0 M11 14 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0',
  },
} as const satisfies Record<string, { label: string; path: string }>;

/** One pictogram's key, as the contracts carry it. */
export type SafetyPictogram = keyof typeof SAFETY_PICTOGRAMS;

/** Every pictogram's key, in the order the back office offers them. */
export const SAFETY_PICTOGRAM_KEYS = Object.keys(SAFETY_PICTOGRAMS) as SafetyPictogram[];

/** True for a key of {@link SAFETY_PICTOGRAMS}. */
export function isSafetyPictogram(value: unknown): value is SafetyPictogram {
  return typeof value === 'string' && Object.hasOwn(SAFETY_PICTOGRAMS, value);
}

/**
 * The safety fields as the back office edits them (a product's own, or the shop's default):
 * texts, '' when not set; `pictogram` null when none. Texts are plain (never HTML).
 */
export type SafetyFields = {
  manufacturer_name: string;
  manufacturer_address: string;
  /** An e-mail address or a web address (art. 19(a): "electronic address"). */
  manufacturer_contact: string;
  responsible_person_name: string;
  responsible_person_address: string;
  responsible_person_contact: string;
  /** Type or model (art. 19(c)). */
  model: string;
  /** Batch or serial number (art. 19(c)). */
  batch_or_serial: string;
  /** Warnings and safety information, plain text with line breaks (art. 19(d)). */
  warnings: string;
  pictogram: SafetyPictogram | null;
};

/** The text fields of {@link SafetyFields}, each with its longest length in characters. */
export const SAFETY_TEXT_LIMITS = {
  manufacturer_name: 200,
  manufacturer_address: 500,
  manufacturer_contact: 254,
  responsible_person_name: 200,
  responsible_person_address: 500,
  responsible_person_contact: 254,
  model: 120,
  batch_or_serial: 120,
  warnings: 2000,
} as const satisfies Record<Exclude<keyof SafetyFields, 'pictogram'>, number>;

export type SafetyTextField = keyof typeof SAFETY_TEXT_LIMITS;

/** The text fields that may hold line breaks (addresses and warnings). */
export const SAFETY_MULTILINE: ReadonlySet<SafetyTextField> = new Set([
  'manufacturer_address',
  'responsible_person_address',
  'warnings',
]);

/**
 * The fields a product takes from the shop's default when its own is blank. The identifiers
 * (model, batch or serial number) name one product, so a shop has no default for them.
 */
export const SAFETY_DEFAULTED: readonly (keyof SafetyFields)[] = [
  'manufacturer_name',
  'manufacturer_address',
  'manufacturer_contact',
  'responsible_person_name',
  'responsible_person_address',
  'responsible_person_contact',
  'warnings',
  'pictogram',
];

/** Nothing set: the fields of a product or a shop that never filled them. */
export const EMPTY_SAFETY: SafetyFields = {
  manufacturer_name: '',
  manufacturer_address: '',
  manufacturer_contact: '',
  responsible_person_name: '',
  responsible_person_address: '',
  responsible_person_contact: '',
  model: '',
  batch_or_serial: '',
  warnings: '',
  pictogram: null,
};

/**
 * The values a product's listing shows: per field, the product's own when it is set (not
 * blank), else the shop's default (only for {@link SAFETY_DEFAULTED} fields).
 */
export function resolveSafety(product: SafetyFields, shopDefault: SafetyFields): SafetyFields {
  const out: SafetyFields = { ...product };
  for (const field of SAFETY_DEFAULTED) {
    const own = product[field];
    if (own === null || own === '')
      (out as unknown as Record<string, unknown>)[field] = shopDefault[field];
  }
  return out;
}

/** True when not one field is set. */
export function isSafetyEmpty(fields: SafetyFields): boolean {
  return Object.values(fields).every((value) => value === null || value === '');
}

/**
 * The stored JSON of a safety column (`products.safety`, `shop_settings.product_safety`) as
 * fields; unreadable or absent JSON reads as nothing set, and unknown keys are dropped.
 */
export function parseSafety(json: string | null | undefined): SafetyFields {
  if (!json) return { ...EMPTY_SAFETY };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ...EMPTY_SAFETY };
  }
  if (typeof raw !== 'object' || raw === null) return { ...EMPTY_SAFETY };
  const record = raw as Record<string, unknown>;
  const out: SafetyFields = { ...EMPTY_SAFETY };
  for (const field of Object.keys(SAFETY_TEXT_LIMITS) as SafetyTextField[]) {
    if (typeof record[field] === 'string') out[field] = record[field];
  }
  out.pictogram = isSafetyPictogram(record.pictogram) ? record.pictogram : null;
  return out;
}

/** The JSON a safety column stores; null when nothing is set. */
export function safetyJson(fields: SafetyFields): string | null {
  return isSafetyEmpty(fields) ? null : JSON.stringify(fields);
}
