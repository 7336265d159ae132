/**
 * A product's stock in the back office: the count, a low badge, the form that sets or adjusts
 * it with a reason, and its history. Embedded in the product page.
 */
export function StockPanel({ productId }: { productId: number }) {
  return (
    <section className="card" aria-labelledby={`stock-${productId}`}>
      <h2 id={`stock-${productId}`}>Stock</h2>
      <p className="muted">Loading stock…</p>
    </section>
  );
}
