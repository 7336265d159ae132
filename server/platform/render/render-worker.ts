/**
 * The render worker's thread (decision 008, "Rendering off the event loop"): imports the built
 * render module (`workerData.rendererFile`, dist/server/entry-server.js) and renders the pages
 * the main thread asks for. The render's API requests are posted back to the main thread, which
 * answers them in process for the storefront's tenant; nothing here touches the database.
 *
 * Built by scripts/build-server.mjs to dist/api/render-worker.mjs, beside the server.
 */
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { toPlain, type FromWorker, type ToWorker } from './render-worker-protocol.ts';
import type { Renderer } from '../../../common/render-contract.ts';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread only');

// Rendering a page that is not cached is background work next to what the main thread does
// (cached pages, the API, the renders' own API calls): on Linux a thread has its own nice value,
// so this thread alone yields the CPU whenever the main thread wants it. A flood of distinct
// URLs then slows the renders, not the pages already rendered. Where a thread's priority cannot
// be lowered (another system, a container without the right), renders run at normal priority.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Normal priority.
}

const { rendererFile } = workerData as { rendererFile: string };
const renderer = import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
const calls = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
let nextCall = 0;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

port.on('message', (message: ToWorker) => {
  if (message.type === 'collect-garbage') {
    // Exposed when the server runs with --expose-gc (npm start): V8 flags reach every thread.
    (globalThis as { gc?: () => void }).gc?.();
    return;
  }
  if (message.type === 'answer' || message.type === 'answer-failed') {
    const call = calls.get(message.call);
    calls.delete(message.call);
    if (!call) return;
    if (message.type === 'answer-failed') call.reject(new Error(message.message));
    else
      call.resolve(
        new Response(message.answer.body, {
          status: message.status,
          headers: message.answer.headers,
        }),
      );
    return;
  }
  const { id, input } = message;
  renderer
    .then((module) =>
      module.render({
        ...input,
        fetchApi: async (request) => {
          const call = nextCall++;
          const plainRequest = await toPlain(request);
          return new Promise<Response>((resolve, reject) => {
            calls.set(call, { resolve, reject });
            post(
              {
                type: 'call',
                id,
                call,
                method: request.method,
                url: request.url,
                request: plainRequest,
              },
              plainRequest.body ? [plainRequest.body] : [],
            );
          });
        },
      }),
    )
    .then(
      (result) => post({ type: 'rendered', id, result }),
      (error: unknown) => {
        const err = error instanceof Error ? error : new Error(String(error));
        post({
          type: 'failed',
          id,
          message: err.message,
          ...(err.stack ? { stack: err.stack } : {}),
        });
      },
    );
});
