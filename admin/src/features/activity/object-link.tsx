/**
 * An activity entry's object: its name as the server gives it (`object_label`), linked to the
 * back office screen that shows or edits it, when there is one and the object still exists (a
 * deleted object and the shop itself are named only). A sign-in (`session`) of the member
 * reading links to their account, which lists their sessions; another member's is named only
 * (no screen shows another member's sessions). An order keeps its number's monospace.
 */
import { Link } from '@tanstack/react-router';
import { useMe } from '../auth/api';
import type { ActivityEntry } from './api';

/** The settings objects that are not rows, by the settings page that edits them. */
const SETTINGS_PAGES = {
  site: '/settings/site',
  workshop: '/settings/workshop',
  payments: '/settings/payments',
  security: '/staff',
  moderation: '/moderation',
} as const;

/** The screen of the kinds whose objects share one page. */
const KIND_PAGES = {
  category: '/categories',
  staff: '/staff',
  invitation: '/staff',
  faq: '/content/faq',
  policy: '/content/policies',
  company: '/content/company',
  core_value: '/content/company',
  contact_location: '/content/contact',
  contact_email: '/content/contact',
  social_profile: '/content/contact',
  review: '/moderation',
  comment: '/moderation',
  sale: '/promotions',
  gift_card: '/gift-cards',
} as const;

function settingsPage(id: string) {
  if (id.startsWith('shipping_')) return '/settings/shipping' as const;
  return Object.hasOwn(SETTINGS_PAGES, id)
    ? SETTINGS_PAGES[id as keyof typeof SETTINGS_PAGES]
    : '/settings';
}

export function ObjectLink({ entry }: { entry: ActivityEntry }) {
  const me = useMe();
  const { object_type: type, object_id: id, object_label: label } = entry;
  if (entry.object_deleted) return <span className="muted">{label}</span>;
  switch (type) {
    case 'order':
      return (
        <Link to="/orders/$number" params={{ number: id }} className="mono">
          {label}
        </Link>
      );
    case 'product':
      return (
        <Link to="/products/$productId" params={{ productId: id }}>
          {label}
        </Link>
      );
    case 'blog_post':
      return (
        <Link to="/content/blog/$postId" params={{ postId: id }}>
          {label}
        </Link>
      );
    case 'contact_message':
      return (
        <Link to="/inbox/$messageId" params={{ messageId: id }}>
          {label}
        </Link>
      );
    case 'settings':
      return <Link to={settingsPage(id)}>{label}</Link>;
    case 'session':
      return entry.staff_id === me.id ? <Link to="/account">{label}</Link> : <>{label}</>;
    case 'shop':
      return <>{label}</>;
    default:
      return <Link to={KIND_PAGES[type]}>{label}</Link>;
  }
}
