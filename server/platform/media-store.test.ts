/**
 * The media store's adapters: files on disk, and objects in an S3-compatible bucket (a local
 * s3rver the test starts, path-style, as MinIO and most non-AWS servers are addressed), each
 * round trip the same; then the whole API on the S3 store: a photo uploaded through one API
 * process is served by another that shares only the bucket, and the seed's files on this
 * machine's disk still answer.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { loadMediaConfig } from '../config/media-config.ts';
import { testPhoto } from '../test/images.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DiskMediaStore, isMediaKey, type MediaStore, S3MediaStore } from './media-store.ts';

const BUCKET = 'shop-media';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let dir: string;
let server: S3rver;
let s3Url: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-store-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  s3Url = `s3://${BUCKET}/shop-a?region=eu-west-1&endpoint=http://127.0.0.1:${port}&path_style=1`;
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function s3Store(): S3MediaStore {
  const { mediaS3 } = loadMediaConfig({
    MEDIA_S3_URL: s3Url,
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  return new S3MediaStore(mediaS3!);
}

describe.each([
  ['disk', () => new DiskMediaStore(join(dir, 'disk'))],
  ['S3', s3Store],
] as const)('the %s media store', (_kind, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store.close());

  it('stores, reads back with length and type, replaces and deletes a file', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await store.put('demo/uploads/abc.webp', bytes, 'image/webp');
    const file = await store.get('demo/uploads/abc.webp');
    expect(file).toMatchObject({ length: bytes.length, contentType: 'image/webp' });
    expect(await bytesOf(file!.body)).toEqual(bytes);

    await store.put('demo/uploads/abc.webp', Buffer.from('other'), 'image/webp');
    expect(await bytesOf((await store.get('demo/uploads/abc.webp'))!.body)).toEqual(
      Buffer.from('other'),
    );

    await store.delete('demo/uploads/abc.webp');
    expect(await store.get('demo/uploads/abc.webp')).toBeNull();
    await store.delete('demo/uploads/abc.webp');
  });

  it('answers null for a missing file and refuses keys that climb out', async () => {
    expect(await store.get('demo/nothing-here.webp')).toBeNull();
    for (const key of ['../etc/passwd', 'demo/../../x', '/abs', 'demo//x', '.hidden', 'a\\b']) {
      expect(isMediaKey(key), key).toBe(false);
      expect(await store.get(key)).toBeNull();
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(RangeError);
    }
  });
});

describe('the API on the S3 store', () => {
  let first: TestApp;
  let second: { app: TestApp['app']; close(): Promise<void> };

  beforeAll(async () => {
    const { mediaS3 } = loadMediaConfig({
      MEDIA_S3_URL: s3Url,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    first = await createTestApp({ mediaS3 });
    second = await first.reopen();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('serves a photo uploaded through one process from another, out of the bucket', async () => {
    const member = await createStaff(first.app.db, {
      tenantId: await tenantIdOf(first.app.db, 'demo-handcraft'),
      role: 'owner',
    });
    const headers = asStaff('demo-handcraft', await staffTokenFor(first.app, member));
    const uploaded = await first.app.inject({
      method: 'POST',
      url: '/api/admin/media/uploads/',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: await testPhoto({ width: 500, height: 500, format: 'png' }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json() as { url: string };

    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // Not on this machine's disk: in the bucket, under the configured prefix.
    const key = url.replace('/api/media/', '');
    expect(await new DiskMediaStore(first.config.mediaDir).get(key)).toBeNull();
    const object = await s3Store().get(key);
    expect(object?.contentType).toBe('image/webp');
  });

  it("still serves the seed's files from this machine's media folder", async () => {
    await mkdir(join(first.config.mediaDir, 'demo'), { recursive: true });
    await writeFile(join(first.config.mediaDir, 'demo', 'logo.png'), 'seeded logo');
    const logo = await second.app.inject({ method: 'GET', url: '/api/media/demo/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toBe('seeded logo');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    const missing = await second.app.inject({ method: 'GET', url: '/api/media/demo/nope.webp' });
    expect(missing.statusCode).toBe(404);
  });
});
