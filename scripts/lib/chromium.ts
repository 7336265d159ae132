/// <reference types="node" />
/**
 * What every tool that drives Debian's Chromium here shares (Playwright's two configs and
 * `npm run lighthouse`): its launch flags, and a free port for the servers it is pointed at.
 */
import { execFileSync } from 'node:child_process';

/**
 * Headless, sandbox off (CI runs as root) and no background networking: without those flags
 * Chromium keeps trying hosts this machine cannot reach (the workplace's shared guide,
 * guide/machine-notes.md beside the project).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A TCP port on 127.0.0.1 the OS says is free, found synchronously (a Playwright config cannot
 * await), by a short-lived node process.
 */
export function freePortSync(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
