/// <reference types="node" />
/**
 * The API process's memory, in MB resident (VmRSS from /proc, 1 MB = 1024 KB): read once
 * after the freshly restarted API has sat idle for IDLE_SETTLE_S seconds (target at most
 * 120 MB), then sampled every 100 ms during every load that follows, keeping the peak (target
 * at most 250 MB). Where /proc is not Linux's the figures read "n/a".
 */
import { readFileSync } from 'node:fs';
import type { BenchTable } from './table';

/** Memory targets, in MB resident, and how long (seconds) the API sits idle before it is read. */
const IDLE_RSS_TARGET_MB = 120;
const LOAD_RSS_TARGET_MB = 250;
const IDLE_SETTLE_S = 30;

/** A running watch of one process's memory; see `watchMemory`. */
export interface MemoryWatch {
  /**
   * Stops sampling and returns the memory table (when, MB resident, target MB, within);
   * `startCommand` is the executable and arguments the process was started with.
   */
  finish(startCommand: string[]): BenchTable;
}

/**
 * Waits IDLE_SETTLE_S seconds, reads the idle resident set of `pid`, then samples it every
 * 100 ms until `finish` is called.
 */
export async function watchMemory(pid: number): Promise<MemoryWatch> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
  const idleMb = residentMb(pid);
  let peakMb = idleMb ?? 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid) ?? 0);
  }, 100);
  return {
    finish([command, ...args]) {
      clearInterval(sampler);
      return {
        title: `API process memory (resident set, ${command} ${args.join(' ')})`,
        header: ['when', 'MB resident', 'target MB', 'within'],
        rows: [
          memoryRow(`idle ${IDLE_SETTLE_S} s after start`, idleMb, IDLE_RSS_TARGET_MB),
          memoryRow('peak under the loads above', peakMb, LOAD_RSS_TARGET_MB),
        ],
      };
    },
  };
}

/** Resident set of a process in MB (VmRSS from /proc), or null where /proc is not Linux's. */
function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function memoryRow(when: string, mb: number | null, targetMb: number): string[] {
  if (mb === null) return [when, 'n/a (no /proc)', String(targetMb), '-'];
  return [when, mb.toFixed(0), String(targetMb), mb <= targetMb ? 'yes' : 'NO'];
}
