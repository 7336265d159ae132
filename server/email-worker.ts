/**
 * The e-mail worker thread's entry (decision 040): the platform's worker
 * (server/platform/mail/email-worker-thread.ts) given the renderer of every noun's e-mails
 * (./emails.ts). Beside ./app.ts and ./main.ts because it composes domains, which the platform
 * may not import. Compiled to dist/api/email-worker.mjs by scripts/build-server.mjs and started
 * from there by server/platform/mail/email-worker-host.ts with the first e-mail.
 */
import { serveEmailWorker } from './platform/mail/email-worker-thread.ts';
import { renderOutboxEmail } from './emails.ts';

serveEmailWorker(renderOutboxEmail);
