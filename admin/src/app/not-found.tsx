/** The page for an address the back office does not have. */
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="page page-narrow" id="main">
      <title>Not found · Back office</title>
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/">Go to Today</Link>
      </p>
    </main>
  );
}
