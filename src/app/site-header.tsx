import { AuthLinks } from '../features/auth/auth-links';
import { CartLink } from '../features/cart/cart-link';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from '../features/catalog/search-box';
import { SiteLogo } from './site-logo';
import { SiteNav } from './site-nav';
import './site.css';

/**
 * The shared frame's header and nav (spec section 2): a dark band with the logo, the search
 * box and the account links, then the nav. At 768px and below the band holds the hamburger,
 * the logo and the cart icon, with the search box on its own row.
 */
export function SiteHeader() {
  return (
    <>
      <header className="site-header">
        <div className="page-container site-header-inner">
          <div className="site-header-menu">
            <MobileMenu />
          </div>
          <SiteLogo />
          <SearchBox />
          <AuthLinks className="auth-links site-header-auth" />
          <CartLink className="cart-link site-header-cart" />
        </div>
      </header>
      <SiteNav />
    </>
  );
}

/** The minimal logo bar that replaces header and nav on /login and /register (spec section 2). */
export function MinimalBar() {
  return (
    <header className="minimal-bar">
      <div className="page-container minimal-bar-inner">
        <SiteLogo />
      </div>
    </header>
  );
}
