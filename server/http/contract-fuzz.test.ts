/**
 * Request fuzzing generated from the contract. For EVERY operation of
 * openapi/storefront.yaml (new ones are picked up without touching this file), a schema-valid
 * body is generated with json-schema-faker, then broken one field at a time: wrong types, out
 * of range, oversized, NUL and control characters, each required field missing; every path and
 * query parameter gets the same treatment. The requests carry a valid tenant and bearer token,
 * so they reach validation and the handlers.
 *
 * No answer may be a 5xx, and every 4xx must be `{detail: string}` or DRF field errors
 * (`{field: [string, ...]}`).
 */
import { SPECIFICATION_PATH } from '../app.ts';
import { ContractWalk, sendHostileRequests, wellFormedError } from '../test/contract-walk.ts';
import { createCustomer, type TestCustomer } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const walk = new ContractWalk(SPECIFICATION_PATH);

let t: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({ contactMaxPerAddress: 100_000 });
  customer = await createCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('request fuzzing from the contract', () => {
  const ops = walk.operations();

  it('covers every operation of the contract', () => {
    expect(ops.length).toBeGreaterThan(20);
  });

  for (const op of ops) {
    it(`${op.id}: hostile bodies and parameters never answer 5xx, and 4xx answers are {detail} or field errors`, async () => {
      const problems: string[] = [];
      let sent = 0;
      const send = async (url: string, payload?: string, contentType = 'application/json') => {
        sent++;
        const response = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url,
          headers: {
            ...customer.headers,
            ...(payload === undefined ? {} : { 'content-type': contentType }),
          },
          payload,
        });
        const problem = wellFormedError(response.statusCode, response.body);
        if (problem)
          problems.push(
            `${op.method.toUpperCase()} ${url.slice(0, 120)} ${payload?.slice(0, 120) ?? ''}: ${problem}`,
          );
      };
      await sendHostileRequests(walk, op, '/api', send);
      expect(problems, `${problems.length} of ${sent} requests`).toEqual([]);
    });
  }
});
