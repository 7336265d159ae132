/**
 * Garbage collection while the server is quiet, so an idle process gives back what a burst of
 * requests left behind.
 *
 * V8 collects when a heap fills, and its own memory reducer runs only when a thread has seen
 * little allocation for a while: after a crawl of every page the main thread and the render
 * worker each kept tens of MB of garbage and of heap pages, for good (the API process idled at
 * 150 MB resident instead of 120). Once no request has arrived for `idleMs`, this runs each
 * subscriber (the caches drop their expired entries, the render worker collects its own
 * garbage: plugins/pages.ts, plugins/catalog-cache.ts), then one full collection on the main
 * thread. One collection per quiet spell: a process that stays idle does nothing more, and a
 * busy one never collects from here. The quiet spell's collections compact every page (until
 * the next request), which gives back the pages a burst left fragmented.
 *
 * Needs the collector exposed to JavaScript (`node --expose-gc`, as `npm start` runs the
 * server); without it (tests, `npm run dev`) the plugin registers nothing but `whenIdle`.
 */
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `collect` at each quiet spell, before the main thread's collection (so what it
     * drops is collected). A no-op when the collector is not exposed.
     */
    whenIdle(collect: () => void): void;
  }
}

export interface IdleGcOptions {
  /** How long (ms) without a request counts as quiet. */
  idleMs: number;
  /** The full collection; default `globalThis.gc` (null when it is not exposed: plugin off). */
  gc?: (() => void) | null;
  /**
   * Turns on or off the compaction of every heap page in full collections (default: V8's
   * `--compact-on-every-full-gc`, a process-wide flag, so the render worker's collection
   * compacts too).
   */
  compactEveryPage?: (on: boolean) => void;
}

function v8CompactEveryPage(on: boolean): void {
  v8.setFlagsFromString(on ? '--compact-on-every-full-gc' : '--no-compact-on-every-full-gc');
}

/**
 * Requests that are not activity: a proxy's health checks (Caddy asks `/readyz` every few
 * seconds, deploy/shop.caddy) and a metrics scraper would otherwise keep a process that serves
 * nobody from ever having a quiet spell. They allocate next to nothing.
 */
export const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** The quiet-spell clock: `touch()` on activity; `collect` runs once per quiet spell. */
export interface IdleClock {
  touch(): void;
  stop(): void;
}

/**
 * Checks every `idleMs / 2` whether `idleMs` have passed since the last `touch()` with no
 * collection since; if so, runs `collect` once. The timer never keeps the process alive.
 */
export function idleClock(idleMs: number, collect: () => void): IdleClock {
  let lastActivity = 0;
  let dirty = false;
  const timer = setInterval(
    () => {
      if (!dirty || Date.now() - lastActivity < idleMs) return;
      dirty = false;
      collect();
    },
    Math.max(1, Math.floor(idleMs / 2)),
  );
  timer.unref();
  return {
    touch() {
      lastActivity = Date.now();
      dirty = true;
    },
    stop: () => clearInterval(timer),
  };
}

async function idleGcPlugin(app: FastifyInstance, options: IdleGcOptions): Promise<void> {
  const gc =
    options.gc === undefined ? ((globalThis as { gc?: () => void }).gc ?? null) : options.gc;
  const subscribers: (() => void)[] = [];
  app.decorate('whenIdle', (collect: () => void) => {
    if (gc) subscribers.push(collect);
  });
  if (!gc) return;
  const compactEveryPage = options.compactEveryPage ?? v8CompactEveryPage;
  let compacting = false;
  const clock = idleClock(options.idleMs, () => {
    // A quiet spell's collections move what survived onto as few pages as they can, so the
    // pages the burst's garbage left half-empty are given back (8 MB of the main heap after a
    // crawl). Off again at the next request: under load the copying would lengthen pauses.
    compacting = true;
    compactEveryPage(true);
    for (const collect of subscribers) collect();
    gc();
  });
  // Callback hooks, not async ones: they run on every request, and a promise each is measurable
  // on the hot path (npm run bench, "The hot path").
  app.addHook('onRequest', (_request, _reply, done) => {
    if (compacting) {
      compacting = false;
      compactEveryPage(false);
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (!PROBES.has(request.routeOptions.url ?? '')) clock.touch();
    done();
  });
  app.addHook('onClose', async () => {
    clock.stop();
    if (compacting) compactEveryPage(false);
  });
}

/** Registers the quiet-spell collection (see the module comment); not encapsulated. */
export const idleGc = fp(idleGcPlugin, { name: 'idle-gc' });
