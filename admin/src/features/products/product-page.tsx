/**
 * A product's editor: `/products/new` creates one, `/products/$productId` edits one. The form
 * (./product-form.tsx) holds everything a save sends, with its photos and one save button
 * ("Create product", "Save product"); leaving it unsaved asks first. Above it, for a saved
 * product (./product-head.tsx), "Duplicate" makes a draft copy and opens it; "Archive" hides the
 * product ("Unarchive" makes it a draft again). Under it, its variants (./variants-panel.tsx:
 * issue 42), the stock history (the stock feature)
 * and the product's recalls (./recall-panel.tsx: GPSR arts 35-37).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { StockPanel } from '../stock/stock-panel';
import { productQuery } from './api';
import { ProductForm } from './product-form';
import { ProductHead } from './product-head';
import { RecallPanel } from './recall-panel';
import { VariantsPanel } from './variants-panel';

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
            <VariantsPanel product={data} />
            <StockPanel productId={data.id} />
            <RecallPanel product={data} />
          </>
        )}
      </QueryView>
    </>
  );
}
