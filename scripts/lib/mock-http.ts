/// <reference types="node" />
/**
 * The mock gateway's HTTP plumbing (scripts/mock-proxy.ts): reading a request body with a size
 * limit, and passing a request on to Prism with the `Prefer` header a switch or a matching
 * example chose, optionally rewriting a 2xx JSON answer on its way back.
 */
import http from 'node:http';
import { isObject, type JsonObject } from './mock-contract.ts';

/**
 * The request's body as bytes.
 * @throws Error('body too large') as soon as more than `limit` bytes arrive.
 */
export async function readRaw(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A small form or JSON body (at most 64 KiB) as UTF-8 text; throws as {@link readRaw}. */
export const readBody = async (req: http.IncomingMessage) =>
  (await readRaw(req, 64 * 1024)).toString('utf8');

/**
 * Passes the request to Prism at `prism`, with `prefer` as its Prefer header when given.
 * `rewrite`, when given, may change a 2xx JSON answer before it goes back. `body`, when given,
 * is sent instead of the request's own stream (already read to pick an example). When Prism
 * does not answer, the client gets 502 `{"detail": ...}` (or a cut connection once headers
 * went out).
 */
export function forward(
  prism: URL,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  prefer: string | null,
  rewrite?: (body: JsonObject) => JsonObject,
  body?: Buffer,
): void {
  const headers: http.OutgoingHttpHeaders = { ...req.headers, host: prism.host };
  if (prefer) headers.prefer = prefer;
  if (rewrite) delete headers['accept-encoding'];
  const upstream = http.request(
    { hostname: prism.hostname, port: prism.port, method: req.method, path: req.url, headers },
    (answer) => {
      const status = answer.statusCode ?? 502;
      const json = (answer.headers['content-type'] ?? '').includes('json');
      if (!rewrite || !json || status < 200 || status > 299) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        try {
          const parsed: unknown = JSON.parse(body.toString('utf8'));
          if (isObject(parsed)) body = Buffer.from(JSON.stringify(rewrite(parsed)));
        } catch {
          // not JSON after all: pass it on as it came
        }
        res.writeHead(status, { ...answer.headers, 'content-length': body.length });
        res.end(body);
      });
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'The Prism mock is not answering (still starting?).' }));
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}
