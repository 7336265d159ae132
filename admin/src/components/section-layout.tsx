/**
 * A section of several screens (Content, Settings): its heading, a tab of links to its
 * screens named after the section, and the open screen below them.
 */
import { Link, Outlet, type LinkProps } from '@tanstack/react-router';

export interface SectionScreen {
  to: LinkProps['to'];
  label: string;
}

export function SectionLayout({
  title,
  screens,
}: {
  title: string;
  screens: readonly SectionScreen[];
}) {
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <nav aria-label={title}>
        <ul className="tabs">
          {screens.map((screen) => (
            <li key={String(screen.to)}>
              <Link to={screen.to} activeProps={{ 'aria-current': 'page' }}>
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
