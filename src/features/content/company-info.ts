/**
 * The About page's content (spec sections 2, 3 and 8), from `GET /pages/company-info/`
 * (docs/spec-deviations.md row 2 names the call). Pure, so it runs the same wherever the page
 * renders.
 */
import { isNotFound } from '../../api/errors';

/** Spec section 8, company info, word for word. */
export const COMPANY_MESSAGES = {
  /** The answer holds nothing to show. */
  unavailable: 'Company information is currently unavailable.',
  /** The call answered 404. */
  notFound: 'Company information endpoint not found.',
  /** Any other failed call (another status, the network). */
  failed: 'Failed to load company information.',
  /** A 2xx answer that is not company information at all. */
  invalid: 'Company information could not be loaded.',
} as const;

export interface CoreValueView {
  id: number;
  name: string;
  description: string;
}

export type CompanyView =
  | { kind: 'invalid' }
  | { kind: 'empty' }
  | {
      kind: 'ok';
      tagline: string;
      /** The history summary as paragraphs (split on blank lines or line breaks). */
      history: string[];
      mission: string;
      vision: string;
      values: CoreValueView[];
    };

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Plain text split into its non-empty paragraphs. */
export function paragraphsOf(value: string): string[] {
  return value
    .split(/\n+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * What the About page shows for an answer: 'invalid' when it is not an object, 'empty' when it
 * has no text and no core values, else the trimmed texts and the named core values (in the
 * server's order; a value without a name is left out).
 */
export function companyViewOf(data: unknown): CompanyView {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'invalid' };
  const info = data as Record<string, unknown>;
  const values: CoreValueView[] = [];
  if (Array.isArray(info.core_values)) {
    info.core_values.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) return;
      const value = item as Record<string, unknown>;
      const name = text(value.name);
      if (!name) return;
      values.push({
        id: typeof value.id === 'number' ? value.id : -(index + 1),
        name,
        description: text(value.description),
      });
    });
  }
  const view = {
    kind: 'ok' as const,
    tagline: text(info.tagline),
    history: paragraphsOf(text(info.history_summary)),
    mission: text(info.mission_statement),
    vision: text(info.vision_statement),
    values,
  };
  const nothing =
    !view.tagline && !view.history.length && !view.mission && !view.vision && !values.length;
  return nothing ? { kind: 'empty' } : view;
}

/** The message for a failed load: 404 'Company information endpoint not found.', else 'Failed to load company information.'. */
export function companyErrorMessage(error: unknown): string {
  return isNotFound(error) ? COMPANY_MESSAGES.notFound : COMPANY_MESSAGES.failed;
}

/** The About heading: 'About {site title}', or 'About Us' while the shop has no title. */
export function aboutHeading(siteTitle: string): string {
  return siteTitle ? `About ${siteTitle}` : 'About Us';
}
