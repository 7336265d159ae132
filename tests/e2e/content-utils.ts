import type { APIRequestContext, Locator } from '@playwright/test';
import type { components } from '../../common/storefront-api';
import { expect } from './fixtures';
import { getJson } from './shop-data';

/**
 * What the content pages' specs (content-*.spec.ts; spec sections 2, 3, 5 and 8) share: the
 * seeded content read from the reference API, so the seed can change freely, and waits for
 * images that load lazily. Every call carries the demo tenant's token.
 */

type ContactInfo = components['schemas']['ContactInfo'];
type CompanyInfo = components['schemas']['CompanyInfo'];
type Faq = components['schemas']['Faq'];
type LegalDocument = components['schemas']['LegalDocument'];

/** The shop's locations, contact e-mails and social profiles. */
export const contactInfo = (request: APIRequestContext) =>
  getJson<ContactInfo>(request, '/api/contact/info/');
/** The About page's tagline, mission, vision and core values. */
export const companyInfo = (request: APIRequestContext) =>
  getJson<CompanyInfo>(request, '/api/pages/company-info/');
/** The FAQ entries, in the order the page lists them. */
export const faqs = (request: APIRequestContext) =>
  getJson<Faq[]>(request, '/api/pages/manage/faqs/');
/** The first legal document of `type` (refund_policy, privacy_policy), or undefined. */
export const legalDocument = async (request: APIRequestContext, type: string) =>
  (
    await getJson<LegalDocument[]>(request, `/api/pages/manage/documents/?document_type=${type}`)
  )[0];

/** The two legal pages: their path, their document type and their footer link's title. */
export const LEGAL_PAGES = [
  { path: '/refund-policy', type: 'refund_policy', title: 'Refund Policy' },
  { path: '/privacy-policy', type: 'privacy_policy', title: 'Privacy Policy' },
] as const;

/** Waits until an <img> has really decoded (naturalWidth > 0). */
export async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}
