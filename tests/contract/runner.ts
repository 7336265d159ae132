/**
 * Runs the cases in order and checks each answer: a Prism violation (`sl-violations` header or
 * its 500 problem body), a status other than the expected one, a status the contract does not
 * document for the operation, a content type or body that breaks the documented response
 * (validated again here with Ajv 2020), or a case's own behaviour check. Prints one line per
 * case and the problems of a failed one, then `N passed, N failed`.
 *
 * An operation without a handler answers 501, which Prism hides: it answers an upstream 501
 * with a mock of the contract's own example. A run that knows how the API's own answers look
 * (`fromApi`, e.g. the back office's `Cache-Control: no-store`) reports such a case as not
 * implemented, confirmed by asking the API directly (harmless: the API did nothing the first
 * time), and names those operations in its summary.
 */
import {
  documentedResponse,
  escapePointer,
  isObject,
  type ContractAjv,
  type JsonObject,
  type Operation,
} from './contract-document';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Case } from './case';
import { request, type Answer } from './request';

/** The base URL of each way a case can be sent. */
export interface Bases {
  strict: string;
  lenient: string;
  direct: string;
}

/** What the checks read: the contract, its operations by id, and the Ajv holding it. */
export interface Contract {
  doc: JsonObject;
  ops: Map<string, Operation>;
  ajv: ContractAjv;
}

/** How a run reads its answers beyond the contract. */
export interface RunOptions {
  /**
   * True when an answer came from the API itself, false when Prism made it up (its mock of an
   * operation the API answered 501). Without it, a Prism mock is not told apart.
   */
  fromApi?: (headers: Headers) => boolean;
}

/** The words a case fails with when its operation has no handler yet. */
function notImplementedProblem(operationId: string, detail: string): string {
  return `NOT IMPLEMENTED: the API answers 501 for ${operationId} (${detail.slice(0, 120)}); no handler yet`;
}

/** True for Prism's own problem answers (request validation, security), never forwarded. */
function prismProblem(answer: Answer): boolean {
  return (
    isObject(answer.body) &&
    String(answer.body.type ?? '').startsWith('https://stoplight.io/prism/')
  );
}

/**
 * Sends one (prepared) case and returns its problems; an empty list means it passed.
 * `notImplemented` is set when the problem is that the operation answers 501.
 */
