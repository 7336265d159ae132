/**
 * What the database outboxes share (the e-mail outbox, server/platform/mail/outbox.ts, and the
 * back office's push outbox, server/staff/push-notifications.ts): a worker that drains its
 * table every `pollMs` (a timer that never keeps the process alive), can be woken right after a
 * commit that queued a row, never runs two drains at once (a wake during a drain runs one more
 * after it, so nothing queued meanwhile waits for the next poll), and logs a failed drain instead
 * of throwing into the request that woke it.
 */
import type { Logger } from './logger.ts';

export abstract class PollingDrain {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;

  /**
   * @param drainLog where a failed drain is logged, with `failure` as its message.
   * @param pollMs how often to look for due rows, in milliseconds.
   */
  protected constructor(
    private readonly drainLog: Logger,
    private readonly failure: string,
    private readonly pollMs: number,
  ) {}

  /** Claims and sends what is due until nothing is left. */
  abstract drain(): Promise<void>;

  /** Starts polling for due rows (and sends what is due now). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the send in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Sends what is due soon (after a commit that queued a row); never throws. */
  wake(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.drainLog.error({ err: error }, this.failure))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once no send is in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }
}
