/**
 * A steady load: `rate` requests a second, one every 1000 / `rate` ms, each sent at its time
 * whether or not the ones before have been answered, for `durationS` seconds. A latency counts
 * from the time the request was due, not from when it went out, so a server that falls behind
 * is charged for the wait it causes (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon splits the rate over its connections and each
 * connection sends its share of a second back to back at the start of the second, then waits
 * for the next (node_modules/autocannon/lib/httpClient.js, `reqsMadeThisSecond`). "100 a
 * second" over 10 connections is then a burst of 100 requests ten at a time each second, and
 * its p99 is the tenth request's wait in that queue: the full-speed figure again, not the one
 * a steady trickle of shoppers sees. The full-speed rows still measure bursts.
 *
 * Answers the few fields of an autocannon result the benches read.
 */
import { Agent, request } from 'node:http';

/** What the benches read of a run (as autocannon's result names them). */
export interface PacedResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Options of a paced run. */
export interface PacedOptions {
  url: string;
  /** Paths sent in turn instead of `url`'s (on its origin), as autocannon's `requests`. */
  paths?: string[];
  headers?: Record<string, string>;
  /** Requests a second. */
  rate: number;
  durationS: number;
  /** A request unanswered after this many seconds counts as a timeout. */
  timeoutS: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs the load (see the module comment); resolves once every request is answered or timed out. */
export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const { url, paths, headers = {}, rate, durationS, timeoutS } = options;
  const urls = paths?.length ? paths.map((path) => new URL(path, url).toString()) : [url];
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * durationS);
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();

  const send = (target: string, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(target, { headers, agent, timeout: timeoutS * 1000 }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) non2xx += 1;
          else latencies.push(performance.now() - due);
          resolve();
        });
      });
      let timedOut = false;
      req.on('timeout', () => {
        timedOut = true;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        if (timedOut) timeouts += 1;
        else errors += 1;
        resolve();
      });
      req.end();
    });

  for (let i = 0; i < total; i += 1) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(urls[i % urls.length]!, due));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: { average: latencies.length / elapsedS },
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    errors,
    timeouts,
    non2xx,
  };
}
