/**
 * The grown shop's generated customers (e-mails `*@customers.bench.example`), who write the
 * verified reviews and place the generated orders. They never log in: their password hash
 * matches no password. Each is drawn from its own index of the customer stream, so growing
 * again finds the same names for the customers it made before.
 */
import type { BulkWriter, Cell } from './bulk-writer';
import { personName, randomFor, slugify } from './catalog-words';
import { type Ids, iso, STREAM, USER_COLUMNS, YEAR_MS } from './grow-rows';

/**
 * A password hash no password matches (the generated customers never log in): the format of
 * server/platform/credentials/passwords.ts, with an all-zero salt and key.
 */
const UNUSABLE_PASSWORD_HASH = `scrypt$10$8$1$${'A'.repeat(22)}$${'A'.repeat(86)}`;

/**
 * Brings the shop's generated customers (e-mails `*@customers.bench.example`) to `wanted`.
 * @returns how many it added, and every generated customer (id and review name), old and new
 */
export async function addCustomers(
  writer: BulkWriter,
  ids: Ids,
  tenantId: number,
  wanted: number,
  seed: number,
  now: number,
): Promise<{ added: number; all: { id: number; name: string; fullname: string }[] }> {
  const existing = await writer.query<{ id: number; username: string }>(
    `select id, username from users where tenant_id = ? and email like ? order by id`,
    [tenantId, '%@customers.bench.example'],
  );
  const all = existing.map((row, i) => {
    const name = personName(randomFor(seed, STREAM.customer, i));
    return { id: row.id, name: shortName(name), fullname: name };
  });
  const rows: Cell[][] = [];
  for (let i = existing.length; i < wanted; i++) {
    const random = randomFor(seed, STREAM.customer, i);
    const fullname = personName(random);
    const username = `${slugify(fullname).replace(/-/g, '.')}.${i + 1}`;
    const id = ids.take('users');
    rows.push([
      id,
      tenantId,
      `${username}@customers.bench.example`,
      username,
      UNUSABLE_PASSWORD_HASH,
      1,
      iso(now - Math.floor(random() * 3 * YEAR_MS)),
    ]);
    all.push({ id, name: shortName(fullname), fullname });
  }
  await writer.insert('users', USER_COLUMNS, rows);
  return { added: rows.length, all };
}

const shortName = (fullname: string) => {
  const [first, last] = fullname.split(' ');
  return `${first} ${last?.charAt(0) ?? ''}.`;
};
