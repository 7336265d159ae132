import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LOGIN_PATH, REGISTER_PATH } from './nav-items';
import './site.css';

const PAGES = {
  login: { title: 'Login', prompt: "Don't have an account? ", to: REGISTER_PATH, link: 'Register' },
  register: {
    title: 'Register',
    prompt: 'Already have an account? ',
    to: LOGIN_PATH,
    link: 'Login',
  },
  forgot: {
    title: 'Forgot your password?',
    prompt: 'Remembered it? ',
    to: LOGIN_PATH,
    link: 'Login',
  },
  reset: {
    title: 'Choose a new password',
    prompt: 'Remembered it? ',
    to: LOGIN_PATH,
    link: 'Login',
  },
  verify: {
    // A non-breaking hyphen: at 375 px the heading would otherwise break as "e-" / "mail".
    title: 'Verify your e\u2011mail address',
    prompt: 'Go to ',
    to: '/account',
    link: 'your account',
  },
  backInStock: {
    title: 'E\u2011mail me when it is back',
    prompt: 'Go to ',
    to: '/products',
    link: 'the shop',
  },
} as const;

/**
 * The card that holds the login, register, forgot-password, reset-password and verify-email
 * pages (and the back-in-stock confirmation, issue 42) inside the minimal frame (spec section 2, /login and /register): a heading, the page's
 * form (src/features/auth) or result, and the link to the other page.
 */
export function AuthPageFrame({
  page,
  children,
}: {
  page: keyof typeof PAGES;
  children?: ReactNode;
}) {
  const { title, prompt, to, link } = PAGES[page];
  return (
    <section className="page-container auth-page" aria-labelledby="auth-page-title">
      <div className="auth-page-card">
        <h1 id="auth-page-title" className="auth-page-title">
          {title}
        </h1>
        {children}
        <p className="auth-page-switch">
          {prompt}
          <Link to={to}>{link}</Link>
        </p>
      </div>
    </section>
  );
}