async function runCase(
  c: Case,
  bases: Bases,
  contract: Contract,
  options: RunOptions,
): Promise<{ problems: string[]; notImplemented: boolean }> {
  const { doc, ops, ajv } = contract;
  const problems: string[] = [];
  const op = ops.get(c.operationId);
  if (!op)
    return {
      problems: [`operation ${c.operationId} is not in the contract`],
      notImplemented: false,
    };
  const via = c.via ?? 'strict';
  const answer = await request(bases[via], c);

  if (c.status !== 501) {
    if (answer.status === 501) {
      return {
        problems: [notImplementedProblem(c.operationId, answer.text)],
        notImplemented: true,
      };
    }
    if (
      via !== 'direct' &&
      options.fromApi &&
      !options.fromApi(answer.headers) &&
      !prismProblem(answer)
    ) {
      // Prism mocked the answer, which it does only when the API answered 501: the API did
      // nothing, so asking it again directly is harmless and shows its own answer.
      const direct = await request(bases.direct, c);
      return {
        problems:
          direct.status === 501
            ? [notImplementedProblem(c.operationId, direct.text)]
            : [
                `Prism answered ${answer.status} itself (a mock), yet the API answers ${direct.status} directly: ${direct.text.slice(0, 200)}`,
              ],
        notImplemented: direct.status === 501,
      };
    }
  }

  const violations = answer.headers.get('sl-violations');
  if (violations) problems.push(`prism violations: ${violations.slice(0, 600)}`);
  if (via !== 'direct' && answer.status === 500 && /violation/i.test(answer.text)) {
    problems.push(`prism 500: ${answer.text.slice(0, 600)}`);
  }
  if (answer.status !== c.status) {
    problems.push(`expected ${c.status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  }

  // 501 is the placeholder answer of an unimplemented operation, not a contract status; every other
  // one must be documented.
  if (c.status !== 501) {
    const documented = documentedResponse(doc, op, answer.status);
    if (!documented) {
      problems.push(`status ${answer.status} is not documented for ${c.operationId}`);
    } else {
      const content = isObject(documented.response.content) ? documented.response.content : {};
      const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const mediaKey = Object.keys(content).find(
        (k) => k === type || (type.endsWith('+json') && k === 'application/json'),
      );
      if (Object.keys(content).length > 0 && !mediaKey) {
        problems.push(
          `content-type ${type || '<none>'} is not documented (${Object.keys(content).join(', ')})`,
        );
      } else if (
        mediaKey &&
        isObject(content[mediaKey]) &&
        content[mediaKey].schema !== undefined
      ) {
        const pointer = `${documented.pointer}/content/${escapePointer(mediaKey)}/schema`;
        const validate = ajv.getSchema(`contract${pointer}`);
        if (!validate) {
          problems.push(`cannot compile the schema at ${pointer}`);
        } else if (!validate(answer.body)) {
          const errors = (validate.errors ?? [])
            .slice(0, 5)
            .map((e) => `${e.instancePath || '/'} ${e.message}`);
          problems.push(`body breaks the documented schema: ${errors.join('; ')}`);
        }
      }
    }
  }

  if (c.check && answer.status === c.status) {
    const failure = c.check(answer.body, answer.headers);
    if (failure) problems.push(failure);
  }
  if (c.remember && answer.status === c.status) c.remember(answer.body);
  return { problems, notImplemented: false };
}

/**
 * Adds each case file's milliseconds to the JSON file CONTRACT_TIMINGS_FILE names (an object
 * of file to ms; `npm test` prints the slowest), when it is set.
 */
function recordTimings(msByFile: Map<string, number>): void {
  const out = process.env.CONTRACT_TIMINGS_FILE;
  if (!out) return;
  let all: Record<string, number> = {};
  try {
    all = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>;
  } catch {
    // The first run of the process writes it.
  }
  for (const [file, ms] of msByFile) all[file] = (all[file] ?? 0) + ms;
  writeFileSync(out, JSON.stringify(all));
}

/**
 * Prepares and runs every case in order (later cases use what earlier ones remembered) and
 * prints the report. A case whose `prepare` or request throws counts as failed.
 * @returns the counts, and the operations that answered 501 (each once, in order).
 */
export async function runCases(
  cases: Case[],
  bases: Bases,
  contract: Contract,
  options: RunOptions = {},
): Promise<{ passed: number; failed: number; notImplemented: string[] }> {
  let passed = 0;
  let failed = 0;
  const notImplemented: string[] = [];
  const msByFile = new Map<string, number>();
  for (const planned of cases) {
    const started = performance.now();
    let c = planned;
    let problems: string[];
    try {
      if (planned.prepare) c = { ...planned, ...(await planned.prepare()) };
      const outcome = await runCase(c, bases, contract, options);
      problems = outcome.problems;
      if (outcome.notImplemented && !notImplemented.includes(c.operationId)) {
        notImplemented.push(c.operationId);
      }
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    const target = `${c.method} ${c.path}${c.query && Object.keys(c.query).length ? `?${new URLSearchParams(c.query)}` : ''}`;
    const via = c.via ?? 'strict';
    if (problems.length === 0) {
      passed++;
      console.log(
        `ok   ${c.name} -> ${c.status} (${target}, ${via === 'direct' ? 'direct' : `prism ${via}`})`,
      );
    } else {
      failed++;
      console.log(`FAIL ${c.name} (${target}, ${via === 'direct' ? 'direct' : `prism ${via}`})`);
      for (const problem of problems) console.log(`       ${problem}`);
    }
    const file = planned.file ?? '(no file)';
    msByFile.set(file, (msByFile.get(file) ?? 0) + performance.now() - started);
  }
  recordTimings(msByFile);
  const missing = notImplemented.length
    ? ` (operations answering 501, no handler yet: ${notImplemented.join(', ')})`
    : '';
  console.log(`${passed} passed, ${failed} failed${missing}`);
  return { passed, failed, notImplemented };
}
