import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { loginRedirectHref } from './add-to-cart';

/**
 * A link to /login?redirect=/products/{slug} (spec section 2: the review prompt). The login
 * route belongs to the auth feature, so this builds the address itself and navigates in-app
 * (a modified click still opens a new tab as a normal link would).
 */
export function LoginLink({
  slug,
  children,
  className,
}: {
  slug: string;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const href = loginRedirectHref(slug);
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
