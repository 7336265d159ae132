/// <reference types="node" />
/**
 * What every load the bench generates with autocannon shares: the number of connections, how
 * long a measured run lasts (seconds), the demo shop's tenant header, and how a run's failed
 * requests are counted.
 */
import type autocannon from 'autocannon';

/** Concurrent connections of every autocannon run. */
export const CONNECTIONS = 10;
/** Length of a measured run, in seconds (warm-ups are shorter). */
export const DURATION_S = 10;
/** The tenant header of the seeded demo shop, sent on every API request. */
export const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };

/** Requests of a run that did not succeed: socket errors, timeouts and non-2xx answers. */
export function failures(
  result: Pick<autocannon.Result, 'errors' | 'timeouts' | 'non2xx'>,
): number {
  return result.errors + result.timeouts + result.non2xx;
}
