import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { categoriesQuery } from './header-queries';
import { Skeleton } from '../../components/skeleton';

/** Spec section 8 (header): the SHOP list's messages. */
export const CATEGORIES_ERROR = 'Failed to load categories.';
export const CATEGORIES_EMPTY = 'No categories found';

/**
 * The SHOP list of spec section 2, shared by the desktop dropdown and the mobile menu: one
 * link per category to `/products?category={slug}`, 'No categories found' when the shop has
 * none, 'Failed to load categories.' when the request fails, skeleton lines while loading.
 * `onNavigate` runs when a category link is followed (menus close themselves with it).
 */
export function CategoryLinks({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  const query = useQuery(categoriesQuery());

  if (query.isPending) {
    return (
      <div className={`${className ?? ''} category-links-pending`} aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading categories…
        </span>
        <Skeleton width="70%" height="0.9rem" />
        <Skeleton width="55%" height="0.9rem" />
        <Skeleton width="62%" height="0.9rem" />
      </div>
    );
  }

  if (query.isError) {
    return (
      <p className={`${className ?? ''} category-links-message category-links-error`} role="alert">
        {CATEGORIES_ERROR}
      </p>
    );
  }

  if (query.data.length === 0) {
    return <p className={`${className ?? ''} category-links-message`}>{CATEGORIES_EMPTY}</p>;
  }

  return (
    <ul className={className}>
      {query.data.map((category) => (
        <li key={category.id}>
          <Link
            to="/products"
            search={{ category: category.slug }}
            className="category-link"
            activeOptions={{ includeSearch: true }}
            onClick={onNavigate}
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
