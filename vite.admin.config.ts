import { join, resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/**
 * Vite config for the back office SPA (`admin/`), served by the API at `/admin/`.
 *
 * Its own build, so the storefront's (vite.config.ts) output and first-load JavaScript do not
 * change by a byte: root `admin/`, base `/admin/`, out to `dist/admin` (DIST_DIR/admin). `npm run
 * build` runs it after the storefront's, whose `emptyOutDir` would otherwise wipe it.
 *
 * - Routes are files under `admin/src/routes/` (TanStack Router's file-based routing, as the
 *   storefront's): the plugin writes `admin/src/routeTree.gen.ts` from them and splits each
 *   route's component into a chunk of its own.
 * - Its public folder (`admin/public/`) holds only what must keep its name: the service worker
 *   (`/admin/sw.js`, whose place sets its scope) and the Home Screen icons (made by
 *   scripts/make-admin-icons.ts). The favicon and robots are the storefront's, served from `/`;
 *   the manifest is the server's (server/http/admin-manifest.ts), named after the shop.
 * - No server render and nothing inline: the server's strict CSP (no 'unsafe-inline') applies,
 *   so the HTML links one script and one stylesheet, and the module-preload polyfill (which
 *   Vite would inline in the entry) is off.
 * - `.env` files are read from the repository root (where the storefront's live), so
 *   `VITE_API_BASE_URL` and `VITE_TENANT_TOKEN` mean the same in both builds.
 * - Dev server (`npm run dev:admin`, port 5174): `/api` is proxied to API_PROXY_TARGET (default
 *   the reference API on :8080), as the storefront's dev server does; with
 *   API_PROXY_STRIP_PREFIX=1 `/api/admin` is stripped, for Prism mocking openapi/admin.yaml.
 */
export default defineConfig(({ mode }) => {
  const repoRoot = process.cwd();
  const env = { ...loadEnv(mode, repoRoot, ''), ...process.env };
  const distDir = env.DIST_DIR || 'dist';
  const target = env.API_PROXY_TARGET || 'http://127.0.0.1:8080';
  const stripPrefix = env.API_PROXY_STRIP_PREFIX === '1';

  return {
    root: join(repoRoot, 'admin'),
    base: '/admin/',
    envDir: repoRoot,
    publicDir: join(repoRoot, 'admin/public'),
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: join(repoRoot, 'admin/src/routes'),
        generatedRouteTree: join(repoRoot, 'admin/src/routeTree.gen.ts'),
      }),
      react(),
    ],
    server: {
      host: '127.0.0.1',
      port: 5174,
      proxy: {
        '/api': {
          target,
          changeOrigin: true,
          // Prism serves openapi/admin.yaml without its `/api/admin` server path.
          ...(stripPrefix
            ? { rewrite: (path: string) => path.replace(/^\/api\/admin(?=\/|$)/, '') || '/' }
            : {}),
        },
      },
    },
    preview: { host: '127.0.0.1', port: 5174 },
    build: {
      outDir: resolve(repoRoot, distDir, 'admin'),
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: { polyfill: false },
    },
  };
});
