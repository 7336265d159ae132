/**
 * Hands outbox e-mails to the e-mail worker thread (./email-worker-thread.ts, whose entry
 * server/email-worker.ts gives it the renderer of every noun's e-mails), started with the first
 * one and stopped after ten quiet seconds, so a shop that sends no e-mail for a while gives back
 * React Email's memory (about 15 MB resident). E-mails come in bursts queued together (an
 * order's two, the sweep's reminders and the shop's morning list), each sent within
 * milliseconds of the last, so a worker rarely stops between two of one burst. A worker that
 * dies fails the e-mails in flight (the outbox retries them) and the next e-mail starts a new
 * one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Delivery, MailerOptions } from './mailer.ts';
import type { EmailJob, FromEmailWorker, ToEmailWorker } from './email-worker-thread.ts';

/** A worker with nothing to do for this long is stopped (ms). */
export const EMAIL_WORKER_IDLE_MS = 10_000;
/** An e-mail the worker has not answered within this long fails, and the worker restarts (ms). */
export const EMAIL_WORKER_TIMEOUT_MS = 120_000;

/**
 * The compiled worker (dist/api/email-worker.mjs, built from server/email-worker.ts) beside this
 * compiled module, or null when running from source.
 */
export function compiledEmailWorker(): string | null {
  if (!import.meta.url.endsWith('.mjs')) return null;
  const file = fileURLToPath(new URL('./email-worker.mjs', import.meta.url));
  return existsSync(file) ? file : null;
}

interface Pending {
  resolve: (delivery: Delivery) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class EmailWorker {
  private current: { worker: Worker; pending: Map<number, Pending> } | null = null;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly workerFile: string,
    private readonly mail: MailerOptions,
    private readonly idleMs = EMAIL_WORKER_IDLE_MS,
  ) {}

  /** True while a worker thread is running. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Renders and sends `job` in the worker. @throws the worker's error (render, transport). */
  send(job: EmailJob): Promise<Delivery> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const { worker, pending } = this.current ?? this.start();
    const id = this.nextId++;
    return new Promise<Delivery>((resolve, reject) => {
      const timer = setTimeout(() => void worker.terminate(), EMAIL_WORKER_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      const message: ToEmailWorker = { type: 'send', id, job };
      worker.postMessage(message);
    });
  }

  /** Stops the worker (shutdown); e-mails in flight fail and stay in the outbox. */
  async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const current = this.current;
    this.current = null;
    if (current) await current.worker.terminate();
  }

  private start(): { worker: Worker; pending: Map<number, Pending> } {
    const worker = new Worker(this.workerFile, {
      workerData: { emailWorker: true, mail: this.mail },
      // V8's default young generation for a worker is 48 MB under load; e-mails need little.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    });
    worker.unref();
    const pending = new Map<number, Pending>();
    const current = { worker, pending };
    const fail = (error: Error) => {
      if (this.current === current) this.current = null;
      for (const job of pending.values()) {
        clearTimeout(job.timer);
        job.reject(error);
      }
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the e-mail worker stopped (exit code ${code})`)));
    worker.on('message', (message: FromEmailWorker) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.type === 'sent') job.resolve(message.delivery);
      else job.reject(new Error(message.message));
      if (pending.size === 0) this.stopWhenIdle(current);
    });
    this.current = current;
    return current;
  }

  private stopWhenIdle(current: { worker: Worker }): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.current !== current) return;
      this.current = null;
      void current.worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}
