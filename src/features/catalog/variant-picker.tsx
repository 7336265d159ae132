import { useId } from 'react';
import type { Product } from './api';

/** One of a piece's variants (issue 42: contract ProductVariant). */
export type Variant = NonNullable<Product['variants']>[number];

/** A variant the shopper can add: in stock, or made to order. */
export function orderable(variant: Variant, madeToOrder: boolean): boolean {
  return madeToOrder || variant.stock > 0;
}

/** The variant the page starts with: the first orderable one, else the first; null without. */
export function firstVariant(product: Pick<Product, 'variants' | 'made_to_order'>): Variant | null {
  const variants = product.variants ?? [];
  return variants.find((v) => orderable(v, product.made_to_order)) ?? variants[0] ?? null;
}

/** The variant with exactly `values`, if the shop sells that combination. */
function variantWith(variants: readonly Variant[], values: readonly string[]): Variant | undefined {
  return variants.find((v) => v.values.every((value, i) => value === values[i]));
}

/** Each axis' values in the order the variants first name them. */
function axisValues(variants: readonly Variant[], axis: number): string[] {
  return [...new Set(variants.map((v) => v.values[axis]!).filter((v) => v !== undefined))];
}

interface VariantPickerProps {
  product: Pick<Product, 'variant_axes' | 'variants' | 'made_to_order'>;
  chosen: Variant | null;
  onChoose: (variant: Variant) => void;
}

/**
 * The piece's variants as one radio group per axis (issue 42): the legend is the axis' name.
 * Choosing a value of the first axis keeps the other axis' value when that combination can be
 * ordered, else moves it to the first one that can. A value whose combination (with the other
 * axis' choice) the shop does not sell says "unavailable" and is disabled; one sold out says
 * "sold out" and can still be chosen: the buy box then says it is out of stock and offers
 * "E-mail me when it is back" for that variant (decision 092), and Add to Cart is disabled.
 * The first axis' values are disabled only when the shop sells none of their combinations.
 */
export function VariantPicker({ product, chosen, onChoose }: VariantPickerProps) {
  const id = useId();
  const axes = product.variant_axes ?? [];
  const variants = product.variants ?? [];
  const madeToOrder = product.made_to_order;
  const current = chosen?.values ?? [];
  return (
    <div className="catalog-variants">
      {axes.map((axis, index) => (
        <fieldset key={axis} className="catalog-option">
          <legend className="catalog-option__label">{axis}</legend>
          <div className="catalog-option__choices">
            {axisValues(variants, index).map((value) => {
              let target: Variant | undefined;
              let note = '';
              if (index === 0 && axes.length > 1) {
                const same = variants.filter((v) => v.values[0] === value);
                const kept = variantWith(variants, [value, current[1] ?? '']);
                target =
                  [kept].concat(same).find((v) => v && orderable(v, madeToOrder)) ??
                  kept ??
                  same[0];
                if (!target) note = 'unavailable';
                else if (!orderable(target, madeToOrder)) note = 'sold out';
              } else {
                const values = [...current];
                values[index] = value;
                target = variantWith(variants, values);
                if (!target) note = 'unavailable';
                else if (!orderable(target, madeToOrder)) note = 'sold out';
              }
              const disabled = note === 'unavailable';
              return (
                <label
                  key={value}
                  className="catalog-choice"
                  data-disabled={disabled ? true : undefined}
                >
                  <input
                    type="radio"
                    className="catalog-choice__input"
                    name={`${id}-axis-${index}`}
                    value={value}
                    checked={current[index] === value}
                    disabled={disabled}
                    onChange={() => target && onChoose(target)}
                  />
                  <span className="catalog-choice__text">
                    {note ? `${value} (${note})` : value}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {chosen ? (
        <p className="catalog-variants__sku">
          SKU <span translate="no">{chosen.sku}</span>
        </p>
      ) : null}
    </div>
  );
}
