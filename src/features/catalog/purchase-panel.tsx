import { AddToCart } from './add-to-cart';
import { ProductCancellationNote } from '../cancellation/product-cancellation-note';
import type { Product } from './api';
import { AgeRestrictionNote, DispatchNote } from './availability-notes';
import { DeliveryNote } from './delivery-note';
import { ProductSafety } from './product-safety';
import { descriptionOrFallback, sortByOrder } from './product-logic';
import { OptionsPrice, useOptionsForm } from '../options/product-options';
import { useCurrency } from '../site/api';
import { deferredForm } from '../../components/deferred-form';
import { lazy, Suspense, useState } from 'react';
import { formatPrice } from '../../../common/money';
import { VARIANT_PHOTO_EVENT } from './product-gallery';
import { firstVariant, VariantPicker, type Variant } from './variant-picker';

/** "E-mail me when it is back": its code loads only for a sold-out piece (issue 42). */
const BackInStockForm = deferredForm(() =>
  import('./back-in-stock-form').then((m) => m.BackInStockForm),
);

/** Sold out: not made to order, no stock, and not kept off sale by a recall. */
export function offersBackInStock(product: Product): boolean {
  return !product.made_to_order && product.stock <= 0 && !product.recall?.off_sale;
}

/**
 * The piece as the chosen variant sells it (issue 42): its price and stock. The price before
 * discount shows only when the variant costs what the piece does (the price the honest-price
 * rule checked); the lowest price of a piece with variants is its cheapest variant's.
 */
function asChosen(product: Product, variant: Variant | null): Product {
  if (!variant) return product;
  return {
    ...product,
    price: variant.price,
    stock: variant.stock,
    price_before_discount: variant.price === product.price ? product.price_before_discount : null,
  };
}

/** A gift card's form (decision 090), loaded only on a gift card's page. */
const GiftCardForm = lazy(() => import('../giftcards/gift-card-form'));

function StockNote({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="catalog-stock catalog-stock--out">Out of stock</p>;
  if (stock <= 3)
    return <p className="catalog-stock catalog-stock--low">Only {stock} left in stock</p>;
  return <p className="catalog-stock">In stock</p>;
}

/**
 * What the product page says about buying the piece (spec section 2, /products/{slug}): the
 * price for the chosen options, the age note of a piece sold to adults only, availability and
 * dispatch, the description and attributes, the product's safety information (GPSR art. 19:
 * above the purchase button, open), then the options and Add to Cart (none while a recall
 * keeps the piece off sale), "E-mail me when it is back" for a sold-out piece (or variant), and
 * below it whether the piece can be cancelled within 14 days (issue 29). A piece with variants
 * (issue 42) shows their radio groups above the options; the price, the stock and the photo
 * follow the chosen one, and Add to Cart adds it. One form (the
 * options) ties the price at the top to the button at the bottom, so they live together; the
 * product page loads this module when the shopper reaches for it
 * (src/components/deferred-form.tsx).
 */
export function PurchasePanel({ product: piece }: { product: Product }) {
  const [variant, setVariant] = useState(() => firstVariant(piece));
  const product = asChosen(piece, variant);
  const attributes = sortByOrder(product.attributes ?? []);
  const optionsForm = useOptionsForm(product.options);
  const currency = useCurrency();
  const offer = product.gift_card;
  if (offer) {
    // A gift card: its amounts, recipient and date instead of stock, dispatch and options.
    return (
      <>
        <p className="catalog-product__description">{descriptionOrFallback(product.description)}</p>
        <Suspense fallback={null}>
          <GiftCardForm
            product={{ id: product.id, slug: product.slug, gift_card: offer }}
            formatPrice={(amount) => formatPrice(amount, currency)}
          />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <OptionsPrice product={product} control={optionsForm.control} />
      <DeliveryNote amount={product.delivery_from} currency={currency} />
      {product.age_restricted ? <AgeRestrictionNote /> : null}
      {product.made_to_order ? (
        <DispatchNote product={product} />
      ) : (
        <div className="catalog-availability">
          <StockNote stock={product.stock} />
          <DispatchNote product={product} />
        </div>
      )}
      <p className="catalog-product__description">{descriptionOrFallback(product.description)}</p>
      {attributes.length ? (
        <dl className="catalog-attributes">
          {attributes.map((attribute) => (
            <div key={attribute.id} className="catalog-attributes__row">
              <dt>{attribute.key}</dt>
              <dd>{attribute.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ProductSafety safety={product.safety} />
      {variant ? (
        <VariantPicker
          product={piece}
          chosen={variant}
          onChoose={(next) => {
            setVariant(next);
            if (next.image_id !== null) {
              dispatchEvent(new CustomEvent(VARIANT_PHOTO_EVENT, { detail: next.image_id }));
            }
          }}
        />
      ) : null}
      {product.recall?.off_sale ? (
        <p className="catalog-stock catalog-stock--out">Not for sale: this piece is recalled.</p>
      ) : (
        <AddToCart product={product} form={optionsForm} variant={variant} />
      )}
      {offersBackInStock(product) ? (
        // A piece with variants: the chosen one's stock, and its e-mail (issue 42).
        <BackInStockForm key={variant?.id} productId={product.id} variantId={variant?.id} />
      ) : null}
      <ProductCancellationNote product={product} control={optionsForm.control} />
    </>
  );
}
