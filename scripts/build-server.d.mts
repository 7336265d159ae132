import type { OutputFile } from 'esbuild';

/** Where `npm start` finds the compiled server. */
export declare const SERVER_OUTFILE: string;

/** The server's bundle as `npm start` runs it, not written: see build-server.mjs. */
export declare function bundleServer(): Promise<{ outputFiles: OutputFile[] }>;
