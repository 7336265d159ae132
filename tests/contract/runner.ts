/**
 * Runs the cases in order and checks each answer: a Prism violation (`sl-violations` header or
 * its 500 problem body), a status other than the expected one, a status the contract does not
 * document for the operation, a content type or body that breaks the documented response
 * (validated again here with Ajv 2020), or a case's own behaviour check. Prints one line per
 * case and the problems of a failed one, then `N passed, N failed`.
 */
import {
  documentedResponse,
  escapePointer,
  isObject,
  type ContractAjv,
  type JsonObject,
  type Operation,
} from './contract-document';
import type { Case } from './case';
import { request } from './request';

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

/** Sends one (prepared) case and returns its problems; an empty list means it passed. */
async function runCase(c: Case, bases: Bases, contract: Contract): Promise<string[]> {
  const { doc, ops, ajv } = contract;
  const problems: string[] = [];
  const op = ops.get(c.operationId);
  if (!op) return [`operation ${c.operationId} is not in the contract`];
  const via = c.via ?? 'strict';
  const answer = await request(bases[via], c);

  const violations = answer.headers.get('sl-violations');
  if (violations) problems.push(`prism violations: ${violations.slice(0, 600)}`);
  if (via !== 'direct' && answer.status === 500 && /violation/i.test(answer.text)) {
    problems.push(`prism 500: ${answer.text.slice(0, 600)}`);
  }
  if (answer.status !== c.status) {
    problems.push(`expected ${c.status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  }

  // 501 is the placeholder answer of an unimplemented operation, not a contract status; every other one must be documented.
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
  return problems;
}

/**
 * Prepares and runs every case in order (later cases use what earlier ones remembered) and
 * prints the report. A case whose `prepare` or request throws counts as failed.
 */
export async function runCases(
  cases: Case[],
  bases: Bases,
  contract: Contract,
): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const planned of cases) {
    let c = planned;
    let problems: string[];
    try {
      if (planned.prepare) c = { ...planned, ...(await planned.prepare()) };
      problems = await runCase(c, bases, contract);
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
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}
