import { Link } from '@tanstack/react-router';
import { useIsLoggedIn } from '../../api/use-session';
import { useLogout } from './logout';

/**
 * The header's account links (spec section 2): Login and Register, or Logout when signed in,
 * with the shopper's account beside it (the account page leads to the orders).
 * Logout calls the API with the refresh token, always clears the tokens locally, then goes
 * to / (spec section 4).
 */
export function AuthLinks({
  className = 'auth-links',
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  const loggedIn = useIsLoggedIn();
  const logout = useLogout();

  // Not known before hydration: the space stays reserved (site.css), empty.
  if (loggedIn === undefined) {
    return <div className={`${className} auth-links-pending`} aria-hidden="true" />;
  }

  if (loggedIn) {
    return (
      <div className={className}>
        <Link to="/account" className="auth-link" onClick={onNavigate}>
          Account
        </Link>
        <button
          type="button"
          className="auth-link auth-link-logout"
          disabled={logout.isPending}
          onClick={() => {
            logout.mutate();
            onNavigate?.();
          }}
        >
          Logout
        </button>
      </div>
    );
  }

  return (
    <div className={className}>
      <Link to="/login" className="auth-link" onClick={onNavigate}>
        Login
      </Link>
      <Link to="/register" className="auth-link auth-link-register" onClick={onNavigate}>
        Register
      </Link>
    </div>
  );
}
