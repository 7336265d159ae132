/**
 * Messages between the API process's main thread and its render worker (decision 008,
 * "Rendering off the event loop"). The worker renders; every API request a render makes comes
 * back to the main thread, which answers it in process as before.
 */
import type { RenderInput, RenderResult } from '../../../common/render-contract.ts';

/** A render without its `fetchApi` function (functions cannot cross threads). */
export type WorkerRenderInput = Omit<RenderInput, 'fetchApi'>;

/** An HTTP request or answer as plain data: headers as pairs, body as bytes or null. */
export interface PlainMessage {
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** The headers and body of `message` as a {@link PlainMessage} (reads the body). */
export async function toPlain(message: Request | Response): Promise<PlainMessage> {
  return { headers: [...message.headers], body: message.body ? await message.arrayBuffer() : null };
}

/** Main thread to worker. */
export type ToWorker =
  | { type: 'render'; id: number; input: WorkerRenderInput }
  | { type: 'answer'; id: number; call: number; status: number; answer: PlainMessage }
  | { type: 'answer-failed'; id: number; call: number; message: string }
  /** A quiet spell (plugins/idle-gc.ts): run a full garbage collection. */
  | { type: 'collect-garbage' };

/** Worker to main thread. */
export type FromWorker =
  | {
      type: 'call';
      id: number;
      call: number;
      method: string;
      url: string;
      request: PlainMessage;
    }
  | { type: 'rendered'; id: number; result: RenderResult }
  | { type: 'failed'; id: number; message: string; stack?: string };
