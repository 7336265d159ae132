#!/usr/bin/env node
/**
 * `npm run mock`: the storefront against Prism's mock of `openapi/storefront.yaml` (no
 * database, no reference API). Prism listens on 127.0.0.1:4010 (or MOCK_PORT); Vite proxies
 * `/api` to it and strips the prefix, since the contract's paths have none. Both stop together.
 */
import { bin, runTogether } from './lib/run-together.mjs';

const mockPort = process.env.MOCK_PORT ?? '4010';

runTogether('mock', [
  {
    name: 'prism',
    cmd: bin('prism'),
    args: ['mock', '-h', '127.0.0.1', '-p', mockPort, 'openapi/storefront.yaml'],
  },
  {
    name: 'vite',
    cmd: bin('vite'),
    args: [],
    env: { API_PROXY_TARGET: `http://127.0.0.1:${mockPort}`, API_PROXY_STRIP_PREFIX: '1' },
  },
]);
