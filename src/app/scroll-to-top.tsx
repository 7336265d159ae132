import { useSyncExternalStore } from 'react';

/** Spec section 9: the button appears once the page is scrolled more than this many pixels. */
export const SCROLL_TOP_THRESHOLD = 300;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

function isPastThreshold(): boolean {
  return window.scrollY > SCROLL_TOP_THRESHOLD;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The scroll-to-top button of spec section 2: shown after scrolling more than 300px,
 * scrolls the window back to the top when pressed (smoothly unless the shopper prefers
 * reduced motion) and moves focus to the main content so keyboard users are not stranded.
 */
export function ScrollToTop() {
  const visible = useSyncExternalStore(subscribe, isPastThreshold, () => false);
  if (!visible) return null;

  return (
    <button
      type="button"
      className="scroll-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
      <span className="visually-hidden">Scroll to top</span>
    </button>
  );
}
