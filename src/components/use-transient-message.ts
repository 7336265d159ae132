import { useEffect, useState } from 'react';

/** Spec section 9: success messages go after 3 s, errors after 5 s. */
export const SUCCESS_TIMEOUT_MS = 3000;
export const ERROR_TIMEOUT_MS = 5000;

/** A message shown to the shopper after an action. */
export interface TransientMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A message that clears itself after the spec's time-out for its kind (spec section 9). Setting
 * a new message restarts the clock. Returns `[message, setMessage]`.
 */
export function useTransientMessage() {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(
      () => setMessage(null),
      message.kind === 'success' ? SUCCESS_TIMEOUT_MS : ERROR_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}
