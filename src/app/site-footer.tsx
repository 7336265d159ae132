import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FOOTER_LINKS } from './nav-items';
import { siteSettingsQuery, siteTitleOf, socialLinksOf } from '../features/site/api';
import type { SiteSettings } from '../features/site/site-settings';
import { openCookieSettings } from '../features/consent/api';
import './site.css';

/** The copyright line: '© {year} {site title}', or '© {year}' while the title is unknown. */
export function copyrightLine(year: number, title: string): string {
  return title ? `© ${year} ${title}` : `© ${year}`;
}

/**
 * The seller's legal block, in parts: the legal name, the address on one line, the e-mail, the
 * company and VAT numbers where set, and "Prices include VAT at 20%." or "No VAT is charged.".
 */
export function legalParts(seller: NonNullable<SiteSettings['seller']>): string[] {
  const parts = [
    seller.legal_name,
    seller.address.split('\n').join(', '),
    seller.email,
    seller.company_number ? `Company no. ${seller.company_number}` : '',
    seller.vat_number ? `VAT no. ${seller.vat_number}` : '',
    seller.vat_registered && seller.vat_rate
      ? `Prices include VAT at ${Number(seller.vat_rate)}%.`
      : 'No VAT is charged.',
  ];
  return parts.filter(Boolean);
}

/**
 * The shared frame's footer (spec section 2): the shop's name and description, the policy
 * and FAQ links (and "Cookie settings" when the shop runs analytics, to change the consent
 * choice), the 'Get In Touch' block (contact e-mail as a mailto link, the contact
 * page, the social links), the seller's legal block and the copyright with the current year.
 */
export function SiteFooter({ now = new Date() }: { now?: Date }) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const title = siteTitleOf(settings);
  const description = settings?.site_description?.trim();
  const email = settings?.contact_email?.trim();
  const socials = socialLinksOf(settings?.social_media_links);
  const analyticsId = settings?.google_analytics_id?.trim();
  const seller = settings?.seller;

  return (
    <footer className="site-footer">
      <div className="page-container site-footer-inner">
        <section className="site-footer-brand" aria-label="About the shop">
          <p className="site-footer-title">{title || '\u00a0'}</p>
          {description ? <p className="site-footer-description">{description}</p> : null}
        </section>

        <nav className="site-footer-section" aria-labelledby="site-footer-help">
          <h2 id="site-footer-help" className="site-footer-heading">
            Customer Care
          </h2>
          <ul className="site-footer-list">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="site-footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
            {analyticsId ? (
              <li>
                {/* Changing the analytics choice (PECR reg. 6): shown only when there is one. */}
                <button
                  type="button"
                  className="site-footer-link site-footer-button"
                  onClick={(event) => openCookieSettings(analyticsId, event.currentTarget)}
                >
                  Cookie settings
                </button>
              </li>
            ) : null}
          </ul>
        </nav>

        <section className="site-footer-section" aria-labelledby="site-footer-contact">
          <h2 id="site-footer-contact" className="site-footer-heading">
            Get In Touch
          </h2>
          <ul className="site-footer-list">
            {email ? (
              <li>
                <a className="site-footer-link" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/contact" className="site-footer-link">
                Send us a message
              </Link>
            </li>
          </ul>
          {socials.length ? (
            <ul className="site-footer-socials" aria-label="Social media">
              {socials.map((social) => (
                <li key={social.href}>
                  <a
                    className="site-footer-social"
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {social.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      <div className="site-footer-bottom">
        {seller?.legal_name ? (
          // Who the seller is (E-Commerce Regulations 2002 reg. 6; Companies Act 2006 trading
          // disclosures) and whether prices include VAT.
          <address className="page-container site-footer-legal">
            {legalParts(seller).map((part) => (
              <span key={part}>{part}</span>
            ))}
          </address>
        ) : null}
        <p className="page-container site-footer-copyright">
          {copyrightLine(now.getFullYear(), title)}
        </p>
      </div>
    </footer>
  );
}
