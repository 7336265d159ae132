/**
 * A variant's name from its values (issue 42, decision 091): "240 mm", "240 mm / Kurouchi".
 * Its own module so that what only names a variant (the cart, stock reads, the back-in-stock
 * e-mail) need not import ./variants.ts, whose saving calls ./variant-stock.ts.
 */

/** A variant's values: its first axis's, and its second's when the piece has two. */
export interface VariantValues {
  value1: string;
  value2: string | null;
}

/** A variant's values in axis order. */
export function variantValues(row: VariantValues): string[] {
  return row.value2 === null ? [row.value1] : [row.value1, row.value2];
}

/** A variant's name as carts, orders and invoices show it: "240 mm", "240 mm / Kurouchi". */
export function variantLabel(row: VariantValues): string {
  return variantValues(row).join(' / ');
}
