/**
 * The sitemap's files as the server last wrote them (decision 017): one plan (which files
 * exist, ../content/sitemap-sections.ts) and the gzip-compressed bytes of each file built from it,
 * kept until the TTL ends or the catalogue changes, whichever comes first.
 *
 * A file is built once however many crawlers ask at the same time: the first request starts
 * the build and every request meanwhile joins it, each getting the compressed bytes written so
 * far and then the rest as they come. The build runs to its end even when the client that
 * started it goes away, so its bytes can be kept; what it holds meanwhile is what a kept file
 * holds (the compressed text, tens of bytes a URL), never the list of rows.
 *
 * Files of one plan cover fixed id ranges, so they are only ever served with the plan they
 * were built from: a new plan (after the TTL, or after an invalidation) starts with no file.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { SitemapPlan } from '../content/sitemap-sections.ts';

/** A finished file: its gzip bytes and a validator of its text. */
export interface BuiltFile {
  gzip: Buffer;
  /** Weak ETag (`W/"…"`) of the uncompressed text: equal text, equal tag, in any process. */
  etag: string;
}

/** Gzip bytes of a build in progress, handed to every request that joins it. */
class FileBuild {
  readonly chunks: Buffer[] = [];
  private readonly readers = new Set<PassThrough>();
  private finished = false;
  private failure: Error | null = null;

  /** A stream of the file's gzip bytes from the start: what is written so far, then the rest. */
  reader(): Readable {
    const out = new PassThrough();
    for (const chunk of this.chunks) out.write(chunk);
    if (this.failure) out.destroy(this.failure);
    else if (this.finished) out.end();
    else {
      this.readers.add(out);
      out.once('close', () => this.readers.delete(out));
    }
    return out;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    // No backpressure from a slow client: what waits for it is at most the compressed file.
    for (const out of this.readers) if (!out.destroyed) out.write(chunk);
  }

  end(): void {
    this.finished = true;
    for (const out of this.readers) out.end();
    this.readers.clear();
  }

  fail(error: Error): void {
    this.failure = error;
    for (const out of this.readers) out.destroy(error);
    this.readers.clear();
  }
}

/** The weak ETag of a text whose SHA-256 is `digest`. */
function weakTag(digest: Buffer): string {
  return `W/"${digest.toString('base64url').slice(0, 27)}"`;
}

/** The weak ETag of `text` (the index, built whole). */
export function etagOf(text: string): string {
  return weakTag(createHash('sha256').update(text).digest());
}

/**
 * True when an `If-None-Match` header names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export interface SitemapCacheOptions {
  /** How long a plan and its files are kept (ms); 0 or less: nothing is kept. */
  ttlMs: number;
  /** Most gzip bytes kept per plan (default 32 MiB); a file past it is served but not kept. */
  maxBytes?: number;
  /** Told when a build fails (the requests reading it are cut off). */
  onBuildError?: (error: Error, name: string) => void;
}

/** One plan and the files built from it; see the module comment. */
export class SitemapGeneration {
  private readonly files = new Map<string, BuiltFile>();
  private readonly building = new Map<string, FileBuild>();
  private keptBytes = 0;

  constructor(
    /** Which files exist. */
    readonly plan: SitemapPlan,
    private readonly keeps: () => boolean,
    private readonly options: SitemapCacheOptions,
  ) {}

  /** Gzip bytes kept (tests and diagnostics). */
  get bytes(): number {
    return this.keptBytes;
  }

  /** The file `name`, finished, or undefined when it is not kept (not built yet, or too big). */
  built(name: string): BuiltFile | undefined {
    return this.files.get(name);
  }

  /**
   * The gzip bytes of file `name`, as a stream: joins the build in progress, or starts one that
   * writes `text`'s pieces through gzip and keeps the result when it finishes, if this is still
   * the cache's current generation.
   */
  stream(name: string, text: () => AsyncIterable<string>): Readable {
    const running = this.building.get(name);
    if (running) return running.reader();
    const build = new FileBuild();
    this.building.set(name, build);
    const reader = build.reader();
    void writeGzip(build, text).then(
      (file) => {
        build.end();
        this.building.delete(name);
        const maxBytes = this.options.maxBytes ?? 32 * 1024 * 1024;
        if (this.keeps() && this.keptBytes + file.gzip.length <= maxBytes) {
          this.files.set(name, file);
          this.keptBytes += file.gzip.length;
        }
      },
      (error: Error) => {
        build.fail(error);
        this.building.delete(name);
        this.options.onBuildError?.(error, name);
      },
    );
    return reader;
  }
}

/** Writes `text`'s pieces through gzip into `build`; resolves to the finished file. */
async function writeGzip(build: FileBuild, text: () => AsyncIterable<string>): Promise<BuiltFile> {
  const gzip = createGzip();
  const hash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => build.push(chunk));
  const ended = once(gzip, 'end');
  // Awaited below; a gzip error meanwhile surfaces through the write loop instead.
  ended.catch(() => {});
  try {
    for await (const piece of text()) {
      hash.update(piece);
      if (!gzip.write(piece)) await once(gzip, 'drain');
    }
    gzip.end();
    await ended;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  return { gzip: Buffer.concat(build.chunks), etag: weakTag(hash.digest()) };
}

/** The current generation of one tenant's sitemap for one origin; see the module comment. */
export class SitemapCache {
  private current: Promise<SitemapGeneration> | null = null;

  constructor(private readonly options: SitemapCacheOptions) {}

  /** Forgets the plan and every file: the next request plans again from the database. */
  invalidate(): void {
    this.current = null;
  }

  /**
   * The current generation, planned by `load` when there is none or it expired (concurrent
   * callers share one load; a failed load is not kept).
   * @throws what `load` throws
   */
  generation(load: () => Promise<SitemapPlan>): Promise<SitemapGeneration> {
    if (this.current) return this.current;
    const { ttlMs } = this.options;
    const promise: Promise<SitemapGeneration> = load().then(
      (plan) => new SitemapGeneration(plan, () => this.current === promise, this.options),
    );
    if (ttlMs <= 0) return promise;
    this.current = promise;
    const forget = () => {
      if (this.current === promise) this.current = null;
    };
    promise.catch(forget);
    setTimeout(forget, ttlMs).unref();
    return promise;
  }
}
