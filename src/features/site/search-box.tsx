import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';

/**
 * The search term to submit, or null when there is nothing to search for
 * (spec section 2: only a non-blank trimmed term is submitted).
 */
export function searchTermOf(input: string): string | null {
  const term = input.trim();
  return term ? term : null;
}

/**
 * The header's product search (spec section 2): submitting a non-blank trimmed term, by
 * the button or Enter, goes to `/products?search={term}`; a blank term does nothing.
 */
export function SearchBox({ className = 'site-search' }: { className?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = searchTermOf(value);
    if (term === null) return;
    void navigate({ to: '/products', search: { search: term } });
  }

  return (
    <form role="search" className={className} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        id={inputId}
        className="site-search-input"
        type="search"
        name="search"
        placeholder="Search knives, art, ceramics…"
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
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
    </form>
  );
}
