/**
 * The holiday banner and notes (./holiday-banner.tsx), loaded when a shop on holiday first shows
 * one: most shops are open, and the first page's scripts stay within their budget. The server
 * render waits for them (src/entry-server.tsx renders once all is ready), and hydration keeps
 * the server's markup until they arrive.
 */
import { lazy, Suspense } from 'react';
import { useOnHoliday } from './api';

const Words = lazy(() => import('./holiday-banner'));

/**
 * While the shop is on holiday: with `id`, its words beside a disabled ordering button (`id` is
 * the button's aria-describedby); without, the banner at the top of every page. Else nothing.
 */
export function LazyHoliday({ id }: { id?: string }) {
  return useOnHoliday() ? (
    <Suspense fallback={null}>
      <Words id={id} />
    </Suspense>
  ) : null;
}
