/**
 * The media store: where image files live, by key (a relative path such as
 * `demo/uploads/3f2a...c9.webp`), whichever machine asks. Two adapters:
 *
 * - {@link DiskMediaStore} (default): files under the media folder (`MEDIA_DIR`, `data/media`),
 *   written through a temp file and a rename so a reader never sees half of one. One machine.
 * - {@link S3MediaStore} (`MEDIA_S3_URL`, server/config/media-config.ts): objects in an
 *   S3-compatible bucket through `@aws-sdk/client-s3` (loaded only when configured), so every
 *   API process on every machine serves the same photos.
 *
 * Keys are checked by {@link isMediaKey} before any adapter sees them: segments of letters,
 * digits, `.`, `_` and `-` that start with a letter or digit, so no key climbs out of the folder
 * or the prefix.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaS3Config } from '../config/media-config.ts';

/** One stored file as read back: its bytes as a stream, with its length and media type. */
export interface MediaObject {
  body: Readable;
  /** Bytes. */
  length: number;
  contentType: string;
}

/** Keeps and hands back media files by key; see the module comment. */
export interface MediaStore {
  /** Which adapter this is (for logs and tests). */
  readonly kind: 'disk' | 's3';
  /** Stores `bytes` under `key` (replacing what was there). @throws for an invalid key. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none (or the key is invalid). */
  get(key: string): Promise<MediaObject | null>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (the S3 client); the disk store has none. */
  close(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is a safe relative path the stores accept (see the module comment). */
export function isMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

function checkKey(key: string): void {
  if (!isMediaKey(key)) throw new RangeError(`not a media key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The media type of a file on disk, by its extension (the disk keeps no other record). */
export function contentTypeOfKey(key: string): string {
  return TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Files under a folder on this machine. */
export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    void contentType;
    checkKey(key);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, path);
  }

  async get(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const path = join(this.root, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return {
        body: createReadStream(path),
        length: info.size,
        contentType: contentTypeOfKey(key),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(join(this.root, key), { force: true });
  }

  async close(): Promise<void> {}
}

type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * Objects in an S3-compatible bucket. The SDK is imported on the first call (it costs a process
 * that keeps files on disk nothing). Each object carries its Content-Type, set when stored.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly #config: MediaS3Config;
  #client: Promise<{ s3: S3Module; client: InstanceType<S3Module['S3Client']> }> | undefined;

  constructor(config: MediaS3Config) {
    this.#config = config;
  }

  /** The bucket and key prefix, for logs (never the credentials). */
  get location(): string {
    return `s3://${this.#config.bucket}/${this.#config.prefix}`;
  }

  #connect() {
    this.#client ??= import('@aws-sdk/client-s3').then((s3) => {
      const config = this.#config;
      const client = new s3.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials
          ? {
              credentials: {
                accessKeyId: config.credentials.accessKeyId,
                secretAccessKey: config.credentials.secretAccessKey,
              },
            }
          : {}),
      });
      return { s3, client };
    });
    return this.#client;
  }

  #key(key: string): string {
    return this.#config.prefix ? `${this.#config.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    const { s3, client } = await this.#connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.#config.bucket,
        Key: this.#key(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const { s3, client } = await this.#connect();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({ Bucket: this.#config.bucket, Key: this.#key(key) }),
      );
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        length: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? contentTypeOfKey(key),
      };
    } catch (error) {
      const name = (error as { name?: string }).name;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { s3, client } = await this.#connect();
    await client.send(
      new s3.DeleteObjectCommand({ Bucket: this.#config.bucket, Key: this.#key(key) }),
    );
  }

  async close(): Promise<void> {
    if (!this.#client) return;
    const { client } = await this.#client;
    client.destroy();
  }
}

/**
 * Reads from `primary`, and from `fallback` what `primary` does not have: with the S3 store, the
 * seed's files (rendered into this machine's media folder at the first start) still answer.
 * Writes and deletes go to `primary` only.
 */
export class LayeredMediaStore implements MediaStore {
  readonly kind: 'disk' | 's3';
  constructor(
    readonly primary: MediaStore,
    readonly fallback: MediaStore,
  ) {
    this.kind = primary.kind;
  }
  put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    return this.primary.put(key, bytes, contentType);
  }
  async get(key: string): Promise<MediaObject | null> {
    return (await this.primary.get(key)) ?? this.fallback.get(key);
  }
  delete(key: string): Promise<void> {
    return this.primary.delete(key);
  }
  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}

/**
 * The store the configuration asks for: S3 (with the media folder behind it for the seed's
 * files) when `mediaS3` is set, else the media folder.
 */
export function createMediaStore(config: {
  mediaDir: string;
  mediaS3: MediaS3Config | null;
}): MediaStore {
  const disk = new DiskMediaStore(config.mediaDir);
  if (!config.mediaS3) return disk;
  return new LayeredMediaStore(new S3MediaStore(config.mediaS3), disk);
}
