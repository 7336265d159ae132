/**
 * A list's filters: a search landmark (`form.panel.filters`, named `label`) whose fields sit in
 * one row with the button that applies them (`submitLabel`, "Apply filters" unless given) and,
 * when the list is filtered, the "Clear filters" link to the list without them (`clear`).
 *
 * A list with a text search passes it as `search`: the form draws the field first and runs the
 * search as the member types, 300 ms after the last key (`useSearchAsYouType`), replacing the
 * URL's search param so the address always says what the list shows; Enter runs it at once.
 * On a phone (below 720 px) the other filters then fold behind a "Filters" button that says how
 * many of them are on (`active`), so the list's first rows show on its first screen; a list
 * whose only filter is the search (no `children`, no `after`) has no fold: its buttons sit by
 * the field.
 * `ListCount` says how many rows the filters found.
 */
import {
  Link,
  type LinkComponentProps,
  type RegisteredRouter,
  type ValidateLinkOptions,
} from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from './form-field';

/** How long typing must pause before the list is searched, in milliseconds. */
export const SEARCH_DELAY_MS = 300;

/** A list's text search, run as the member types (see the module comment). */
export interface TypedSearch {
  /** The field's id (unique on the page) and label. */
  id: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  /** The search the list shows now, as the URL holds it ('' for none). */
  applied: string;
  /** Shows the list for `text` (trimmed, '' for no search), replacing the URL's search param. */
  apply: (text: string) => void;
}

interface FilterFormProps {
  label: string;
  /** The "Apply filters" button or Enter; `text` is the search field's text, trimmed. */
  onSubmit: (event: FormEvent<HTMLFormElement>, text: string) => void;
  submitLabel?: string;
  noValidate?: boolean;
  search?: TypedSearch;
  /** How many filters besides the search are on: shown on the phone's "Filters" button. */
  active?: number;
  /** Shown in the fold after the buttons (a quick filter such as a toggle link). */
  after?: ReactNode;
  children?: ReactNode;
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
  search,
  active = 0,
  after,
  children,
}: FilterFormProps & { clear?: ValidateLinkOptions }): ReactNode {
  const typed = useSearchAsYouType(search?.applied ?? '', search?.apply ?? noSearch);
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const buttons = (
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
  );
  return (
    <form
      className="panel filters"
      role="search"
      aria-label={label}
      onSubmit={(event) => onSubmit(event, typed.flush())}
      noValidate={noValidate}
    >
      {search && children == null && after == null ? (
        <div className="form-inline filters-row">
          <FormField id={search.id} label={search.label} className="filters-search">
            <input
              id={search.id}
              type="search"
              maxLength={search.maxLength}
              placeholder={search.placeholder}
              value={typed.text}
              onChange={(event) => typed.setText(event.target.value)}
            />
          </FormField>
          {buttons}
        </div>
      ) : search ? (
        <div className="form-inline filters-row">
          <FormField id={search.id} label={search.label} className="filters-search">
            <input
              id={search.id}
              type="search"
              maxLength={search.maxLength}
              placeholder={search.placeholder}
              value={typed.text}
              onChange={(event) => typed.setText(event.target.value)}
            />
          </FormField>
          <button
            type="button"
            className="button filters-toggle"
            aria-expanded={open}
            aria-controls={foldId}
            onClick={() => setOpen((was) => !was)}
          >
            Filters
            {active > 0 ? (
              <span className="count">
                {active}
                <span className="visually-hidden"> on</span>
              </span>
            ) : null}
          </button>
          <div id={foldId} className={open ? 'filters-fold open' : 'filters-fold'}>
            {children}
            {buttons}
            {after}
          </div>
        </div>
      ) : (
        <>
          <div className="form-inline">
            {children}
            {buttons}
          </div>
          {after}
        </>
      )}
    </form>
  );
}

function noSearch(): void {}

/**
 * The text of a search field that searches as the member types: `text` and `setText` for the
 * field; `apply(trimmed)` is called once typing has paused for `delayMs` and the text differs
 * from what the list shows (`applied`). When `applied` changes from elsewhere (back, forward, a
 * "Clear filters" link) the field shows it. `flush()` cancels the wait and answers the trimmed
 * text, for a submit that applies it with the other filters.
 */
export function useSearchAsYouType(
  applied: string,
  apply: (text: string) => void,
  delayMs = SEARCH_DELAY_MS,
): { text: string; setText: (text: string) => void; flush: () => string } {
  const [text, setText] = useState(applied);
  // What this field last asked the list for: the URL catching up to it is no outside change.
  const asked = useRef(applied);
  const applyRef = useRef(apply);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    if (applied === asked.current) return;
    asked.current = applied;
    clearTimeout(timer.current);
    setText(applied);
  }, [applied]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === asked.current) return;
    timer.current = setTimeout(() => {
      asked.current = wanted;
      applyRef.current(wanted);
    }, delayMs);
    return () => clearTimeout(timer.current);
  }, [text, delayMs]);

  return {
    text,
    setText,
    flush: () => {
      clearTimeout(timer.current);
      asked.current = text.trim();
      return asked.current;
    },
  };
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
