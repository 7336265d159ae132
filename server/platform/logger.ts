/**
 * What the server's modules need of a logger, so a domain module names no framework: events,
 * warnings and errors with their fields first and the message after (never a secret), as pino
 * (Fastify's logger, the app's `app.log`) takes them. A test may hand in any object of this shape.
 */
export interface Logger {
  /** Something worth a line happened (a reset e-mail queued, an e-mail sent). */
  info(fields: Record<string, unknown>, message: string): void;
  /** Something went wrong and was handled (a provider refused, a retry will follow). */
  warn(fields: Record<string, unknown>, message: string): void;
  /** Something went wrong and needs a look (a reconciliation failed, data disagreed). */
  error(fields: Record<string, unknown>, message: string): void;
  /** A routine step, logged only at LOG_LEVEL=debug (an outbox poll); optional for stubs. */
  debug?(fields: Record<string, unknown>, message: string): void;
}
