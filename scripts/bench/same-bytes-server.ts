/// <reference types="node" />
/**
 * The hot path's ceiling: a bare `node:http` server that sends, for every request, the very
 * bytes and headers the reference API sent for one URL. Run as a child by the bench:
 * `tsx scripts/bench/same-bytes-server.ts PORT URL [HEADER=VALUE...]` fetches URL once (with
 * those request headers), then listens on 127.0.0.1:PORT until killed and prints "ready".
 */
import http from 'node:http';

const [port, url, ...headerArgs] = process.argv.slice(2);
const requestHeaders = Object.fromEntries(
  headerArgs.map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]),
);
const answer = await fetch(url!, { headers: requestHeaders });
const body = Buffer.from(await answer.arrayBuffer());
const headers: Record<string, string> = {};
// What Node writes itself (length, framing, date) is left to it, as the API's server does.
const OWN = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);
answer.headers.forEach((value, name) => {
  if (!OWN.has(name)) headers[name] = value;
});
http
  .createServer((_request, response) => {
    response.writeHead(answer.status, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
