/// <reference types="node" />
/**
 * Table 5 of the bench: the API process's memory, in MB resident (VmRSS from /proc, 1 MB =
 * 1024 KB), sampled every 100 ms, read at these points:
 *
 * 1. idle IDLE_SETTLE_S seconds after the restarted API answered, before any page was rendered
 *    (no target: the floor);
 * 2. the peak while every page of the sitemap is rendered once (`crawlEveryPage`), target at
 *    most PEAK_TARGET_MB;
 * 3. idle IDLE_SETTLE_S seconds after that crawl, the render worker started and the caches
 *    full, target at most IDLE_TARGET_MB;
 * 4. the peak under every load the bench runs after it, target at most PEAK_TARGET_MB.
 *
 * Where /proc is not Linux's the figures read "n/a".
 */
import { readFileSync } from 'node:fs';
import type { StartCommand } from './api-process';
import type { BenchTable } from './table';

/** Memory targets, in MB resident, and how long (seconds) the API sits idle before a reading. */
const IDLE_TARGET_MB = 120;
const PEAK_TARGET_MB = 200;
const IDLE_SETTLE_S = 30;

/** One process's memory through the bench: see the module comment for the readings. */
export class MemoryWatch {
  private readonly rows: string[][] = [];
  private peakMb = 0;
  private readonly sampler: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.sampler = setInterval(() => {
      this.peakMb = Math.max(this.peakMb, residentMb(pid) ?? 0);
    }, 100);
  }

  /** Waits IDLE_SETTLE_S seconds, then adds a row with the resident set (`when` names it). */
  async idle(when: string, targeted: boolean): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
    this.rows.push(
      memoryRow(
        `${when}, idle ${IDLE_SETTLE_S} s`,
        residentMb(this.pid),
        targeted ? IDLE_TARGET_MB : null,
      ),
    );
    this.peakMb = 0;
  }

  /** Adds a row with the peak since the last reading (`when` names the load), then resets it. */
  peak(when: string): void {
    this.rows.push(memoryRow(`peak ${when}`, this.peakMb || residentMb(this.pid), PEAK_TARGET_MB));
    this.peakMb = 0;
  }

  /**
   * Stops sampling and returns the table (when, MB resident, target MB, within), titled with
   * the environment and command the process was started with.
   */
  finish({ env, argv: [command, ...args] }: StartCommand): BenchTable {
    clearInterval(this.sampler);
    const settings = Object.entries(env).map(([name, value]) => `${name}=${value} `);
    return {
      title: `API process memory (resident set, ${settings.join('')}${command} ${args.join(' ')})`,
      header: ['when', 'MB resident', 'target MB', 'within'],
      rows: this.rows,
    };
  }
}

/** Resident set of a process in MB (VmRSS from /proc), or null where /proc is not Linux's. */
export function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function memoryRow(when: string, mb: number | null, targetMb: number | null): string[] {
  const target = targetMb === null ? '-' : String(targetMb);
  if (mb === null) return [when, 'n/a (no /proc)', target, '-'];
  const within = targetMb === null ? '-' : mb <= targetMb ? 'yes' : 'NO';
  return [when, mb.toFixed(0), target, within];
}
