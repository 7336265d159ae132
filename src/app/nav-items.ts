import type { LinkProps } from '@tanstack/react-router';

/**
 * A route path for `<Link to>`. Some frame links may point at pages that arrive with later
 * issues; the router's types only know routes that
 * exist, so the frame's fixed paths are asserted here, in one place. Until a page exists the
 * router answers it with the 404 page.
 */
export type FramePath = NonNullable<LinkProps['to']>;

/** A plain link of the frame: where it goes and what it says. */
export interface FrameLink {
  to: FramePath;
  label: string;
}

/** Spec section 2: the nav links around the SHOP dropdown (HOME before it, the rest after). */
export const HOME_LINK: FrameLink = { to: '/', label: 'HOME' };

export const NAV_LINKS_AFTER_SHOP: readonly FrameLink[] = [
  { to: '/company-info', label: 'ABOUT' },
  { to: '/contact', label: 'CONTACT' },
  { to: '/blog' as FramePath, label: 'BLOG' },
  { to: '/gallery' as FramePath, label: 'GALLERY' },
];

/** Spec section 2: the footer's policy and FAQ links. */
export const FOOTER_LINKS: readonly FrameLink[] = [
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/cancellation', label: 'Cancellation rights' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/review-policy', label: 'Review Policy' },
  { to: '/accessibility', label: 'Accessibility' },
  { to: '/faq', label: 'FAQ' },
];

export const LOGIN_PATH = '/login' as FramePath;
export const REGISTER_PATH = '/register' as FramePath;
