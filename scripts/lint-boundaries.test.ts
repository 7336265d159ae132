/**
 * The import boundaries of eslint.config.js ("Which way imports go", decision 019) fail a file
 * that crosses them: each case lints a one-line file at a path inside a zone, as `npm run lint`
 * would, and expects the zone's message (or none for an allowed import).
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The `no-restricted-imports` messages ESLint gives `code` placed at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the import boundaries', () => {
  it('fail a domain file that imports an HTTP type, Fastify or a plugin', async () => {
    const errors = await boundaryErrors(
      'server/cart/new-rule.ts',
      "import type { OperationRequest as x } from '../http/contract-types.ts';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'A domain folder never imports the HTTP layer, Fastify or a plugin',
    );
    expect(
      await boundaryErrors(
        'server/payments/new-rule.ts',
        "import { HttpError as x } from '../http/http-error.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('server/orders/new-rule.ts', "import x from 'fastify-plugin';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'server/accounts/new-rule.ts',
        "import type { FastifyReply as x } from 'fastify';",
      ),
    ).toHaveLength(1);
  });

  it('let a domain file import the platform and common/', async () => {
    expect(
      await boundaryErrors(
        'server/cart/new-rule.ts',
        "import { DomainError as x } from '../platform/domain-error.ts';\nimport { toDecimal } from '../../common/money.ts';\nvoid toDecimal;",
      ),
    ).toEqual([]);
  });

  it('fail a server domain importing a domain ranked above it, and let it import those below', async () => {
    const upwards = await boundaryErrors(
      'server/payments/new-rule.ts',
      "import { lockOrder as x } from '../orders/order-lock.ts';",
    );
    expect(upwards).toHaveLength(1);
    expect(upwards[0]).toContain('payments sits below orders in SERVER_DOMAIN_LAYERS');
    expect(
      await boundaryErrors(
        'server/staff/new-rule.ts',
        "import { x } from '../accounts/tokens.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'server/orders/new-rule.ts',
        "import { PAYMENT_METHODS as x } from '../payments/methods.ts';",
      ),
    ).toEqual([]);
  });

  it('fail a role check inside a domain folder: the door checks roles, a rule reads its grants', async () => {
    const table = await boundaryErrors(
      'server/content/new-rule.ts',
      "import { PERMISSIONS as x } from '../staff/roles.ts';",
    );
    expect(table).toHaveLength(1);
    expect(table[0]).toContain('A role is checked only at the door');
    expect(
      await boundaryErrors(
        'server/staff/new-rule.ts',
        "import { PERMISSIONS as x } from './roles.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'server/orders/new-rule.ts',
        "import { can as x } from '../http/admin/permissions.ts';",
      ),
    ).toHaveLength(1);
    // The refusal itself is the domain's to raise, when the door's grants do not cover a move.
    expect(
      await boundaryErrors(
        'server/orders/new-rule.ts',
        "import { forbidden as x } from '../staff/roles.ts';",
      ),
    ).toEqual([]);
  });

  it("fail a domain writing the activity log itself or taking a member's session: the door hands it an Acting", async () => {
    const log = await boundaryErrors(
      'server/catalog/new-rule.ts',
      "import { recordActivity as x } from '../staff/activity-log.ts';",
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toContain("the Acting's journal");
    expect(
      await boundaryErrors(
        'server/orders/new-rule.ts',
        "import type { StaffActor as x } from '../staff/actor.ts';",
      ),
    ).toHaveLength(1);
    // The staff domain owns the log; a domain is told who acts through the platform's Acting.
    expect(
      await boundaryErrors(
        'server/staff/new-rule.ts',
        "import { recordActivity as x } from './activity-log.ts';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'server/content/new-rule.ts',
        "import type { Acting as x } from '../platform/journal.ts';",
      ),
    ).toEqual([]);
  });

  it('fail the platform importing a domain folder or the HTTP layer', async () => {
    expect(
      await boundaryErrors(
        'server/platform/db/new-table.ts',
        "import { x } from '../../payments/registry.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('server/platform/new-part.ts', "import { x } from '../http/errors.ts';"),
    ).toHaveLength(1);
  });

  it('keep src/ and server/ apart, with common/ importing neither', async () => {
    expect(
      await boundaryErrors(
        'server/http/new-handler.ts',
        "import { x } from '../../src/api/client';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/features/cart/new-part.ts',
        "import { x } from '../../../server/cart/cart';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('common/new-part.ts', "import { x } from '../src/api/client';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/features/cart/new-part.ts',
        "import { toDecimal as x } from '../../../common/money';",
      ),
    ).toEqual([]);
  });

  it('fail a feature importing a feature ranked above it, so no two import each other', async () => {
    const errors = await boundaryErrors(
      'src/features/cart/new-part.ts',
      "import { x } from '../checkout/api';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('FEATURE_LAYERS');
    expect(
      await boundaryErrors('src/features/checkout/new-part.ts', "import { x } from '../cart/api';"),
    ).toEqual([]);
  });

  it("fail a back-office feature importing one ranked above it, or the app's routes", async () => {
    const upwards = await boundaryErrors(
      'admin/src/features/staff/new-part.ts',
      "import { x } from '../activity/api';",
    );
    expect(upwards).toHaveLength(1);
    expect(upwards[0]).toContain('ADMIN_FEATURE_LAYERS');
    expect(
      await boundaryErrors(
        'admin/src/features/activity/new-part.ts',
        "import { x } from '../staff/api';",
      ),
    ).toEqual([]);
    const internal = await boundaryErrors(
      'admin/src/features/account/new-part.ts',
      "import { x } from '../auth/schemas';",
    );
    expect(internal).toHaveLength(1);
    expect(internal[0]).toContain('internal to the back office');
    const routes = await boundaryErrors(
      'admin/src/features/orders/new-part.ts',
      "import { Route as x } from '../../routes/_auth';",
    );
    expect(routes).toHaveLength(1);
    expect(routes[0]).toContain('never upwards');
  });
});

describe("one writer of an order's status", () => {
  /** The `no-restricted-syntax` messages ESLint gives `code` placed at `filePath`. */
  async function statusErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(
      `import type { Trx } from './order-lock.ts';\nexport async function f(trx: Trx) {\n${code}\n}\n`,
      { filePath },
    );
    return result!.messages
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
  }
  const writesStatus =
    "await trx.updateTable('orders').set({ status: 'paid', updated_at: 'now' }).where('id', '=', 1).execute();";

  it('fails an UPDATE of orders that sets its status outside the lifecycle', async () => {
    for (const file of ['server/orders/new-rule.ts', 'server/payments/new-rule.ts']) {
      const errors = await statusErrors(file, writesStatus);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("An order's status changes only through moveOrderStatus");
    }
    expect(
      await statusErrors(
        'server/orders/new-rule.ts',
        "await trx.updateTable('orders as o').set({ status: 'refunded' }).execute();",
      ),
    ).toHaveLength(1);
  });

  it("lets other columns of orders, other tables' status and the lifecycle itself be written", async () => {
    expect(
      await statusErrors(
        'server/orders/new-rule.ts',
        "await trx.updateTable('orders').set({ refunded_cents: 100 }).execute();\nawait trx.updateTable('payments').set({ status: 'canceled' }).execute();",
      ),
    ).toEqual([]);
    expect(await statusErrors('server/orders/lifecycle.ts', writesStatus)).toEqual([]);
    expect(await statusErrors('server/test/new-fixture.ts', writesStatus)).toEqual([]);
  });
});
