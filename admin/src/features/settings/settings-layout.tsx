/**
 * The owner's Settings (`/settings`, owners only): its heading, the links to its screens (Site,
 * Shipping, Workshop, Payments) and the open screen below them.
 */
import { SectionLayout } from '../../components/section-layout';

const SCREENS = [
  { to: '/settings/site', label: 'Site' },
  { to: '/settings/shipping', label: 'Shipping' },
  { to: '/settings/workshop', label: 'Workshop' },
  { to: '/settings/payments', label: 'Payments' },
] as const;

export function SettingsLayout() {
  return <SectionLayout title="Settings" screens={SCREENS} />;
}
