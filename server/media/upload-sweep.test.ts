/**
 * Uploads nobody used: the sweep removes those older than the cut-off, and their files unless
 * another upload (used or not) names the same files; a used upload and its files stay.
 */
import { DiskMediaStore } from '../platform/media-store.ts';
import { testPhoto } from '../test/images.ts';
import { createStaff, tenantIdOf } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';
import { claimUpload, sweepUnclaimedUploads, uploadImage } from './uploads.ts';

const t = useTestApp();

describe('sweeping unused uploads', () => {
  it('removes old unclaimed uploads and the files no other upload names', async () => {
    const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
    const actor = await createStaff(t.app.db, { tenantId, role: 'staff' });
    const store = new DiskMediaStore(t.config.mediaDir);
    const context = { db: t.app.db, store, publicApiPath: '/api' };
    const shared = await testPhoto({ width: 90, height: 90, format: 'png' });
    const alone = await uploadImage(
      context,
      actor,
      'demo',
      await testPhoto({ width: 80, height: 60, format: 'jpeg' }),
    );
    const used = await uploadImage(context, actor, 'demo', shared);
    const twin = await uploadImage(context, actor, 'demo', shared);
    await t.app.db.transaction().execute((trx) => claimUpload(trx, tenantId, used.id));
    const keyOf = (url: string) => url.replace('/api/media/', '');

    // Nothing is older than an hour ago yet.
    expect(await sweepUnclaimedUploads(t.app.db, store, new Date(Date.now() - 3_600_000))).toBe(0);

    expect(await sweepUnclaimedUploads(t.app.db, store, new Date(Date.now() + 1000))).toBe(2);
    const left = await t.app.db
      .selectFrom('media_uploads')
      .select('id')
      .where('id', 'in', [alone.id, used.id, twin.id])
      .execute();
    expect(left.map((r) => r.id)).toEqual([used.id]);
    expect(await store.get(keyOf(alone.url))).toBeNull();
    expect(await store.get(keyOf(alone.thumb_url))).toBeNull();
    // The twin's files are the used upload's too: they stay.
    expect(await store.get(keyOf(used.url))).not.toBeNull();
    expect(await store.get(keyOf(used.thumb_url))).not.toBeNull();
  });
});
