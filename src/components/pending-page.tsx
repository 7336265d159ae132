import { Skeleton } from './skeleton';
import './components.css';

/**
 * The router's `defaultPendingComponent`: a page-shaped skeleton (a heading and a few
 * blocks) with a polite 'Loading…' status for screen readers. Routes with their own shape
 * (product grid, product page) override it with their own skeleton.
 */
export function PendingPage() {
  return (
    <div className="page-container pending-page" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading…
      </p>
      <Skeleton width="40%" height="2.5rem" className="pending-page-title" />
      <Skeleton height="1rem" />
      <Skeleton width="85%" height="1rem" />
      <Skeleton width="70%" height="1rem" />
      <div className="pending-page-blocks">
        <Skeleton height="12rem" radius="var(--radius-lg)" />
        <Skeleton height="12rem" radius="var(--radius-lg)" />
        <Skeleton height="12rem" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}
