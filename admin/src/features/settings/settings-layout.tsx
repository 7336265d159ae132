/**
 * The owner's Settings (`/settings`, owners only): its heading, the links to its screens (Site,
 * Shipping, Workshop, Payments) and the open screen below them.
 */
import { Link, Outlet } from '@tanstack/react-router';

const SECTIONS = [
  { to: '/settings/site', label: 'Site' },
  { to: '/settings/shipping', label: 'Shipping' },
  { to: '/settings/workshop', label: 'Workshop' },
  { to: '/settings/payments', label: 'Payments' },
] as const;

export function SettingsLayout() {
  return (
    <>
      <div className="page-head">
        <h1>Settings</h1>
      </div>
      <nav aria-label="Settings">
        <ul className="tabs">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link to={section.to} activeProps={{ 'aria-current': 'page' }}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
