import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * The login page that comes back to `path` afterwards: `/login?redirect=/cart` (spec sections 2
 * and 5). Slashes stay readable; everything else that needs it is percent-encoded.
 */
export function loginHref(path: string): string {
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

/**
 * A link to /login?redirect={path} (spec sections 2 and 5: the review prompt, the cart's login
 * prompt, the order history). The href keeps its slashes readable; a plain click navigates
 * in-app, and a modified click still opens a new tab as a normal link would.
 */
export function LoginLink({
  redirect,
  children,
  className,
}: {
  /** The same-site path to come back to after logging in. */
  redirect: string;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const href = loginHref(redirect);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * A logged-out notice in a `className` box: `text` ('Log in to see your orders.') and a
 * 'Log in' button that comes back to `redirect` afterwards.
 */
export function LoginPrompt({
  className,
  text,
  redirect,
}: {
  className: string;
  text: string;
  redirect: string;
}) {
  return (
    <div className={className}>
      <p>{text}</p>
      <LoginLink className="button-primary" redirect={redirect}>
        Log in
      </LoginLink>
    </div>
  );
}
