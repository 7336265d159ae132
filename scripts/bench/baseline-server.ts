/// <reference types="node" />
/**
 * The bench's ceiling: a bare Fastify app whose one route answers a constant JSON, measured
 * next to the reference API's reads. Run as a child by the bench:
 * `tsx scripts/bench/baseline-server.ts PORT` (listens on 127.0.0.1:PORT until killed).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
