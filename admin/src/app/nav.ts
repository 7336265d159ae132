/**
 * The main navigation: every screen a member's role may open, in the order of a desk's day.
 * Owners see everything; staff do not see Activity nor Staff (the routes send them away too,
 * and the API refuses them).
 */
import type { StaffRole } from '../features/auth/api';

export interface NavItem {
  to: '/' | '/orders' | '/activity' | '/staff' | '/account' | '/content';
  label: string;
  roles: readonly StaffRole[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Today', roles: ['owner', 'staff'] },
  { to: '/orders', label: 'Orders', roles: ['owner', 'staff'] },
  // ~~ products ~~
  // ~~ stock-and-categories ~~
  // ~~ media ~~
  // ~~ moderation-and-inbox ~~
  { to: '/content', label: 'Content', roles: ['owner', 'staff'] },
  // ~~ content ~~
  // ~~ settings ~~
  { to: '/activity', label: 'Activity', roles: ['owner'] },
  { to: '/staff', label: 'Staff', roles: ['owner'] },
  { to: '/account', label: 'Account', roles: ['owner', 'staff'] },
];

/**
 * What `role` sees. A member who must set up two-step verification first sees only Account.
 */
export function navFor(role: StaffRole, mustSetUpTotp = false): NavItem[] {
  if (mustSetUpTotp) return NAV_ITEMS.filter((item) => item.to === '/account');
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}
