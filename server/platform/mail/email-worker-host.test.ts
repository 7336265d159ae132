/**
 * The e-mail worker thread (decision 040): the compiled worker (server/email-worker.ts, built
 * here with esbuild as scripts/build-server.mjs builds it) renders and sends an outbox e-mail,
 * fails a bad one with the renderer's reason, stops after a quiet while and starts again for the
 * next e-mail.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { EmailWorker } from './email-worker-host.ts';
import { partOf } from './outbox-reader.ts';
import { previewEmail } from '../../orders/emails/preview-data.ts';

let dir: string;
let workerFile: string;

beforeAll(async () => {
  // Inside the project, so the worker resolves its packages (kept external, as in dist/api/).
  const cache = resolve(__dirname, '../../node_modules/.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(join(cache, 'shop-email-worker-'));
  workerFile = join(dir, 'email-worker.mjs');
  await build({
    entryPoints: [resolve(__dirname, '../../email-worker.ts')],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('renders and sends an e-mail off the main thread, then stops when idle and starts again', async () => {
  const outbox = join(dir, 'outbox');
  const worker = new EmailWorker(workerFile, { smtpUrl: null, outboxDir: outbox }, 200);
  try {
    const data = previewEmail('order-placed-bank-transfer');
    const delivery = await worker.send({
      data,
      from: '"Ember & Oak" <hello@emberandoak.example>',
      to: data.customer.email,
      messageId: '<2026-11-24T10-00-00-000Z-outbox-7@emberandoak.example>',
    });
    expect(delivery).toEqual({
      via: 'outbox',
      file: join(outbox, '2026-11-24T10-00-00-000Z-outbox-7.eml'),
    });
    const eml = await readFile(join(outbox, '2026-11-24T10-00-00-000Z-outbox-7.eml'), 'utf8');
    expect(partOf(eml, 'text/html')).toContain(data.order.number);
    expect(partOf(eml, 'text/plain')).toContain('IBAN');
    expect(worker.running).toBe(true);

    await expect(
      worker.send({
        data: { kind: 'nonsense' } as never,
        from: 'a@b.c',
        to: 'd@e.f',
        messageId: '<x@b.c>',
      }),
    ).rejects.toThrow(/kind/);

    await vi.waitFor(() => expect(worker.running).toBe(false), { timeout: 3000 });
    const again = previewEmail('payment-received');
    await worker.send({
      data: again,
      from: 'a@b.c',
      to: again.customer.email,
      messageId: '<2026-x-outbox-8@b.c>',
    });
    expect(await readdir(outbox)).toHaveLength(2);
  } finally {
    await worker.stop();
  }
}, 30_000);
