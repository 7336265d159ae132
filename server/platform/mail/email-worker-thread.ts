/**
 * What the e-mail worker thread runs (decision 040), whatever the e-mails are: it takes outbox
 * e-mails from ./email-worker-host.ts, renders each with the renderer it is given and sends it
 * through nodemailer, off the API's event loop. Rendering and building a MIME message cost a
 * few milliseconds of synchronous work each; on the main thread every order placed during a
 * burst waited for them (an order's p99 at 50 req/s went from 20 to 47 ms).
 *
 * The platform knows no kind of e-mail: the worker's entry, server/email-worker.ts, gives
 * `serveEmailWorker` the renderer of every noun's e-mails (server/emails.ts). It is compiled to
 * dist/api/email-worker.mjs and started by ./email-worker-host.ts with the first e-mail.
 *
 * Messages: `{type:'send', id, job}` in; `{type:'sent', id, delivery}` or
 * `{type:'failed', id, message}` out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer, type Delivery, type Mailer } from './mailer.ts';
import type { RenderedEmail } from './templates/render-component.ts';

/**
 * An outbox e-mail's data as stored (JSON): its `kind` names the e-mail, and the noun that owns
 * that kind knows the rest (the orders' `EmailData`, the back office's `StaffEmailData`).
 */
export interface OutboxEmailData {
  kind: string;
}

/**
 * Renders an outbox e-mail's data, checking it first.
 * @throws the noun's EmailDataError for data it cannot render (permanent).
 */
export type RenderOutboxEmail = (data: OutboxEmailData) => Promise<RenderedEmail>;

/** One e-mail to render and send. */
export interface EmailJob {
  data: OutboxEmailData;
  from: string;
  to: string;
  messageId: string;
}

export type ToEmailWorker = { type: 'send'; id: number; job: EmailJob };
export type FromEmailWorker =
  | { type: 'sent'; id: number; delivery: Delivery }
  | { type: 'failed'; id: number; message: string };

/**
 * Renders one job with `render` and sends it with `mailer` (in the worker, or in the API
 * process from source).
 * @throws the renderer's error (bad data) or the transport's
 */
export async function renderAndSend(
  job: EmailJob,
  render: RenderOutboxEmail,
  mailer: Mailer,
): Promise<Delivery> {
  const email = await render(job.data);
  return mailer.send({
    from: job.from,
    to: job.to,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: job.messageId,
  });
}

/**
 * In a thread started by ./email-worker-host.ts, answers its messages: renders and sends each
 * job with `render`. Elsewhere (the main thread, another worker) does nothing.
 */
export function serveEmailWorker(render: RenderOutboxEmail): void {
  if (!parentPort || !workerData?.emailWorker) return;
  const port = parentPort;
  const mailer = createMailer(workerData.mail as Parameters<typeof createMailer>[0]);
  port.on('message', (message: ToEmailWorker) => {
    renderAndSend(message.job, render, mailer).then(
      (delivery) => port.postMessage({ type: 'sent', id: message.id, delivery }),
      (error: unknown) =>
        port.postMessage({
          type: 'failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}
