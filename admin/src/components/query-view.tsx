/**
 * What a screen shows for a query: the loading line while it is pending, the error with
 * "Try again" when it failed, else `children` given the data.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice, Loading } from './notice';

export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** The loading line's words; "Loading…" unless given. */
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) {
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
