/**
 * A product's editor: `/products/new` creates one, `/products/$productId` edits one. The form
 * (./product-form.tsx): Details (name, slug, category, status, age restricted), Price (price,
 * price before discount), Options (./options-editor.tsx), Made to order (lead times),
 * Description (the short text and the long one in the rich text editor), Details table
 * (attributes, in order, ./attributes-editor.tsx); then, for a saved product, Photos (the photos
 * feature) and Stock (the stock feature); a new product takes its starting stock and low-stock
 * threshold in the form. "Save product" sends the form; above it (./product-head.tsx)
 * "Duplicate" makes a draft copy and opens it; "Archive" hides the product ("Unarchive" makes it
 * a draft again). The server's refusals show beside their fields.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { ProductPhotos } from '../photos/product-photos';
import { StockPanel } from '../stock/stock-panel';
import { productQuery } from './api';
import { ProductForm } from './product-form';
import { ProductHead } from './product-head';

export function NewProductPage() {
  return (
    <>
      <title>New product · Back office</title>
      <div className="page-head">
        <h1>New product</h1>
      </div>
      <p className="small">
        <Link to="/products">← All products</Link>
      </p>
      <ProductForm product={null} />
    </>
  );
}

export function EditProductPage() {
  const { productId } = useParams({ from: '/_auth/_shell/products/$productId' });
  const id = Number(productId);
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2147483647;
  const product = useQuery({ ...productQuery(id), enabled: valid });
  if (!valid) return <Notice tone="error">No such product.</Notice>;
  return (
    <>
      <title>{`${product.data?.name ?? 'Product'} · Back office`}</title>
      <QueryView query={product} loading="Loading the product…">
        {(data) => (
          <>
            <ProductHead product={data} />
            <ProductForm key={data.id} product={data} />
            <ProductPhotos productId={data.id} />
            <StockPanel productId={data.id} />
          </>
        )}
      </QueryView>
    </>
  );
}
