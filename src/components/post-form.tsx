import type { FormHTMLAttributes } from 'react';

/**
 * A form that posts (`method="post"`, no action: its own page). Every server-rendered form is
 * one: submitted before the scripts run (a slow phone, a crawler), a form without a method is
 * a GET that puts what was typed (a password, a message, an address) in the address bar, the
 * history and access logs. The server answers a post to a page's path with a 303 to the page
 * again, reading and keeping nothing (server/http/pages.ts); once hydrated, `onSubmit` does
 * the work.
 */
export function PostForm(props: Omit<FormHTMLAttributes<HTMLFormElement>, 'method'>) {
  return <form {...props} method="post" />;
}
