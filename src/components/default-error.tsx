import { useEffect } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError, apiErrorMessage } from '../api/errors';
import { ErrorBox, GENERIC_ERROR_MESSAGE } from './error-box';

/**
 * The message for an error a route could not recover from: the server's wording for an
 * `ApiError` (its `detail` or field messages), else the spec's generic message. A plain
 * JavaScript error's text is never shown: it means nothing to a shopper.
 */
export function errorMessageFor(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  return error instanceof ApiError ? apiErrorMessage(error, fallback) : fallback;
}

/**
 * The router's `defaultErrorComponent` (architecture convention 6): the generic error box of
 * spec section 8 with a 'Try again' button that reloads the route's data.
 */
export function DefaultError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();

  // Failed queries stay failed until their boundary resets; do it once the error is shown.
  useEffect(() => {
    queryReset.reset();
  }, [queryReset]);

  return (
    <div className="page-container route-error">
      <ErrorBox
        message={errorMessageFor(error)}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
