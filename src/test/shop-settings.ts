import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '../features/site/api';

/*
 * Test helper (only tests import it): the site settings the frame has loaded before any page
 * shows a price (the root loader's, or the record inlined at start-up), for components rendered
 * without the frame. The demo shop's, in US dollars (its prices read "$45.00").
 */

/** The demo shop's settings record, priced in US dollars. */
export const SHOP_SETTINGS: SiteSettings = {
  id: 1,
  site_title: 'Ember & Oak Workshop',
  site_description: 'Hand-forged knives.',
  favicon: null,
  theme_name: 'ember',
  logo: null,
  google_analytics_id: null,
  contact_email: 'hello@emberandoak.example',
  social_media_links: null,
  tenant: 1,
  seller: {
    legal_name: 'Ember & Oak Workshop Ltd',
    address: 'The Old Boatyard\nTopsham EX3 0JB',
    email: 'hello@emberandoak.example',
    company_number: null,
    vat_number: null,
    vat_registered: false,
    vat_rate: null,
  },
  currency: 'USD',
  status: 'open',
  closed_message: null,
  card_aspect: 'square',
  hero_images: [],
};

/**
 * Puts the shop's settings in `queryClient` as the frame would have loaded them (key
 * `['site-settings']`), `changes` over the demo's; answers the client.
 */
export function withShopSettings(
  queryClient: QueryClient,
  changes: Partial<SiteSettings> = {},
): QueryClient {
  queryClient.setQueryData(['site-settings'], { ...SHOP_SETTINGS, ...changes });
  return queryClient;
}
