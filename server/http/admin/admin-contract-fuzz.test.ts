/**
 * Request fuzzing of the back office's contract (openapi/admin.yaml), as the storefront's
 * (../contract-fuzz.test.ts): for every operation, as the shop's owner, each parameter and
 * body field is broken in turn (wrong types, out of range, oversized, NUL and control
 * characters, missing), and the body is sent malformed or with the wrong media type. No answer
 * may be a 5xx, and every 4xx must be `{detail}` or DRF field errors. Path parameters that are
 * not under attack name a real order of the shop, so the body reaches its handler.
 */
import { ADMIN_SPECIFICATION_PATH } from './admin-spec.ts';
import { ContractWalk, sendHostileRequests, wellFormedError } from '../../test/contract-walk.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

const walk = new ContractWalk(ADMIN_SPECIFICATION_PATH);
const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  const owner = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-handcraft'),
    role: 'owner',
  });
  headers = asStaff('demo-handcraft', await staffTokenFor(t.app, owner));
});

describe('request fuzzing of the admin contract', () => {
  const ops = walk.operations();

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
            ...headers,
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
      await sendHostileRequests(walk, op, '/api/admin', send, { index: '0' });
      expect(problems, `${problems.length} of ${sent} requests`).toEqual([]);
    });
  }
});
