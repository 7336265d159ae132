/**
 * The back office's one typed client (openapi-fetch over the types generated from
 * openapi/admin.yaml into common/admin-api.d.ts). Its `fetch` is ./transport.ts: the tenant
 * header, the staff bearer token, one refresh on expiry or 401, sign-out when the refresh is
 * refused, and an {@link ApiError} for every non-2xx answer, so a call gives `data` or throws.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../common/admin-api';
import { absoluteUrl, config } from './config';
import { ApiError } from './errors';
import { createAdminFetch, type RefreshCall } from './transport';

/** The contract's schemas by name: `Schemas['AdminOrder']`. */
export type Schemas = components['schemas'];

const baseUrl = absoluteUrl(config.apiBaseUrl);

/** `POST /auth/refresh/` straight on the network: the refresh must not wait for itself. */
const refresh: RefreshCall = async (token) => {
  const response = await fetch(`${baseUrl}/auth/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Tenant-Token': config.tenantToken },
    body: JSON.stringify({ refresh: token }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body as { access: string; refresh?: string };
};

export const api = createClient<paths>({
  baseUrl,
  fetch: createAdminFetch({ tenantToken: config.tenantToken, refresh }),
});
