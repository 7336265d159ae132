/**
 * The main navigation: every screen a member's role may open, in the order of a maker's working
 * day. Owners see everything; staff do not see Settings, Sales, Activity nor Staff (the routes send them
 * away too, and the API refuses them).
 */
import type { StaffRole } from '../features/auth/api';

export interface NavItem {
  to:
    | '/'
    | '/orders'
    | '/activity'
    | '/staff'
    | '/account'
    | '/content'
    | '/settings'
    | '/categories'
    | '/moderation'
    | '/inbox'
    | '/products'
    | '/customers'
    | '/sales';
  label: string;
  roles: readonly StaffRole[];
  /** A count beside the label: reviews and comments waiting, or unread messages. */
  badge?: 'moderation' | 'inbox';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Today', roles: ['owner', 'staff'] },
  { to: '/orders', label: 'Orders', roles: ['owner', 'staff'] },
  { to: '/products', label: 'Products', roles: ['owner', 'staff'] },
  // ~~ products ~~
  { to: '/categories', label: 'Categories', roles: ['owner', 'staff'] },
  // ~~ stock-and-categories ~~
  // ~~ media ~~
  { to: '/moderation', label: 'Moderation', roles: ['owner', 'staff'], badge: 'moderation' },
  { to: '/inbox', label: 'Inbox', roles: ['owner', 'staff'], badge: 'inbox' },
  // ~~ moderation-and-inbox ~~
  { to: '/content', label: 'Content', roles: ['owner', 'staff'] },
  // ~~ content ~~
  { to: '/customers', label: 'Customers', roles: ['owner', 'staff'] },
  { to: '/sales', label: 'Sales', roles: ['owner'] },
  // ~~ business ~~
  { to: '/settings', label: 'Settings', roles: ['owner'] },
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
