import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LOGIN_PATH, REGISTER_PATH } from './nav-items';
import './site.css';

/**
 * The card that holds the login and register pages inside the minimal frame (spec section 2,
 * /login and /register): a heading, the page's form (src/features/auth) and
 * the link to the other page.
 */
export function AuthPageFrame({
  page,
  children,
}: {
  page: 'login' | 'register';
  children?: ReactNode;
}) {
  const isLogin = page === 'login';
  return (
    <section className="page-container auth-page" aria-labelledby="auth-page-title">
      <div className="auth-page-card">
        <h1 id="auth-page-title" className="auth-page-title">
          {isLogin ? 'Login' : 'Register'}
        </h1>
        {children}
        <p className="auth-page-switch">
          {isLogin ? "Don't have an account? " : 'Already have an account? '}
          <Link to={isLogin ? REGISTER_PATH : LOGIN_PATH}>{isLogin ? 'Register' : 'Login'}</Link>
        </p>
      </div>
    </section>
  );
}
