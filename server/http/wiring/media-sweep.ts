/**
 * The sweep of uploads nobody used (server/media/uploads.ts `sweepUnclaimedUploads`): an image
 * uploaded for a form that was then abandoned is removed a day later, with its files when no
 * other upload names them. Runs a minute after start, then every hour, in the background only
 * (tests call the function themselves); several processes may sweep at once (each removal is
 * conditional). A failure is logged and the next run tries again.
 */
import type { FastifyInstance } from 'fastify';
import { sweepUnclaimedUploads } from '../../media/uploads.ts';

/** How old an unused upload is before it goes, and how often the sweep runs (ms). */
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/** Starts the sweep's timers on `app`; they stop when it closes. */
export function startMediaSweep(app: FastifyInstance): void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweepUnclaimedUploads(app.db, app.mediaStore, new Date(Date.now() - UNUSED_FOR_MS))
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed unused uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'the unused-upload sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(sweep, FIRST_AFTER_MS);
  first.unref();
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
