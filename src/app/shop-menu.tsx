import { useEffect, useId, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { CategoryLinks } from '../features/catalog/category-links';
import { ChevronIcon } from '../components/chevron-icon';

/**
 * The desktop nav's SHOP dropdown (spec section 2): a disclosure button (aria-expanded,
 * aria-controls) opening the category list in a panel at most 300px high that scrolls
 * (section 9). Closes on Escape (focus back on the button), on a click outside, when focus
 * moves elsewhere, and on any navigation. The list is fetched with the page, not on first
 * open, so the dropdown opens without a loading state.
 */
export function ShopMenu() {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const router = useRouter();

  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={wrapperRef}
      className="shop-menu"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !wrapperRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="site-nav-link shop-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        SHOP
        <ChevronIcon className="shop-menu-chevron" />
      </button>
      <div id={panelId} className="shop-menu-panel" hidden={!open}>
        <CategoryLinks className="shop-menu-list" onNavigate={() => setOpen(false)} />
      </div>
    </div>
  );
}
