/**
 * How `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts) word what
 * an archive holds: its counts, its keys and its size, never a key's value.
 */
import type { KeyName, KeySource, RowCounts } from '../../server/platform/backup/manifest.ts';

/** "2 shops, 100000 products, 5 orders, 3 customers, 2 staff" (a missing table is left out). */
export function describeCounts(counts: RowCounts): string {
  const words: [keyof RowCounts, string, string][] = [
    ['tenants', 'shop', 'shops'],
    ['products', 'product', 'products'],
    ['orders', 'order', 'orders'],
    ['customers', 'customer', 'customers'],
    ['staff', 'staff member', 'staff members'],
  ];
  return words
    .filter(([name]) => counts[name] !== null)
    .map(([name, one, many]) => `${counts[name]} ${counts[name] === 1 ? one : many}`)
    .join(', ');
}

/** The key files' names as the server keeps them beside its database. */
const KEY_WORDS: Record<KeyName, string> = {
  jwtSecret: 'jwt-secret',
  paymentSecretsKey: 'payment-secrets-key',
};

/**
 * Where each key comes from, in a line: "jwt-secret and payment-secrets-key in the archive", or
 * "PAYMENT_SECRETS_KEY from the environment, not in the archive".
 */
export function describeKeys(keys: Record<KeyName, KeySource>): string {
  return (Object.keys(KEY_WORDS) as KeyName[])
    .map((name) => {
      const key = keys[name];
      if (key.source === 'file') return `${KEY_WORDS[name]} in the archive`;
      if (key.source === 'environment')
        return `${key.variable} from the environment, not in the archive (keep it apart from the archive)`;
      return `no ${KEY_WORDS[name]} yet`;
    })
    .join('; ');
}

/** "1 file", "12 files". */
export function files(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** A size in bytes as "12.3 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
