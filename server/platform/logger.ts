/**
 * What the server's modules need of a logger, so a domain module names no framework: warnings
 * and errors with their fields first and the message after, as pino (Fastify's logger, the
 * app's `app.log`) takes them. A test may hand in any object of this shape.
 */
export interface Logger {
  /** Something went wrong and was handled (a provider refused, a retry will follow). */
  warn(fields: Record<string, unknown>, message: string): void;
  /** Something went wrong and needs a look (a reconciliation failed, data disagreed). */
  error(fields: Record<string, unknown>, message: string): void;
}
