import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { asciiOnly } from './scripts/lib/ascii-only.mjs';

/**
 * The app's own modules that every page runs (the API client and its tokens, the session, the
 * site frame (`src/app/`), the site settings and the head builders every route's `head` calls),
 * gathered in one chunk: left alone, Rolldown makes a chunk of each few hundred bytes the entry
 * shares with a route, and every file costs its own gzip header and import lines. Not the entry
 * and the router (the entry chunk itself), nor the mobile menu's panel or the login pages'
 * frame, which load on demand, nor the VAT note that only pages with a total show, nor the
 * holiday banner that only a shop on holiday shows, nor the price hook of pages of many amounts.
 */
function isAppShell(id: string): boolean {
  const shared =
    /src[\\/](api|app)[\\/]/.test(id) ||
    /src[\\/]features[\\/]auth[\\/]safe-redirect\.ts$/.test(id) ||
    /src[\\/]features[\\/]site[\\/]/.test(id) ||
    /src[\\/]features[\\/][a-z-]+[\\/]seo\.ts$/.test(id) ||
    /src[\\/]features[\\/]blog[\\/](blog-text|messages)\.ts$|src[\\/]components[\\/]local-dates\.ts$/.test(
      id,
    );
  return (
    shared &&
    !/mobile-menu-panel|auth-page-frame|vat-note|holiday-banner|format-price|src[\\/]app[\\/](main|router)\.tsx$/.test(
      id,
    )
  );
}

/** The server render's chunks in ASCII (scripts/lib/ascii-only.mjs says why). */
function asciiOnlyChunks(): Plugin {
  return {
    name: 'storefront:ascii-only-chunks',
    // After minification, which would write the characters back.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = asciiOnly(chunk.code);
      }
    },
  };
}

/**
 * The server render's build (decision 015): one minified bundle the render worker loads whole,
 * instead of every library's unminified files. Tree-shaken and minified, the worker's heap holds
 * about 5 MB less. React's server renderer without its legacy half (`renderToString`, which
 * nothing here calls). sanitize-html stays a package: its HTML entity tables would turn the
 * whole bundle into a two-byte string.
 */
const serverRenderBuild: UserConfig = {
  ssr: { noExternal: true, external: ['sanitize-html'] },
  resolve: {
    alias: [
      {
        find: /^react-dom\/server$/,
        replacement: fileURLToPath(
          new URL(
            './node_modules/react-dom/cjs/react-dom-server.node.production.js',
            import.meta.url,
          ),
        ),
      },
    ],
  },
};

/**
 * Vite config for the storefront SPA.
 *
 * - The router plugin must run before React's so that route files are split (one lazy chunk
 *   per route component) before JSX is transformed.
 * - `build.manifest` lets `npm run bench` find the JavaScript each route loads first.
 * - Only libraries every page needs at boot are grouped into vendor chunks: they change less
 *   often than app code, so a deploy keeps them cached. Anything else (DOMPurify, form
 *   libraries) stays in the lazy route chunks that use it, keeping the first route small
 *   (budget: 130 KB gzipped on `/`, 140 KB on every other route; `npm run check:js-budget`).
 * - Two builds (decision 008): `vite build` makes the browser bundle into `dist/` (or DIST_DIR)
 *   and `vite build --ssr` the server render (src/entry-server.tsx) into `dist/server/`, which
 *   the reference server imports. `npm run build` runs both.
 * - One stylesheet for the whole app (`cssCodeSplit: false`): a server-rendered page needs the
 *   styles of its route before the route's script has loaded, and all of it is ~13 KB gzipped.
 * - Dev server: `/api` is proxied to API_PROXY_TARGET (default the reference API on :8080).
 *   Prism serves the contract without the `/api` prefix, so `npm run mock` sets
 *   API_PROXY_STRIP_PREFIX=1 to strip it.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const distDir = env.DIST_DIR || 'dist';
  const target = env.API_PROXY_TARGET || 'http://127.0.0.1:8080';
  const stripPrefix = env.API_PROXY_STRIP_PREFIX === '1';

  return {
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders and pending screens are split too (the first-load budget): a server-rendered
        // page runs no loader and shows no pending screen, and in the browser a route's loader
        // arrives with its component.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['errorComponent'],
            ['notFoundComponent'],
            ['pendingComponent'],
          ],
        },
      }),
      react(),
      ...(isSsrBuild ? [asciiOnlyChunks()] : []),
    ],
    server: {
      host: '127.0.0.1',
      proxy: {
        '/api': {
          target,
          changeOrigin: true,
          ...(stripPrefix
            ? { rewrite: (path: string) => path.replace(/^\/api(?=\/|$)/, '') || '/' }
            : {}),
        },
      },
    },
    preview: { host: '127.0.0.1' },
    ...(isSsrBuild ? serverRenderBuild : {}),
    build: {
      minify: isSsrBuild ? true : undefined,
      outDir: isSsrBuild ? join(distDir, 'server') : distDir,
      emptyOutDir: true,
      manifest: !isSsrBuild,
      cssCodeSplit: false,
      // No preload helper or polyfill in the entry: a server-rendered page preloads its route's
      // chunks itself after the load event, and links preload a route's chunks on intent.
      modulePreload: false,
      copyPublicDir: !isSsrBuild,
      target: isSsrBuild ? 'node20' : 'es2022',
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'vendor-react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    priority: 3,
                  },
                  {
                    name: 'vendor-tanstack',
                    test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store|query-core|react-query)[\\/]/,
                    priority: 2,
                  },
                  { name: 'app-shell', test: isAppShell, priority: 1 },
                  // The catalogue's parts the home page shares with the product routes, and the
                  // price they show, in one chunk: as five they cost `/` about 440 B more gzipped
                  // than as one (the price alone 207 B, measured when issue 42's routes went in).
                  {
                    name: 'catalog-common',
                    test: /src[\\/](features[\\/]catalog[\\/](api|delivery-note|product-logic|skeletons)|components[\\/]price)\.tsx?$/,
                    priority: 1,
                  },
                ],
              },
            },
          },
    },
  };
});
