/**
 * Uploading an image to the back office (POST /api/admin/media/uploads/, the body the file's
 * bytes): JPEG, PNG and WebP become the storefront's WebP sizes, served from the media route;
 * the phone's GPS position does not survive; everything that is not such an image, too big, or
 * too costly to decode is refused with a message saying why, before anything is decoded; uploads
 * made at once stay together within what decoding may take.
 */
import sharp from 'sharp';
import { decodeCost, type ImageHeader } from '../../media/decode-cost.ts';
import { decodingBudget, resetMostReserved } from '../../media/images.ts';
import { MEDIA_MESSAGES } from '../../media/messages.ts';
import { MAX_DECODE_BYTES, MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '../../media/limits.ts';
import { bandedPng, pngDeclaring, testPhoto } from '../../test/images.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let owner: Record<string, string>;

beforeAll(async () => {
  const member = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-handcraft'),
    role: 'staff',
  });
  owner = asStaff('demo-handcraft', await staffTokenFor(t.app, member));
});

type Upload = { id: number; url: string; thumb_url: string; width: number; height: number };

async function upload(bytes: Buffer | string, contentType = 'image/jpeg', headers = owner) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads/',
    headers: { ...headers, 'content-type': contentType },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json() as Upload & { detail?: string } };
}

async function fetchMedia(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('uploading an image', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('takes a %s and serves it as the storefront sizes, in WebP', async (format, type) => {
    const answer = await upload(await testPhoto({ width: 1200, height: 900, format }), type);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ width: 800, height: 600 });
    expect(answer.body.url).toMatch(/^\/api\/media\/demo\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(answer.body.thumb_url).toMatch(
      /^\/api\/media\/demo\/uploads\/[0-9a-f]{64}-whole-thumb\.webp$/,
    );

    const full = await fetchMedia(answer.body.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const thumb = await fetchMedia(answer.body.thumb_url);
    // The whole photo, smaller: a card crops it around the focal point, never the file.
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });

    const row = await t.app.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('id', '=', answer.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ width: 800, height: 600, claimed_at: null });
  });

  it('never enlarges a small image', async () => {
    const answer = await upload(
      await testPhoto({ width: 400, height: 300, format: 'png' }),
      'image/png',
    );
    expect(answer.body).toMatchObject({ width: 400, height: 300 });
  });

  it('drops the phone photo’s GPS position and camera, and turns it upright', async () => {
    // Stored 600 x 400 with orientation 6: the camera was held upright, so it shows 400 x 600.
    const photo = await testPhoto({
      width: 600,
      height: 400,
      format: 'jpeg',
      phoneExif: { orientation: 6 },
    });
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Phonemaker'))).toBe(true);
    expect(before.exif?.readUInt16BE(0) ?? 0).toBeGreaterThan(0);

    const answer = await upload(photo);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ width: 400, height: 600 });
    for (const url of [answer.body.url, answer.body.thumb_url]) {
      const stored = (await fetchMedia(url)).rawPayload;
      const after = await sharp(stored).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Phonemaker'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('takes a burst of uploads at once, making them in turn', async () => {
    const photos = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => testPhoto({ width: 500 + n, height: 400, format: 'jpeg' })),
    );
    const answers = await Promise.all(photos.map((photo) => upload(photo)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(5);
  });

  it('stores the same photo once, under the hash of its bytes', async () => {
    const photo = await testPhoto({ width: 300, height: 300, format: 'jpeg' });
    const first = await upload(photo);
    const second = await upload(photo);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.url).toBe(first.body.url);
  });
});

