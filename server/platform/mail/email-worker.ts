/**
 * The e-mail worker thread (decision 040): renders an outbox e-mail with React Email and sends
 * it through nodemailer, off the API's event loop. Rendering and building a MIME message cost a
 * few milliseconds of synchronous work each; on the main thread every order placed during a
 * burst waited for them (an order's p99 at 50 req/s went from 20 to 47 ms). Compiled to
 * dist/api/email-worker.mjs and started by ./email-worker-host.ts with the first e-mail.
 *
 * Messages: `{type:'send', id, job}` in; `{type:'sent', id, delivery}` or
 * `{type:'failed', id, message}` out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer, type Delivery } from './mailer.ts';
import { renderEmail } from './templates/render-email.ts';
import { renderStaffEmail } from './templates/render-staff-email.ts';
import type { EmailData } from './templates/email-kinds.ts';
import { isStaffEmailKind, type StaffEmailData } from './templates/staff-email-data.ts';

/** One e-mail to render and send. */
export interface EmailJob {
  /** An order e-mail's data, or a back-office e-mail's (an invitation), told apart by `kind`. */
  data: EmailData | StaffEmailData;
  from: string;
  to: string;
  messageId: string;
}

export type ToEmailWorker = { type: 'send'; id: number; job: EmailJob };
export type FromEmailWorker =
  | { type: 'sent'; id: number; delivery: Delivery }
  | { type: 'failed'; id: number; message: string };

/** Renders and sends one job with `mailer` (in this worker, or in process from source). */
export async function renderAndSend(
  job: EmailJob,
  mailer: ReturnType<typeof createMailer>,
): Promise<Delivery> {
  const email = isStaffEmailKind(job.data.kind)
    ? await renderStaffEmail(job.data as StaffEmailData)
    : await renderEmail(job.data as EmailData);
  // The shop's answer to a contact message is answered back to the shop, whatever the sender.
  const replyTo = job.data.kind === 'contact_reply' ? job.data.shop.contactEmail : undefined;
  return mailer.send({
    from: job.from,
    to: job.to,
    ...(replyTo ? { replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: job.messageId,
  });
}

if (parentPort && workerData?.emailWorker) {
  const port = parentPort;
  const mailer = createMailer(workerData.mail as Parameters<typeof createMailer>[0]);
  port.on('message', (message: ToEmailWorker) => {
    renderAndSend(message.job, mailer).then(
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
