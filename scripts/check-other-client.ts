/**
 * `npm test`'s check that a client made by another generator than the storefront's works from
 * the contract: hey-api's `@hey-api/openapi-ts` generates a typed fetch client from
 * `openapi/storefront.yaml` into a temporary folder, beside a small program that buys an
 * engraved knife with it as docs/api-clients.md shows (product, cart with options,
 * shipping quote, order with the age attestation), and `tsc --strict` must accept both. A
 * contract change that breaks other generators, or the shapes a client relies on, fails here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'hey-api-client-'));

/** What a developer writes with the generated client: it must type-check as it is. */
const PROGRAM = `import { client } from './client.gen';
import { addCartItem, createOrder, getProduct, quoteShipping } from './sdk.gen';
import type { OrderCreate, Product, ShippingQuote } from './types.gen';

client.setConfig({
  baseUrl: 'http://127.0.0.1:8080/api',
  headers: { 'X-Tenant-Token': 'demo-handcraft' },
});

export async function buyEngravedKnife(access: string): Promise<string | undefined> {
  const auth = { Authorization: \`Bearer \${access}\` };
  const product = await getProduct({ path: { slug: 'damascus-gyuto-210mm' } });
  const knife: Product | undefined = product.data;
  if (!knife) return undefined;
  const handle = knife.options?.find((option) => option.key === 'handle')?.values[0]?.value;
  const cart = await addCartItem({
    headers: auth,
    body: {
      product_id: knife.id,
      quantity: 1,
      customization: { handle: handle ?? 'walnut', engraving_text: 'A.L.' },
    },
  });
  const line = cart.data?.items[0];
  const quote = await quoteShipping({
    headers: auth,
    body: { country: 'GB', choices: line ? [{ item_id: line.id, method: 'uk-age-verified' }] : [] },
  });
  const quoted: ShippingQuote | undefined = quote.data;
  if (!quoted?.ready) return undefined;
  const body: OrderCreate = {
    payment_method: 'bank_transfer',
    delivery_address: {
      fullname: 'Ada Lovelace',
      contact_number: '+44 114 496 0000',
      street: '12 Forge Lane',
      city: 'Sheffield',
      postalCode: 'S1 2AB',
      country: 'GB',
    },
    shipping: quoted.lines.map((l) => ({ item_id: l.item_id, method: l.method ?? '' })),
    age_attestation: { date_of_birth: '1980-04-02', confirmed: true },
    expected_total_price: quoted.total_price,
  };
  const order = await createOrder({
    headers: { ...auth, 'Idempotency-Key': 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
    body,
  });
  return order.data?.order_number;
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noUnusedLocals: true,
    noEmit: true,
    types: [],
  },
  include: ['**/*.ts'],
};

try {
  await createClient({
    input: path.join(root, 'openapi', 'storefront.yaml'),
    output: out,
    plugins: ['@hey-api/client-fetch'],
    logs: { file: false, level: 'silent' },
  });
  writeFileSync(path.join(out, 'buy-engraved-knife.ts'), PROGRAM);
  writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  const tsc = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', out], {
    encoding: 'utf8',
  });
  if (tsc.status !== 0) {
    console.error(
      `check-other-client: the hey-api client does not type-check:\n${tsc.stdout}${tsc.stderr}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      'check-other-client: a hey-api client generated from the contract type-checks under --strict.',
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
