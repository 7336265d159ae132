import { readFileSync, rmSync, statSync } from 'node:fs';
import { scalarBundleFile } from './api-docs-bundle.ts';

describe("Scalar's bundle as a file (the API process never imports the package)", () => {
  it('is written once by a child process, then reused, and is the plugin’s own bundle', async () => {
    const first = await scalarBundleFile();
    rmSync(first, { force: true });
    // A failed or missing file is made again; concurrent callers share one child process.
    const [a, b] = await Promise.all([scalarBundleFile(), scalarBundleFile()]);
    expect(a).toBe(first);
    expect(b).toBe(first);
    expect(first).toMatch(/scalar-standalone-\d+\.\d+\.\d+\.js$/);
    const script = readFileSync(first, 'utf8');
    expect(script.length).toBeGreaterThan(1_000_000);
    expect(script).toContain('createApiReference');

    const { default: plugin } = await import('@scalar/fastify-api-reference');
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    await app.register(plugin, { routePrefix: '/r', configuration: { url: 'x' } });
    const fromPlugin = await app.inject({ method: 'GET', url: '/r/js/scalar.js' });
    await app.close();
    expect(script === fromPlugin.body).toBe(true);
    expect(statSync(first).size).toBe(fromPlugin.rawPayload.length);
  }, 60_000);
});
