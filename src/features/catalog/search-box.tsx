import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatPrice } from '../../../common/money';
import { useCurrency } from '../site/api';
import {
  productSuggestionsQuery,
  SUGGESTION_MAX_LENGTH,
  SUGGESTION_MIN_LENGTH,
  type ProductSuggestion,
} from './header-queries';

/** How long typing must pause before suggestions are asked for (ms). */
export const SUGGESTION_DEBOUNCE_MS = 200;

/**
 * The search term to submit, or null when there is nothing to search for
 * (spec section 2: only a non-blank trimmed term is submitted).
 */
export function searchTermOf(input: string): string | null {
  const term = input.trim();
  return term ? term : null;
}

/** The term worth asking suggestions for (2-100 characters once trimmed), else null. */
export function suggestionTermOf(input: string): string | null {
  const term = input.trim();
  return term.length >= SUGGESTION_MIN_LENGTH && term.length <= SUGGESTION_MAX_LENGTH ? term : null;
}

/** What the live region says for a list of `count` suggestions. */
export function suggestionCountText(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}

/** `value` once it has stayed the same for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The header's product search (spec section 2): submitting a non-blank trimmed term, by the
 * button or Enter, goes to `/products?search={term}`; a blank term does nothing. Without
 * JavaScript the form is a plain `GET /products?search=`.
 *
 * suggestions as the shopper types, following the ARIA 1.2 combobox pattern with
 * a listbox popup: from 2 characters, after a 200 ms pause, up to six products with thumbnail
 * and price (`productSuggestionsQuery`). ArrowDown/ArrowUp move the active option
 * (`aria-activedescendant`; focus stays in the input), Enter on an active option opens that
 * product, Escape closes the list (a second Escape clears the field), and a polite live
 * region says how many suggestions there are. With no option active, Enter submits the full
 * search exactly as before. Nothing here reads the browser during render: the list only
 * exists after the shopper types.
 */
export function SearchBox({ className = 'site-search' }: { className?: string }) {
  const navigate = useNavigate();
  const currency = useCurrency();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const term = useDebounced(suggestionTermOf(value), SUGGESTION_DEBOUNCE_MS);
  const current = suggestionTermOf(value);
  const { data, isSuccess } = useQuery({
    ...productSuggestionsQuery(term ?? ''),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
  const suggestions: ProductSuggestion[] = current !== null && term !== null ? (data ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const announced = open && current !== null && term !== null && isSuccess;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function openProduct(suggestion: ProductSuggestion) {
    close();
    setValue('');
    void navigate({ to: '/products/$slug', params: { slug: suggestion.slug } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
    if (chosen) {
      openProduct(chosen);
      return;
    }
    const searchTerm = searchTermOf(value);
    if (searchTerm === null) return;
    close();
    void navigate({ to: '/products', search: { search: searchTerm } });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the focus goes back to the text (no option active), as in the APG example.
      setActive((index) => {
        const next = index + step;
        if (index === -1) return step === 1 ? 0 : suggestions.length - 1;
        return next < 0 || next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (value !== '') {
        event.preventDefault();
        setValue('');
      }
    }
  }

  return (
    <form role="search" className={className} method="get" action="/products" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="site-search-field">
        <input
          id={inputId}
          className="site-search-input"
          // A text input, not type="search": HTML allows role="combobox" and aria-expanded on
          // a text input only (the W3C checker refuses both on a search input). The form's
          // search landmark and enterKeyHint still make it a search box to assistive technology
          // and phone keyboards.
          type="text"
          name="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder="Search knives, art, ceramics…"
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="site-search-suggestions"
          hidden={!expanded}
        >
          {expanded
            ? suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="site-search-option"
                  // Keeps the focus in the input, so the click is not lost to its blur.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => openProduct(suggestion)}
                  onMouseMove={() => setActive(index)}
                >
                  {suggestion.thumbnail ? (
                    <img
                      className="site-search-option__image"
                      src={suggestion.thumbnail}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="site-search-option__image" aria-hidden="true" />
                  )}
                  <span className="site-search-option__name">{suggestion.name}</span>
                  <span className="site-search-option__price">
                    {formatPrice(suggestion.price, currency)}
                  </span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <button type="submit" className="site-search-button">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced ? suggestionCountText(data?.length ?? 0) : ''}
      </p>
    </form>
  );
}
