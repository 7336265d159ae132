/**
 * A list's filters: a search landmark (`form.panel.filters`, named `label`) whose fields sit in
 * one row with the button that applies them (`submitLabel`, "Apply filters" unless given) and,
 * when the list is filtered, the "Clear filters" link to the list without them (`clear`).
 * `ListCount` says how many rows the filters found.
 */
import {
  Link,
  type LinkComponentProps,
  type RegisteredRouter,
  type ValidateLinkOptions,
} from '@tanstack/react-router';
import type { FormEventHandler, ReactNode } from 'react';

interface FilterFormProps {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  noValidate?: boolean;
  children: ReactNode;
}

/** The filters (see the module comment); `clear` is the list without them, when filtered. */
export function FilterForm<TRouter extends RegisteredRouter, TOptions>(
  props: FilterFormProps & { clear?: ValidateLinkOptions<TRouter, TOptions> },
): ReactNode;
export function FilterForm({
  label,
  onSubmit,
  submitLabel = 'Apply filters',
  clear,
  noValidate,
  children,
}: FilterFormProps & { clear?: ValidateLinkOptions }): ReactNode {
  return (
    <form
      className="panel filters"
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      noValidate={noValidate}
    >
      <div className="form-inline">
        {children}
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {submitLabel}
          </button>
          {clear ? (
            // `clear` was checked against the route at the call; here it is only spread.
            <Link {...(clear as LinkComponentProps)} className="button">
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}

/** "3 orders", "1 order": how many rows the list's filters found, announced politely. */
export function ListCount({ count, one, many }: { count?: number; one: string; many: string }) {
  if (count === undefined) return null;
  return (
    <p className="muted" role="status">
      {count} {count === 1 ? one : many}
    </p>
  );
}
