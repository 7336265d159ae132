/// <reference types="node" />
/**
 * Helpers for scripts that start local servers (the contract test, the bench): a free
 * loopback port, and waiting until a started server answers.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A TCP port on 127.0.0.1 that the OS reports free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls `url` every 250 ms until it answers (any status, or only 2xx with `requireOk`).
 * @throws when `child` exits first or nothing answers within `timeoutMs`.
 */
export async function waitForHttp(
  name: string,
  child: ChildProcess,
  url: string,
  {
    headers = {},
    timeoutMs,
    requireOk = false,
  }: { headers?: Record<string, string>; timeoutMs: number; requireOk?: boolean },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited early (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
      if (!requireOk || response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}
