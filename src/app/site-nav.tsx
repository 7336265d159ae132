import { Link } from '@tanstack/react-router';
import { CartLink } from '../features/cart/cart-link';
import { HOME_LINK, NAV_LINKS_AFTER_SHOP } from './nav-items';
import { ShopMenu } from './shop-menu';

/**
 * The desktop nav of spec section 2: HOME, the SHOP dropdown, ABOUT, CONTACT, BLOG, GALLERY
 * and the cart icon with its badge. Hidden at 768px and below, where the mobile menu takes over.
 */
export function SiteNav() {
  return (
    <nav className="site-nav" aria-label="Main">
      <div className="page-container site-nav-inner">
        <ul className="site-nav-list">
          <li>
            <Link to={HOME_LINK.to} className="site-nav-link" activeOptions={{ exact: true }}>
              {HOME_LINK.label}
            </Link>
          </li>
          <li>
            <ShopMenu />
          </li>
          {NAV_LINKS_AFTER_SHOP.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className="site-nav-link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <CartLink className="cart-link site-nav-cart" />
      </div>
    </nav>
  );
}
