/**
 * The Content section (`/content`): its heading, the links to its screens (Blog, FAQ,
 * Policies, Company, Contact) and the open screen below them.
 */
import { Link, Outlet } from '@tanstack/react-router';

const SECTIONS = [
  { to: '/content/blog', label: 'Blog' },
  { to: '/content/faq', label: 'FAQ' },
  { to: '/content/policies', label: 'Policies' },
  { to: '/content/company', label: 'Company' },
  { to: '/content/contact', label: 'Contact' },
] as const;

export function ContentLayout() {
  return (
    <>
      <div className="page-head">
        <h1>Content</h1>
      </div>
      <nav aria-label="Content">
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
