/**
 * The media store part of the configuration: where uploaded images (and the seed's) are kept.
 *
 * - Unset `MEDIA_S3_URL`: on disk under `MEDIA_DIR` (database-config.ts), enough for one
 *   machine.
 * - `MEDIA_S3_URL=s3://bucket/prefix?region=eu-west-1&endpoint=http://127.0.0.1:9000&path_style=1`:
 *   in an S3-compatible bucket, so several API processes on several machines serve the same
 *   photos. `prefix` (optional) is put before every key; `region` defaults to `us-east-1`;
 *   `endpoint` (an http(s) origin, optional) names a non-AWS server (MinIO, Garage, R2...);
 *   `path_style=1` addresses the bucket in the path (most non-AWS servers want it). The
 *   credentials come from `MEDIA_S3_ACCESS_KEY_ID` and `MEDIA_S3_SECRET_ACCESS_KEY` (both or
 *   neither: without them the SDK's own chain applies, e.g. an instance role); the secret is
 *   never logged (the settings serialize without it).
 */
import { ConfigError, type Env, value } from './env-values.ts';

/** Where the S3-compatible media store is and how to sign in to it. */
export interface MediaS3Config {
  bucket: string;
  /** Put before every key, without slashes at either end ('' for none). */
  prefix: string;
  region: string;
  /** A non-AWS server's origin, or null for AWS itself. */
  endpoint: string | null;
  /** Address the bucket in the path (`endpoint/bucket/key`) rather than the host name. */
  forcePathStyle: boolean;
  /** Static credentials, or null for the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** The media store settings. */
export interface MediaConfig {
  /** The S3-compatible store (MEDIA_S3_URL), or null: files on disk under mediaDir. */
  mediaS3: MediaS3Config | null;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads MEDIA_S3_URL, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY.
 * @throws ConfigError when the URL is malformed, or only one of the two credentials is set.
 */
export function loadMediaConfig(env: Env): MediaConfig {
  const raw = value(env, 'MEDIA_S3_URL');
  const accessKeyId = value(env, 'MEDIA_S3_ACCESS_KEY_ID');
  const secretAccessKey = value(env, 'MEDIA_S3_SECRET_ACCESS_KEY');
  if (raw === undefined) {
    if (accessKeyId || secretAccessKey) {
      throw new ConfigError(
        'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are set without MEDIA_S3_URL: set MEDIA_S3_URL (s3://bucket/prefix?region=...) or remove them.',
      );
    }
    return { mediaS3: null };
  }
  const example = 's3://bucket/prefix?region=eu-west-1&endpoint=http://127.0.0.1:9000&path_style=1';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`MEDIA_S3_URL must be a URL such as ${example}.`);
  }
  if (url.protocol !== 's3:' || url.username || url.password || url.hash) {
    throw new ConfigError(
      `MEDIA_S3_URL must be an s3:// URL such as ${example}, without credentials (they go in MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY).`,
    );
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw new ConfigError(
      `MEDIA_S3_URL names the bucket "${bucket}", which is not a valid bucket name.`,
    );
  }
  const known = new Set(['region', 'endpoint', 'path_style']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) {
      throw new ConfigError(
        `MEDIA_S3_URL has an unknown setting "${key}": only region, endpoint and path_style.`,
      );
    }
  }
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = null;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.username) {
      throw new ConfigError(
        `MEDIA_S3_URL's endpoint must be an http(s) address such as http://127.0.0.1:9000, got "${endpoint}".`,
      );
    }
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && !['0', '1', 'true', 'false'].includes(pathStyle)) {
    throw new ConfigError(`MEDIA_S3_URL's path_style must be 1 or 0, got "${pathStyle}".`);
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK default credentials.',
    );
  }
  const credentials =
    accessKeyId && secretAccessKey ? hideSecret({ accessKeyId, secretAccessKey }) : null;
  return {
    mediaS3: {
      bucket,
      prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
      region: url.searchParams.get('region') || 'us-east-1',
      endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
      forcePathStyle: pathStyle === '1' || pathStyle === 'true',
      credentials,
    },
  };
}

/** The credentials with a `toJSON` that leaves the secret out, so a logged config never shows it. */
function hideSecret(credentials: { accessKeyId: string; secretAccessKey: string }) {
  Object.defineProperty(credentials, 'toJSON', {
    enumerable: false,
    value: () => ({ accessKeyId: credentials.accessKeyId, secretAccessKey: '[hidden]' }),
  });
  Object.defineProperty(credentials, 'secretAccessKey', { enumerable: false });
  return credentials;
}
