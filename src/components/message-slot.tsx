import type { TransientMessage } from './use-transient-message';

/**
 * The place of an action's message (./use-transient-message.ts): a `className` live region,
 * always in the page so that screen readers follow it (`live`: how eagerly), holding `message`'s
 * text, while there is one, as a `textClass` paragraph of `role` ('alert' or 'status').
 */
export function MessageSlot({
  className,
  live,
  role,
  textClass,
  message,
}: {
  className: string;
  live: 'polite' | 'assertive';
  role: 'alert' | 'status';
  textClass: string;
  message: TransientMessage | null;
}) {
  return (
    <div className={className} aria-live={live}>
      {message ? (
        <p className={textClass} role={role}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
