/**
 * The media store settings: unset means the disk; MEDIA_S3_URL names the bucket, prefix,
 * region, endpoint and addressing; the credentials go together and never show when the
 * configuration is logged.
 */
import { ConfigError, loadConfig } from './config.ts';
import { loadMediaConfig } from './media-config.ts';

describe('the media store settings', () => {
  it('keep media on disk by default', () => {
    expect(loadConfig({}).mediaS3).toBeNull();
  });

  it('read the bucket, prefix, region, endpoint and path style from MEDIA_S3_URL', () => {
    expect(
      loadMediaConfig({
        MEDIA_S3_URL:
          's3://shop-media/live/photos/?region=eu-west-1&endpoint=http://127.0.0.1:9000/&path_style=1',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        MEDIA_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
      }).mediaS3,
    ).toMatchObject({
      bucket: 'shop-media',
      prefix: 'live/photos',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE' },
    });
    expect(loadMediaConfig({ MEDIA_S3_URL: 's3://shop-media' }).mediaS3).toEqual({
      bucket: 'shop-media',
      prefix: '',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('never show the secret key when the configuration is serialized', () => {
    const config = loadConfig({
      MEDIA_S3_URL: 's3://shop-media?region=eu-west-1',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      MEDIA_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-very-secret',
    });
    expect(config.mediaS3?.credentials?.secretAccessKey).toBe('wJalrXUtnFEMI-very-secret');
    expect(JSON.stringify(config)).not.toContain('very-secret');
    expect(JSON.stringify(config)).toContain('AKIDEXAMPLE');
    expect(Object.keys(config.mediaS3!.credentials!)).toEqual(['accessKeyId']);
  });

  it.each([
    ['https://shop-media/x', 's3://'],
    ['s3://key:secret@shop-media', 'without credentials'],
    ['s3://Not_A_Bucket', 'not a valid bucket name'],
    ['s3://shop-media?acl=public', 'unknown setting "acl"'],
    ['s3://shop-media?endpoint=ftp://x', 'endpoint must be an http(s) address'],
    ['s3://shop-media?path_style=maybe', 'path_style must be 1 or 0'],
  ])('refuse MEDIA_S3_URL=%s, naming the problem', (url, words) => {
    expect(() => loadMediaConfig({ MEDIA_S3_URL: url })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ MEDIA_S3_URL: url })).toThrow(words);
  });

  it('refuse one credential without the other, and credentials without a bucket', () => {
    expect(() =>
      loadMediaConfig({ MEDIA_S3_URL: 's3://shop-media', MEDIA_S3_ACCESS_KEY_ID: 'AKID' }),
    ).toThrow('go together');
    expect(() =>
      loadMediaConfig({ MEDIA_S3_ACCESS_KEY_ID: 'AKID', MEDIA_S3_SECRET_ACCESS_KEY: 's' }),
    ).toThrow('without MEDIA_S3_URL');
  });
});
