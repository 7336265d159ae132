import type { ReactNode } from 'react';

/** Each kind of message: its class (auth.css) and how a screen reader hears it. */
const KINDS = {
  success: { className: 'auth-form__success', role: 'status' },
  error: { className: 'auth-form__error', role: 'alert' },
} as const;

/**
 * The outcome of an account form in words: a `success` is a polite status, an `error` an alert
 * read out at once.
 */
export function FormMessage({ kind, children }: { kind: keyof typeof KINDS; children: ReactNode }) {
  return (
    <p className={KINDS[kind].className} role={KINDS[kind].role}>
      {children}
    </p>
  );
}
