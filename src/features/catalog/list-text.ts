/**
 * Headline of the product list (spec section 2, /products):
 * - search and category: 'Search Results for "{term}" in {Category}'
 * - search only: 'Search Results for "{term}"'
 * - category only: 'Products in {Category}'
 * - neither: 'Our Products'
 * `categoryName` is the category's display name (falls back to the slug while unknown).
 */
export function productListTitle({
  search,
  categoryName,
}: {
  search?: string;
  categoryName?: string;
}): string {
  if (search) {
    const base = `Search Results for "${search}"`;
    return categoryName ? `${base} in ${categoryName}` : base;
  }
  if (categoryName) return `Products in ${categoryName}`;
  return 'Our Products';
}

/** Message for an empty product list (spec section 2); the search term wins over the category. */
export function emptyProductsMessage({
  search,
  category,
}: {
  search?: string;
  category?: string;
}): string {
  if (search) return `No products found matching "${search}".`;
  if (category) return 'No products found in this category.';
  return 'No products found.';
}
