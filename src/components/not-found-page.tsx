import { Link } from '@tanstack/react-router';
import './components.css';

/** Spec section 2: the 404 page's message. */
export const NOT_FOUND_MESSAGE = 'Oops! The page you are looking for does not exist.';

/** The router's `defaultNotFoundComponent`: the 404 page of spec section 2, with a link home. */
export function NotFoundPage() {
  return (
    <section className="page-container not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found-title">
        Page not found
      </h1>
      <p className="not-found-message">{NOT_FOUND_MESSAGE}</p>
      <Link to="/" className="button-primary">
        Back to the home page
      </Link>
    </section>
  );
}
