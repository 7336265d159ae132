/** The frame of the screens before sign-in: a centred card with the back office's name. */
import type { ReactNode } from 'react';

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <title>{`${title} · Back office`}</title>
      <div className="auth-card">
        <p className="auth-brand">Back office</p>
        <h1 id="auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
