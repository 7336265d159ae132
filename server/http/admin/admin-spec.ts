/**
 * Where the back office's contract is: its own module, so that the API reference (loaded at
 * start) can name it without loading the back office's API (./lazy-admin-api.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * openapi/admin.yaml, found from server/http/admin/ (sources) or dist/api/ and its chunks (the
 * bundle).
 */
export const ADMIN_SPECIFICATION_PATH = [
  '../openapi/admin.yaml',
  '../../openapi/admin.yaml',
  '../../../openapi/admin.yaml',
]
  .map((candidate) => fileURLToPath(new URL(candidate, import.meta.url)))
  .find((candidate) => existsSync(candidate)) as string;
