import type { Product } from './api';
import { ProductCard } from './product-card';

/** Cards in the first row of the widest grid (4 columns) load eagerly; the rest lazily. */
const EAGER_CARDS = 4;

/** A responsive grid of product cards (4 columns on desktop, 2 on phones). */
export function ProductGrid({ products, label }: { products: Product[]; label?: string }) {
  return (
    <ul className="catalog-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className="catalog-grid__item">
          <ProductCard product={product} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
