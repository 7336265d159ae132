/**
 * Messages in a box: `error` (role="alert", read out at once), `success` and `info`
 * (role="status", read out politely). `onRetry` adds a "Try again" button. `FormNotices` is a
 * form's pair of them.
 */
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';

export function Notice({
  tone,
  children,
  onRetry,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`notice notice-${tone}`}>
      <div className="notice-text">{children}</div>
      {onRetry ? (
        <button type="button" className="button button-small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A failed call in plain words (see api/errors.ts `errorMessage`), with an optional retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Notice tone="error" onRetry={onRetry}>
      {errorMessage(error)}
    </Notice>
  );
}

/**
 * What a form's last send did, above its fields: `done` as a success and `error` as an error,
 * each only when given (null or '' shows nothing).
 */
export function FormNotices({ done, error }: { done?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}

/** A short loading line, announced politely. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="loading">
      {label}
    </p>
  );
}
