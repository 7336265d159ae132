/**
 * The shop's public facts the back office prints (its name and address on a packing slip),
 * read from the storefront contract's public operations (`GET /pages/settings/public/`,
 * `GET /contact/info/`) with the same tenant token: the back office contract has no copy of
 * them. No staff token: they are public.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../../common/storefront-api';
import { absoluteUrl, config } from './config';
import { ApiError } from './errors';

export const shopApi = createClient<paths>({
  baseUrl: absoluteUrl(config.shopApiBaseUrl),
  fetch: async (request) => {
    request.headers.set('X-Tenant-Token', config.tenantToken);
    const response = await fetch(request);
    if (!response.ok) throw new ApiError(response.status, null);
    return response;
  },
});
