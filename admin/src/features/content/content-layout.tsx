/**
 * The Content section (`/content`): its heading, the links to its screens (Blog, FAQ,
 * Policies, Company, Contact) and the open screen below them.
 */
import { SectionLayout } from '../../components/section-layout';

const SCREENS = [
  { to: '/content/blog', label: 'Blog' },
  { to: '/content/faq', label: 'FAQ' },
  { to: '/content/policies', label: 'Policies' },
  { to: '/content/company', label: 'Company' },
  { to: '/content/contact', label: 'Contact' },
] as const;

export function ContentLayout() {
  return <SectionLayout title="Content" screens={SCREENS} />;
}
