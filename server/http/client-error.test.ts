import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends `raw` bytes and answers everything the server wrote before closing. */
function rawRequest(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n', 2) as [string, string];
  const [statusLine, ...headers] = head.split('\r\n');
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers: Object.fromEntries(
      headers.map((h) => [h.slice(0, h.indexOf(':')).toLowerCase(), h.slice(h.indexOf(':') + 2)]),
    ),
    body: JSON.parse(body) as unknown,
  };
}

describe('requests Node refuses before Fastify runs', () => {
  it('answer oversized headers with 431, nosniff and a {detail} body', async () => {
    const answer = parse(
      await rawRequest(
        `GET /api/products/products/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ detail: 'The request headers are too large.' });
  });

  it('answer a malformed request line with 400, nosniff and a {detail} body', async () => {
    const answer = parse(await rawRequest('NOT A REQUEST\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body).toEqual({ detail: 'The request is malformed.' });
  });
});
