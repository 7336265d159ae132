/* global self, URL */
/**
 * The back office's service worker (scope /admin/), registered only when a member turns
 * notifications on (admin/src/features/account/push-device.ts). It does two things: shows a
 * push notification the server sent (server/staff/push-notifications.ts: `{title, body, url,
 * tag}`, nothing more), and opens its page in the back office when the notification is tapped.
 *
 * It answers no fetch and caches nothing: the back office's pages are private and change by the
 * minute, and a copy kept here could show a signed-out phone yesterday's orders.
 */
const ICON = '/admin/icons/icon-192.png';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
  const url = text(notice.url, '/admin/');
  event.waitUntil(
    self.registration.showNotification(text(notice.title, 'Back office'), {
      body: text(notice.body, ''),
      tag: text(notice.tag, undefined),
      icon: ICON,
      badge: ICON,
      // Only a page of the back office, on this site.
      data: { url: url.startsWith('/admin/') ? url : '/admin/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/admin/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/admin/'));
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
