/**
 * The answer to a request Node's HTTP parser refuses before Fastify sees it (Fastify's
 * `clientErrorHandler`): oversized headers (431), a request that took too long to arrive (408)
 * or a malformed request line or header (400). It carries the API's `{"detail": …}` body and
 * `X-Content-Type-Options: nosniff`, like every other answer, and closes the connection.
 */
import type { Socket } from 'node:net';

interface ClientError extends Error {
  code?: string;
}

const ANSWERS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: 'The request took too long to arrive.',
  },
};

const MALFORMED = { status: 400, reason: 'Bad Request', detail: 'The request is malformed.' };

/** The raw HTTP/1.1 answer for `error`, with its JSON body; exported for the tests. */
export function clientErrorResponse(error: ClientError): string {
  const { status, reason, detail } = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`: answers once when the socket can still be written, then closes it. */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorResponse(error));
  else socket.destroy(error);
}
