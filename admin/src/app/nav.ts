/**
 * The main navigation: every screen a member's role may open, in the order of a maker's working
 * day. Owners see everything; staff do not see Settings, Sales, Promotions, Activity nor Staff (the routes send them
 * away too, and the API refuses them).
 *
 * On a phone (app/shell.tsx) the items marked `bar` sit in a bar fixed at the bottom of the
 * screen, one tap away wherever the member is; every other item is under "More". On a desktop
 * every item is listed, in this order. A new screen is one more line here: without `bar` it goes
 * under More on a phone.
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
    | '/sales'
    | '/promotions'
    | '/discounts'
    | '/gift-cards';
  label: string;
  roles: readonly StaffRole[];
  /** A count beside the label: reviews and comments waiting, or unread messages. */
  badge?: 'moderation' | 'inbox';
  /** In the phone's bottom bar: the four places of a maker's every day (keep it to four). */
  bar?: true;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Today', roles: ['owner', 'staff'], bar: true },
  { to: '/orders', label: 'Orders', roles: ['owner', 'staff'], bar: true },
  { to: '/products', label: 'Products', roles: ['owner', 'staff'], bar: true },
  // ~~ products ~~
  { to: '/categories', label: 'Categories', roles: ['owner', 'staff'] },
  // ~~ stock-and-categories ~~
  // ~~ media ~~
  { to: '/moderation', label: 'Moderation', roles: ['owner', 'staff'], badge: 'moderation' },
  { to: '/inbox', label: 'Inbox', roles: ['owner', 'staff'], badge: 'inbox', bar: true },
  // ~~ moderation-and-inbox ~~
  { to: '/content', label: 'Content', roles: ['owner', 'staff'] },
  // ~~ content ~~
  { to: '/customers', label: 'Customers', roles: ['owner', 'staff'] },
  { to: '/sales', label: 'Sales', roles: ['owner'] },
  { to: '/promotions', label: 'Promotions', roles: ['owner'] },
  { to: '/discounts', label: 'Discounts', roles: ['owner'] },
  { to: '/gift-cards', label: 'Gift cards', roles: ['owner'] },
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

/**
 * `items` (what {@link navFor} gave) split for a phone: `bar`, the items marked for the bottom
 * bar, and `more`, the rest, each in the list's order. A member who sees only Account gets it
 * in the bar and nothing under More.
 */
export function splitForPhone(items: readonly NavItem[]): { bar: NavItem[]; more: NavItem[] } {
  const bar = items.filter((item) => item.bar);
  if (bar.length === 0) return { bar: [...items], more: [] };
  return { bar, more: items.filter((item) => !item.bar) };
}
