/** The products screens' words for statuses and stock states. */
import type { AdminProductSummary } from './api';
import type { ProductStatus, ProductStockFilter } from './search';

export const STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
};

export const STOCK_FILTER_LABELS: Record<ProductStockFilter, string> = {
  sold_out: 'Sold out',
  low: 'Low in stock',
};

export const STOCK_STATE_LABELS: Record<AdminProductSummary['stock_state'], string> = {
  in_stock: 'In stock',
  low: 'Low',
  sold_out: 'Sold out',
  made_to_order: 'Made to order',
};

/** The badge tone of a status (admin/src/styles/panels.css `.badge-*`). */
export const STATUS_TONES: Record<ProductStatus, string> = {
  active: 'active',
  draft: 'attention',
  archived: 'closed',
};
