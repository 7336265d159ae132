/// <reference types="node" />
/**
 * The mock gateway's error switches (scripts/mock-proxy.ts): a rule per operationId makes that
 * operation answer a documented error (any `Prefer` value Prism understands, such as
 * `code=404` or `code=400, example=blank`), a bare server error the contract does not document
 * (`fail=500`, any 5xx: an answer without a `detail`, for the screens' fallback messages), or
 * any answer at all (`raw=200 null`, for the messages about unusable answers), so every message
 * of the spec's error catalogue (section 8) can be seen. Rules hold until changed or cleared,
 * for the life of the process.
 */
import { type Operation, successCode } from './mock-contract.ts';

/** What a rule makes its operation answer. */
export type Action =
  | { kind: 'prefer'; prefer: string }
  | { kind: 'fail'; status: number }
  | { kind: 'raw'; status: number; body: string };

/** A rule as typed (`text`, shown back to the tester) and as parsed. */
export interface Rule {
  text: string;
  action: Action;
}

/**
 * Parses a rule's action for `op`: `fail=5xx` (such as `fail=500`), `raw=STATUS BODY` (an
 * answer outside the contract, such as `raw=200 null`, sent as JSON), or a `Prefer` value
 * whose `code` is documented for the operation and whose `example` exists under that code (or
 * under the success code when no code is given). Throws Error with a message for the tester.
 */
export function parseAction(op: Operation, text: string): Action {
  const value = text.trim();
  const raw = /^raw=([1-5]\d\d)(?:\s([\s\S]*))?$/.exec(value);
  if (raw) return { kind: 'raw', status: Number(raw[1]), body: raw[2] ?? '' };
  const fail = /^fail=(5\d\d)$/.exec(value);
  if (fail) return { kind: 'fail', status: Number(fail[1]) };
  const parts = new Map<string, string>();
  for (const piece of value.split(',')) {
    const [key, ...rest] = piece.split('=');
    const k = key?.trim() ?? '';
    const v = rest.join('=').trim();
    if (!['code', 'example', 'dynamic'].includes(k) || !v) {
      throw new Error(
        `"${value}" is not an action: use fail=500 (any 5xx), raw=STATUS BODY, or a Prefer value such as code=404 or code=400, example=NAME`,
      );
    }
    parts.set(k, v);
  }
  const code = parts.get('code') ?? successCode(op) ?? '';
  const examples = op.responses.get(code);
  if (!examples) {
    throw new Error(
      `${op.operationId} documents no ${code} response (documented: ${[...op.responses.keys()].join(', ')})`,
    );
  }
  const example = parts.get('example');
  if (example && !examples.includes(example)) {
    throw new Error(
      `${op.operationId} has no example "${example}" for ${code} (has: ${examples.join(', ') || 'none'})`,
    );
  }
  // Name the response's first example when the rule names none: given only a code, Prism
  // would take a schema's own `examples` first, which need not fit this operation.
  if (!example && !parts.has('dynamic') && examples[0]) {
    return { kind: 'prefer', prefer: `${value}, example=${examples[0]}` };
  }
  return { kind: 'prefer', prefer: value };
}

/** The rules of one gateway, keyed by operationId; every change is logged through `log`. */
export class MockSwitches {
  private readonly rules = new Map<string, Rule>();
  private readonly byId: Map<string, Operation>;

  constructor(
    operations: readonly Operation[],
    private readonly log: (message: string) => void,
  ) {
    this.byId = new Map(operations.map((op) => [op.operationId, op]));
  }

  /** The rule of `operationId`, if one is set. */
  get(operationId: string): Rule | undefined {
    return this.rules.get(operationId);
  }

  /** Every rule set, as [operationId, rule], in the order they were set. */
  entries(): [string, Rule][] {
    return [...this.rules];
  }

  /**
   * Sets (or, with an empty action, clears) the rule of one operation.
   * @throws Error with a message for the tester when the operation or the action is invalid.
   */
  set(operationId: string, actionText: string): void {
    const op = this.byId.get(operationId.trim());
    if (!op) throw new Error(`no operation "${operationId}" in the contract`);
    if (!actionText.trim()) {
      this.rules.delete(op.operationId);
      this.log(`${op.operationId}: default answers`);
      return;
    }
    const action = parseAction(op, actionText);
    this.rules.set(op.operationId, { text: actionText.trim(), action });
    this.log(`${op.operationId}: ${actionText.trim()}`);
  }

  /**
   * Sets every rule of a list written `op=action; op=action` (MOCK_PREFER).
   * @throws Error at the first entry that is not `op=action` or not a valid rule.
   */
  setAll(list: string): void {
    for (const entry of list.split(';')) {
      if (!entry.trim()) continue;
      const at = entry.indexOf('=');
      if (at < 0) throw new Error(`"${entry.trim()}" is not op=action`);
      this.set(entry.slice(0, at), entry.slice(at + 1));
    }
  }

  /** Removes every rule: each operation gives its default answer again. */
  clear(): void {
    this.rules.clear();
    this.log('all rules cleared');
  }
}
