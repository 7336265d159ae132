import './components.css';

/** Spec section 8: the generic error box's message when nothing better is known. */
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred. Please try again later.';

/**
 * A visible, announced error message (role="alert"), optionally with a retry button.
 * `title` is an optional heading above the message; `onRetry` adds a 'Try again' button.
 */
export function ErrorBox({
  message = GENERIC_ERROR_MESSAGE,
  title,
  onRetry,
  className,
}: {
  message?: string;
  title?: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={className ? `error-box ${className}` : 'error-box'}>
      {title ? <p className="error-box-title">{title}</p> : null}
      <p className="error-box-message">{message}</p>
      {onRetry ? (
        <button type="button" className="error-box-retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
