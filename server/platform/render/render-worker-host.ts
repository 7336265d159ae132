/**
 * Server rendering off the main thread (decision 008, "Rendering off the event loop"). A render
 * is 15-25 ms of synchronous work (React, the router, serializing the data); on the main thread
 * every request that arrived meanwhile waited for it, which made the server-rendered pages' p99
 * at a steady 100 req/s 26-38 ms though a reused page is sent in 1-2 ms. The render
 * now runs in one worker thread; its API requests come back here and are answered in process,
 * as before (a cached catalogue answer costs well under a millisecond).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { toPlain, type FromWorker, type ToWorker } from './render-worker-protocol.ts';
import type {
  ApiFetch,
  RenderInput,
  Renderer,
  RenderResult,
} from '../../../common/render-contract.ts';

/** Heap limits of the render worker (MB): a small young generation, room for the render module. */
const RENDER_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

/** A render the worker has not answered after this long (ms) past its own timeout restarts it. */
export const WORKER_GRACE_MS = 10_000;

/** Default of `RenderInput.timeoutMs` in src/entry-server.tsx. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The renderer loader plugins/pages.ts uses for a built storefront: renders in a worker thread when
 * both the built render module (`distDir/server/entry-server.js`) and the compiled worker
 * (`render-worker.mjs` beside this compiled module, dist/api/) exist; null otherwise, e.g. when the
 * server runs from source under tsx, which then renders in process.
 */
export function workerRendererLoader(distDir: string): (() => Promise<Renderer>) | null {
  const rendererFile = join(distDir, 'server', 'entry-server.js');
  const workerFile = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));
  if (!existsSync(rendererFile) || !existsSync(workerFile)) return null;
  return () => Promise.resolve(new WorkerRenderer(workerFile, rendererFile));
}

interface PendingRender {
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
  fetchApi: ApiFetch;
  timer: NodeJS.Timeout;
}

/**
 * A {@link Renderer} backed by one worker thread, started on the first render and again after it
 * dies (its renders in flight reject, and plugins/pages.ts serves the SPA shell for them). Rejects
 * a render with the worker's error message and stack when the render throws there.
 */
export class WorkerRenderer implements Renderer {
  private current: { worker: Worker; renders: Map<number, PendingRender> } | null = null;
  private nextId = 0;

  constructor(
    private readonly workerFile: string,
    private readonly rendererFile: string,
  ) {}

  render(input: RenderInput): Promise<RenderResult> {
    const { worker, renders } = this.current ?? this.start();
    const { fetchApi, ...rest } = input;
    const id = this.nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      const timer = setTimeout(
        () => void worker.terminate(),
        (input.timeoutMs ?? RENDER_TIMEOUT_MS) + WORKER_GRACE_MS,
      );
      renders.set(id, { resolve, reject, fetchApi, timer });
      const message: ToWorker = { type: 'render', id, input: rest };
      worker.postMessage(message);
    });
  }

  /** Asks a running worker for a full garbage collection (a quiet spell, plugins/idle-gc.ts). */
  collectGarbage(): void {
    const message: ToWorker = { type: 'collect-garbage' };
    this.current?.worker.postMessage(message);
  }

  private start(): { worker: Worker; renders: Map<number, PendingRender> } {
    const worker = new Worker(this.workerFile, {
      workerData: { rendererFile: this.rendererFile },
      // A worker gets V8's default young generation (48 MB under load) unless told: renders
      // allocate short-lived objects, a smaller nursery keeps the process's peak down.
      resourceLimits: RENDER_WORKER_LIMITS,
    });
    const renders = new Map<number, PendingRender>();
    const current = { worker, renders };
    // The server's listener keeps the process alive; the worker alone must not.
    worker.unref();
    const fail = (error: Error) => {
      if (this.current === current) this.current = null;
      for (const pending of renders.values()) {
        clearTimeout(pending.timer);
        pending.reject(error);
      }
      renders.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render worker stopped (exit code ${code})`)));
    worker.on('message', (message: FromWorker) => {
      const pending = renders.get(message.id);
      if (!pending) return;
      if (message.type === 'call') {
        void this.answer(worker, pending.fetchApi, message);
        return;
      }
      renders.delete(message.id);
      clearTimeout(pending.timer);
      if (message.type === 'rendered') pending.resolve(message.result);
      else {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        pending.reject(error);
      }
    });
    this.current = current;
    return current;
  }

  /** Answers one API request of a render in process and posts the answer back. */
  private async answer(
    worker: Worker,
    fetchApi: ApiFetch,
    call: Extract<FromWorker, { type: 'call' }>,
  ): Promise<void> {
    let reply: ToWorker;
    const transfer: ArrayBuffer[] = [];
    try {
      const response = await fetchApi(
        new Request(call.url, {
          method: call.method,
          headers: call.request.headers,
          ...(call.request.body ? { body: call.request.body } : {}),
        }),
      );
      const answer = await toPlain(response);
      if (answer.body) transfer.push(answer.body);
      reply = { type: 'answer', id: call.id, call: call.call, status: response.status, answer };
    } catch (error) {
      reply = {
        type: 'answer-failed',
        id: call.id,
        call: call.call,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    worker.postMessage(reply, transfer);
  }
}
