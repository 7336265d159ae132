#!/usr/bin/env node
/**
 * `npm run dev`: the reference API (`tsx watch server/main.ts`, API only, port 8080 or
 * API_PORT) and the Vite dev server, whose proxy forwards `/api` to it. Both stop together.
 */
import { bin, runTogether } from './lib/run-together.mjs';

const apiPort = process.env.API_PORT ?? '8080';

runTogether('dev', [
  {
    name: 'api',
    cmd: bin('tsx'),
    args: ['watch', 'server/main.ts'],
    env: { SERVE_SPA: '0', HOST: '127.0.0.1', PORT: apiPort },
  },
  {
    name: 'vite',
    cmd: bin('vite'),
    args: [],
    env: { API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  },
]);