describe('bounding the memory an upload takes to decode', () => {
  const uploadsCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('media_uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a PNG small on disk whose decoding would take too much memory, saying how to save it', async () => {
    // The image: 7000 x 7000, 16 bits per channel with transparency, a few hundred KB.
    const png = await bandedPng(7000, 7000, 16);
    expect(png.length).toBeLessThan(1024 * 1024);
    const header: ImageHeader = {
      format: 'png',
      width: 7000,
      height: 7000,
      channels: 4,
      depth: 'ushort',
      isProgressive: false,
    };
    // Within the pixel limit; what decoding it takes is not within the decoding limit.
    expect(7000 * 7000).toBeLessThanOrEqual(MAX_UPLOAD_PIXELS);
    const cost = decodeCost(header);
    expect(cost.bytes).toBeGreaterThan(MAX_DECODE_BYTES);
    const before = await uploadsCount();

    const answer = await upload(png, 'image/png');
    expect(answer).toEqual({
      status: 400,
      body: {
        detail:
          'The image is 7000 × 7000 pixels (a PNG at 16 bits per channel, with transparency): ' +
          `opening it would take ${Math.round(cost.bytes / 1048576)} MB of memory, and an upload ` +
          'may take at most 48 MB. Save it at 8 bits per channel and no larger than 5120 × 5120 ' +
          'pixels, and upload it again.',
      },
    });
    expect(await uploadsCount()).toBe(before);

    // Saved as the answer says, the same picture is taken.
    const advised = await upload(await bandedPng(5120, 5120, 8), 'image/png');
    expect(advised.status, JSON.stringify(advised.body)).toBe(201);
    expect(advised.body).toMatchObject({ width: 800, height: 800 });
  });

  it('refuses a large progressive JPEG, and takes the same photo saved as a standard JPEG', async () => {
    const shot = { width: 6000, height: 4000, format: 'jpeg', noise: false } as const;
    const progressive = await testPhoto({ ...shot, progressive: true });
    const cost = decodeCost({
      format: 'jpeg',
      width: 6000,
      height: 4000,
      channels: 3,
      depth: 'uchar',
      isProgressive: true,
      chromaSubsampling: '4:2:0',
    });
    expect(cost).toMatchObject({ kind: 'progressive-jpeg' });
    expect(cost.bytes).toBeGreaterThan(MAX_DECODE_BYTES);
    const refused = await upload(progressive);
    expect(refused).toEqual({
      status: 400,
      body: {
        detail:
          'The image is 6000 × 4000 pixels (a progressive JPEG): opening it would take ' +
          `${Math.round(cost.bytes / 1048576)} MB of memory, and an upload may take at most 48 MB. ` +
          'Save it as a standard (baseline) JPEG, not a progressive one, and upload it again.',
      },
    });

    const baseline = await upload(await testPhoto(shot));
    expect(baseline.status).toBe(201);
    expect(baseline.body).toMatchObject({ width: 800, height: 533 });
  });

  it('takes a 12-megapixel phone photo, even saved progressive, and turns it upright', async () => {
    for (const progressive of [false, true]) {
      const photo = await testPhoto({
        width: 4000,
        height: 3000,
        format: 'jpeg',
        phoneExif: { orientation: 6 },
        progressive,
      });
      const cost = decodeCost({
        format: 'jpeg',
        width: 4000,
        height: 3000,
        channels: 3,
        depth: 'uchar',
        isProgressive: progressive,
        chromaSubsampling: '4:2:0',
      });
      expect(cost.bytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
      const answer = await upload(photo);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body).toMatchObject({ width: 600, height: 800 });
    }
  });

  it('makes uploads that would together take more than the limit one after the other', async () => {
    const costly = await testPhoto({
      width: 4000,
      height: 3000,
      format: 'jpeg',
      progressive: true,
    });
    const cheap = await testPhoto({ width: 1200, height: 900, format: 'jpeg' });
    const each = decodeCost({
      format: 'jpeg',
      width: 4000,
      height: 3000,
      channels: 3,
      depth: 'uchar',
      isProgressive: true,
      chromaSubsampling: '4:2:0',
    }).bytes;
    expect(2 * each).toBeGreaterThan(MAX_DECODE_BYTES);
    resetMostReserved();

    const answers = await Promise.all([
      upload(costly),
      upload(cheap),
      upload(costly),
      upload(cheap),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const budget = decodingBudget();
    expect(budget.mostReservedBytes).toBeGreaterThanOrEqual(each);
    expect(budget.mostReservedBytes).toBeLessThanOrEqual(MAX_DECODE_BYTES);
    expect(budget).toMatchObject({ making: 0, waiting: 0, reservedBytes: 0 });
  });
});

describe('refusing what is not an image the shop can show', () => {
  it('refuses a decompression bomb from its header, with a message', async () => {
    const bomb = await pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(200);
    const started = Date.now();
    const answer = await upload(bomb, 'image/png');
    expect(answer).toEqual({
      status: 400,
      body: { detail: MEDIA_MESSAGES.tooManyPixels(30000, 30000) },
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an SVG, even sent as a PNG', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await upload(svg, 'image/png')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.svg },
    });
    expect(await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/jpeg')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.svg },
    });
  });

  it('refuses a web page and a text file renamed .jpg', async () => {
    expect(await upload('<!DOCTYPE html><html><body>hi</body></html>')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.html },
    });
    expect(await upload('Dear maker,\nthis is not a photo.\n')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.text },
    });
  });

  it('refuses another file type and a damaged image by name', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await upload(gif, 'image/png')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.otherType('GIF') },
    });
    const jpeg = await testPhoto({ width: 200, height: 200, format: 'jpeg' });
    const cut = jpeg.subarray(0, 300);
    const answer = await upload(cut);
    expect(answer).toEqual({ status: 400, body: { detail: MEDIA_MESSAGES.damaged } });
  });

  it('refuses a file over the byte limit with a message', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    expect(await upload(big)).toEqual({ status: 413, body: { detail: MEDIA_MESSAGES.tooLarge } });
  });

  it('refuses an empty body, a JSON body and another content type, each with a message', async () => {
    expect(await upload(Buffer.alloc(0))).toEqual({
      status: 400,
      body: { detail: MEDIA_MESSAGES.empty },
    });
    const jpeg = await testPhoto({ width: 64, height: 64, format: 'jpeg' });
    for (const type of ['text/plain', 'image/gif', 'image/svg+xml', 'application/octet-stream']) {
      expect(await upload(jpeg, type), type).toEqual({
        status: 415,
        body: { detail: MEDIA_MESSAGES.wrongContentType },
      });
    }
    expect(await upload('{"file":"x"}', 'application/json')).toEqual({
      status: 415,
      body: { detail: MEDIA_MESSAGES.wrongContentType },
    });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media/uploads/',
      headers: owner,
    });
    expect(none.statusCode).toBe(415);
  });

  it('reads no body without a staff token, and records nothing refused', async () => {
    const before = await t.app.db
      .selectFrom('media_uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const jpeg = await testPhoto({ width: 64, height: 64, format: 'jpeg' });
    const anonymous = await upload(jpeg, 'image/jpeg', { 'x-tenant-token': 'demo-handcraft' });
    expect(anonymous).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    await upload('not an image', 'image/jpeg');
    const after = await t.app.db
      .selectFrom('media_uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps JSON operations refusing an image body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories/',
      headers: { ...owner, 'content-type': 'image/png' },
      payload: await testPhoto({ width: 8, height: 8, format: 'png' }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported Media Type' });
  });
});
