import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { siteSettingsQuery } from '../site/api';

/**
 * '{page} | {site title}' as the document title while the page is shown, and `description`
 * (when given) as the meta description; the previous values come back after. In effects, so
 * render stays isomorphic (architecture convention 13).
 */
export function usePageTitle(title: string, description?: string | null) {
  const { data: settings } = useQuery(siteSettingsQuery());
  const site = settings?.site_title;
  useEffect(() => {
    const previous = document.title;
    document.title = site ? `${title} | ${site}` : title;
    return () => {
      document.title = previous;
    };
  }, [title, site]);

  useEffect(() => {
    const text = description?.trim();
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!text || !meta) return;
    const previous = meta.content;
    meta.content = text;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
