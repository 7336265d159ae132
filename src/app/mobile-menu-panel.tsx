import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { AuthLinks } from '../features/auth/auth-links';
import { CategoryLinks } from '../features/catalog/category-links';
import { CartLink } from '../features/cart/cart-link';
import { HOME_LINK, NAV_LINKS_AFTER_SHOP } from './nav-items';
import { SiteLogo } from './site-logo';
import { ChevronIcon } from '../components/chevron-icon';
import { CloseIcon } from '../components/close-icon';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The open mobile menu of spec section 2: a slide-in panel (a modal dialog) with a close
 * button, the nav links, an expandable SHOP list and the account links. Focus moves to the
 * close button when it mounts and stays inside the panel; Escape, the backdrop, the close
 * button and any link call `onClose`.
 *
 * Its own chunk: a shopper who never opens the menu never loads it (the first-load budget).
 */
export function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const [shopOpen, setShopOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const shopListId = useId();
  const close = onClose;

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="mobile-menu" data-testid="mobile-menu">
      <div className="mobile-menu-backdrop" aria-hidden="true" onClick={close} />
      <div
        ref={panelRef}
        className="mobile-menu-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onPanelKeyDown}
      >
        <div className="mobile-menu-head">
          <h2 id={titleId} className="visually-hidden">
            Menu
          </h2>
          <SiteLogo className="mobile-menu-logo" />
          <button ref={closeRef} type="button" className="mobile-menu-close" onClick={close}>
            <CloseIcon size={22} />
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>

        <nav aria-label="Mobile" className="mobile-menu-nav">
          <ul className="mobile-menu-list">
            <li>
              <Link
                to={HOME_LINK.to}
                className="mobile-menu-link"
                activeOptions={{ exact: true }}
                onClick={close}
              >
                {HOME_LINK.label}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="mobile-menu-link mobile-menu-shop"
                aria-expanded={shopOpen}
                aria-controls={shopListId}
                onClick={() => setShopOpen((value) => !value)}
              >
                SHOP
                <ChevronIcon className="mobile-menu-chevron" size={14} />
              </button>
              <div id={shopListId} className="mobile-menu-shop-list" hidden={!shopOpen}>
                <CategoryLinks className="mobile-menu-categories" onNavigate={close} />
              </div>
            </li>
            {NAV_LINKS_AFTER_SHOP.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="mobile-menu-link" onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CartLink className="mobile-menu-link mobile-menu-cart" showText />
            </li>
          </ul>
        </nav>

        <AuthLinks className="mobile-menu-auth" onNavigate={close} />
      </div>
    </div>
  );
}
