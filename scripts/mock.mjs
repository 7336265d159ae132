#!/usr/bin/env node
/**
 * `npm run mock`: the storefront against Prism's mock of `openapi/storefront.yaml` (no
 * database, no reference API). Three processes, stopped together:
 *
 *     browser -> Vite :5173 /api/... -> mock gateway :4011 /... -> prism mock :4010
 *
 * - Prism listens on 127.0.0.1:4010 (or MOCK_PORT) and answers from the contract's examples;
 *   `Prefer: code=404` (or `example=NAME`) picks another documented answer.
 * - The mock gateway (scripts/mock-proxy.ts, on MOCK_GATEWAY_PORT, default MOCK_PORT + 1)
 *   serves the example images under /media/, picks the example named after a request's slug or
 *   filter, and applies the error switches of /api/__mock/ (or MOCK_PREFER).
 * - Vite (port 5173 or VITE_PORT; the next free one when taken) proxies `/api` to the gateway
 *   and strips the prefix, since the contract's paths have none.
 */
import { bin, runTogether } from './lib/run-together.mjs';

const mockPort = process.env.MOCK_PORT ?? '4010';
const gatewayPort = process.env.MOCK_GATEWAY_PORT ?? String(Number(mockPort) + 1);
const vitePort = process.env.VITE_PORT ?? '5173';

runTogether('mock', [
  {
    name: 'prism',
    cmd: bin('prism'),
    args: ['mock', '-h', '127.0.0.1', '-p', mockPort, 'openapi/storefront.yaml'],
  },
  {
    name: 'mock-proxy',
    cmd: bin('tsx'),
    args: ['scripts/mock-proxy.ts'],
    env: { MOCK_GATEWAY_PORT: gatewayPort, PRISM_URL: `http://127.0.0.1:${mockPort}` },
  },
  {
    name: 'vite',
    cmd: bin('vite'),
    // MOCK_BUILT=1 (the mock's end-to-end tests, after `npm run build`): the built storefront,
    // served by `vite preview` with the same proxy, instead of the dev server, which compiles
    // each module as a page first asks for it.
    args: process.env.MOCK_BUILT === '1' ? ['preview', '--port', vitePort] : ['--port', vitePort],
    env: { API_PROXY_TARGET: `http://127.0.0.1:${gatewayPort}`, API_PROXY_STRIP_PREFIX: '1' },
  },
]);
