import type { ProductListItem } from './api';
import { ProductCard } from './product-card';

/** Cards in the first row of the widest grid (4 columns) load eagerly; the rest lazily. */
const EAGER_CARDS = 4;

/** A responsive grid of product cards (4 columns on desktop, 2 on phones). */
export function ProductGrid({
  products,
  label,
  headingLevel = 3,
}: {
  products: ProductListItem[];
  label?: string;
  /** Level of the cards' name headings: 2 where the grid sits right under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="catalog-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className="catalog-grid__item">
          <ProductCard product={product} eager={index < EAGER_CARDS} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
