#!/usr/bin/env node
/**
 * `npm run dev`: the reference API (`tsx watch server/main.ts`, API only, port 8080 or
 * API_PORT) and the Vite dev server (port 5173 or VITE_PORT), whose proxy forwards `/api` to
 * it. Both stop together.
 *
 * The sandbox card gateway sends the shopper back to the storefront after paying, so the API
 * is told where Vite serves it (STOREFRONT_URL); Vite keeps to that port (--strictPort) rather
 * than moving to another one the gateway would not know.
 */
import { bin, runTogether } from './lib/run-together.mjs';

const apiPort = process.env.API_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';

runTogether('dev', [
  {
    name: 'api',
    cmd: bin('tsx'),
    args: ['watch', 'server/main.ts'],
    env: {
      SERVE_SPA: '0',
      HOST: '127.0.0.1',
      PORT: apiPort,
      STOREFRONT_URL: `http://127.0.0.1:${vitePort}`,
    },
  },
  {
    name: 'vite',
    cmd: bin('vite'),
    args: ['--port', vitePort, '--strictPort'],
    env: { API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  },
]);
