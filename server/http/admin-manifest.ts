/**
 * The back office's web app manifest (`/admin/manifest.webmanifest`), so a maker can put it on
 * the phone's Home Screen and open it as an app of its own: named after the shop the request's
 * Host chooses ("Tidewater Knives back office"), starting at and kept within `/admin/`, in a
 * standalone window in the back office's colours, with the icons of admin/public/icons/ (made by
 * scripts/make-admin-icons.ts). Private like the back office's pages: not cached, never indexed.
 */
import type { FastifyReply } from 'fastify';

/** The back office's colours: the header's dark band and the page's background (tokens.css). */
export const ADMIN_THEME_COLOR = '#1f1b16';
export const ADMIN_BACKGROUND_COLOR = '#faf7f2';

/** The manifest of shop `shopName`'s back office (its name is trimmed, and left out when blank). */
export function adminManifest(shopName: string): Record<string, unknown> {
  const shop = shopName.trim().slice(0, 60);
  return {
    name: shop ? `${shop} back office` : 'Back office',
    short_name: shop && shop.length <= 12 ? shop : 'Back office',
    description: 'Orders, products and messages of the shop.',
    id: '/admin/',
    start_url: '/admin/',
    scope: '/admin/',
    display: 'standalone',
    orientation: 'any',
    theme_color: ADMIN_THEME_COLOR,
    background_color: ADMIN_BACKGROUND_COLOR,
    icons: [
      { src: '/admin/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/admin/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/admin/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** Sends `manifest` with the manifest's type and the back office's private headers. */
export function sendAdminManifest(reply: FastifyReply, manifest: Record<string, unknown>) {
  return reply
    .header('Content-Type', 'application/manifest+json; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('X-Content-Type-Options', 'nosniff')
    .send(JSON.stringify(manifest));
}
