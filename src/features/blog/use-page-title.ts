import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { siteSettingsQuery } from '../site/api';

/**
 * '{page} | {site title}' as the document title while the page is shown; the previous title
 * comes back after. In an effect, so render stays isomorphic (architecture convention 13).
 */
export function usePageTitle(title: string) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const site = settings?.site_title;
  useEffect(() => {
    const previous = document.title;
    document.title = site ? `${title} | ${site}` : title;
    return () => {
      document.title = previous;
    };
  }, [title, site]);
}
