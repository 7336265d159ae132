import { vi, type Mock } from 'vitest';

/**
 * A stand-in for src/api/client.ts in component tests: the one openapi-fetch client with every
 * method a bare mock, answered by each test. A test file swaps it in with a `vi.mock` of the
 * client's module that imports this one (a feature's test: `vi.mock('<client>', () =>
 * import('<this module>'))`, both written relative to that test); vi.mock is hoisted within that
 * file only, so each file says so itself.
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
