/**
 * The head of a saved product's page: its name and status, links to the list and to its page in
 * the shop, when it last changed, and the moves that are not the form's: Duplicate (makes a
 * draft copy and opens it) and Archive (Unarchive makes it a draft again).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatDateTime } from '../../components/format';
import { Notice } from '../../components/notice';
import { useDuplicateProduct, useUpdateProduct, type AdminProduct } from './api';
import { STATUS_LABELS, STATUS_TONES } from './labels';

/** The title, status, where it shows, and the moves that are not the form's. */
export function ProductHead({ product }: { product: AdminProduct }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProduct(product.id);
  const update = useUpdateProduct(product.id);
  const [error, setError] = useState<string | null>(null);
  const archived = product.status === 'archived';
  const run = (move: () => Promise<unknown>) => {
    setError(null);
    move().catch((e: unknown) => setError(errorMessage(e)));
  };
  return (
    <>
      <div className="page-head">
        <h1>{product.name}</h1>
        <span className={`badge badge-${STATUS_TONES[product.status]}`}>
          {STATUS_LABELS[product.status]}
        </span>
      </div>
      <p className="small">
        <Link to="/products">← All products</Link>
        {product.status === 'active' ? (
          <>
            {' · '}
            <a href={product.storefront_path} target="_blank" rel="noreferrer">
              View in the shop
            </a>
          </>
        ) : null}
        {' · '}
        <span className="muted">Last changed {formatDateTime(product.updated_at)}</span>
      </p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={duplicate.isPending}
          onClick={() =>
            run(async () => {
              const copy = await duplicate.mutateAsync();
              await navigate({
                to: '/products/$productId',
                params: { productId: String(copy.id) },
              });
            })
          }
        >
          Duplicate
        </button>
        <button
          type="button"
          className={archived ? 'button' : 'button button-danger'}
          disabled={update.isPending}
          onClick={() => run(() => update.mutateAsync({ status: archived ? 'draft' : 'archived' }))}
        >
          {archived ? 'Unarchive' : 'Archive'}
        </button>
      </div>
    </>
  );
}
