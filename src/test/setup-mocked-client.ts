/**
 * Set-up of the `web-mocked-client` Vitest project (vitest.config.ts): its files share a module
 * graph, so the scripted API client (./mock-api-client.ts) forgets the last file's calls and
 * answers before each file, as a file of its own would start.
 */
import { api } from './mock-api-client';

for (const method of Object.values(api)) method.mockReset();
