import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { siteSettingsQuery, siteTitleOf } from '../features/site/api';

/** Spec section 8 (header): said to screen readers when the site settings failed to load. */
export const SITE_DETAILS_ERROR = 'Failed to load site details.';

/** What the logo slot shows: loading, failed, or the settings' logo and title. */
export type LogoState =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'success'; title: string; logo: string | null };

/**
 * The logo slot of spec section 2, linking home: the logo image (alt = site title) when there
 * is one, else the site title as text; a grey placeholder while loading; a dash on error.
 * When the logo image itself fails to load, the title text takes its place.
 */
export function SiteLogoView({
  state,
  className = 'site-logo',
}: {
  state: LogoState;
  className?: string;
}) {
  const [imageFailed, setImageFailed] = useState(false);

  if (state.status === 'pending') {
    return (
      <Link to="/" className={className} aria-label="Home">
        <span className="site-logo-placeholder" data-testid="logo-placeholder" aria-hidden="true" />
      </Link>
    );
  }

  if (state.status === 'error') {
    return (
      <>
        <Link to="/" className={className} aria-label="Home">
          <span className="site-logo-text" aria-hidden="true">
            -
          </span>
        </Link>
        <span className="visually-hidden">{SITE_DETAILS_ERROR}</span>
      </>
    );
  }

  const title = state.title;
  if (state.logo && !imageFailed) {
    return (
      <Link to="/" className={className}>
        <img
          className="site-logo-image"
          src={state.logo}
          alt={title || 'Home'}
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      </Link>
    );
  }

  return (
    <Link to="/" className={className} aria-label={title ? undefined : 'Home'}>
      <span className="site-logo-text">{title || '-'}</span>
    </Link>
  );
}

/** The logo state from the site-settings query; data already in the cache wins over a later error. */
export function useLogoState(): LogoState {
  const query = useQuery(siteSettingsQuery());
  if (query.data)
    return { status: 'success', title: siteTitleOf(query.data), logo: query.data.logo ?? null };
  if (query.isError) return { status: 'error' };
  return { status: 'pending' };
}

/** The logo slot bound to the site settings. */
export function SiteLogo({ className }: { className?: string }) {
  return <SiteLogoView state={useLogoState()} className={className} />;
}
