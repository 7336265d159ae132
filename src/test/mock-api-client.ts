import { vi, type Mock } from 'vitest';

/**
 * A stand-in for src/api/client.ts in component tests: the one openapi-fetch client with every
 * method a bare mock, answered by each test. A test file that scripts the client says so in a
 * line starting `// The API client here is src/test/mock-api-client.ts`: vitest.config.ts runs
 * those files in a project (`web-mocked-client`) where every import of the client is this
 * module, and ./setup-mocked-client.ts resets its mocks before each file.
 */
export const api = { GET: vi.fn(), POST: vi.fn(), PATCH: vi.fn(), DELETE: vi.fn() };

/** The shape of the mocked `api.GET` / `api.POST` calls, loose enough to script answers. */
export type ApiCall = Mock<
  (
    path: string,
    init?: {
      params?: { path?: Record<string, string>; query?: Record<string, unknown> };
      body?: unknown;
    },
  ) => Promise<{ data: unknown }>
>;
