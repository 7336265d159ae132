/**
 * A panel of a screen (`section.panel`) under its heading: the `<h2>` whose `titleId` names the
 * section for screen readers.
 */
import type { ReactNode } from 'react';

export function Panel({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
