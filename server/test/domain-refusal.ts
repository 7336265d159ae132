/**
 * The answer a client would get for a domain rule's refusal, for tests that call a domain
 * function directly: the status server/http/domain-errors.ts maps its code to, and the body
 * `errorBody` shapes (server/platform/domain-error.ts).
 */
import { DomainError, errorBody } from '../platform/domain-error.ts';
import { statusOfDomainError } from '../http/domain-errors.ts';

/**
 * Runs `fn`, which must throw a {@link DomainError}, and answers that error as status and body.
 * @throws Error when `fn` returns, or throws anything else (an assertion fails).
 */
export function domainRefusal(fn: () => unknown): {
  status: number;
  body: Record<string, unknown>;
} {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return {
      status: statusOfDomainError(error as DomainError),
      body: errorBody(error as DomainError),
    };
  }
  throw new Error('expected a refusal, got an answer');
}
