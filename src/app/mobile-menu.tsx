import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileMenuPanel })));

/**
 * The mobile menu of spec section 2 (widths of 768px or less): a hamburger button that
 * opens a slide-in panel (`MobileMenuPanel`, a modal dialog). Closes on the panel's close
 * button, Escape, the backdrop, and any navigation; the page behind does not scroll while it
 * is open, and focus returns to the hamburger on close.
 *
 * The panel is loaded when the shopper reaches for the button (pointer down, focus), so it is
 * not part of any page's first-load JavaScript.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const router = useRouter();

  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router]);

  useEffect(() => {
    if (open) {
      // The page behind a modal panel must not scroll under the finger.
      const previous = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      wasOpen.current = true;
      return () => {
        document.body.style.overflow = previous;
      };
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      toggleRef.current?.focus({ preventScroll: true });
    }
    return undefined;
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu-toggle"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerDown={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span className="visually-hidden">Open menu</span>
      </button>

      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
