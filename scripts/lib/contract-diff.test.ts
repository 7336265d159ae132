/**
 * `npm run contract:diff`: how api-smart-diff, with this module's corrections, classifies
 * changes to the real contract (OpenAPI 3.1) for a generated client, the version rules, and
 * the command itself against a temporary git repository with a `contract-v1.0.0` tag.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseDocument } from 'yaml';
import {
  checkVersion,
  compareContracts,
  compareSemver,
  formatReport,
  parseSemver,
  type ContractChange,
  type ContractComparison,
} from './contract-diff.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contractText = readFileSync(path.join(root, 'openapi', 'storefront.yaml'), 'utf8');
const contract = parse(contractText, { maxAliasCount: -1 }) as Contract;

// Enough of the contract's shape for the edits below.
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  [key: string]: unknown;
};
type Operation = { parameters?: unknown[]; security?: unknown[]; [key: string]: unknown };
type Contract = {
  info: { version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

/** The contract after `edit`, at `version`; the original stays untouched. */
function changed(edit: (doc: Contract) => void, version = contract.info.version): Contract {
  const doc = structuredClone(contract);
  edit(doc);
  doc.info.version = version;
  return doc;
}

const schema = (doc: Contract, name: string): Schema => {
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`no schema ${name} in the contract`);
  return found;
};
const property = (doc: Contract, name: string, field: string): Schema => {
  const found = schema(doc, name).properties?.[field];
  if (!found) throw new Error(`no field ${field} in ${name}`);
  return found;
};

function removeCategorySlug(doc: Contract) {
  const category = schema(doc, 'Category');
  delete category.properties?.slug;
  category.required = category.required?.filter((name) => name !== 'slug');
}

const only = (comparison: ContractComparison, group: ContractChange['group']) =>
  comparison.changes.filter((c) => c.group === group);
const lines = (changes: ContractChange[]) => changes.map((c) => `${c.where}  ${c.description}`);

describe('compareContracts and checkVersion on the storefront contract', () => {
  it('reports a removed response field as breaking, and fails under the same major version', () => {
    const comparison = compareContracts(contract, changed(removeCategorySlug, '1.1.0'));
    expect(lines(only(comparison, 'breaking'))).toEqual([
      'GET /products/categories/  response 200: required field `[].slug` removed',
      'GET /products/categories/{slug}/  response 200: required field `slug` removed',
    ]);
    expect(only(comparison, 'non-breaking')).toEqual([]);
    const verdict = checkVersion(comparison);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      '2 breaking changes but the major version did not increase (1.0.0 -> 1.1.0): set info.version to 2.0.0, or undo the breaking changes.',
    ]);
  });

  it('accepts the same removal under a new major version', () => {
    const comparison = compareContracts(contract, changed(removeCategorySlug, '2.0.0'));
    expect(only(comparison, 'breaking')).toHaveLength(2);
    expect(checkVersion(comparison)).toEqual({ ok: true, problems: [], notes: [] });
  });

  it('reports an added optional response field as non-breaking, fine under a minor version', () => {
    const comparison = compareContracts(
      contract,
      changed((doc) => {
        schema(doc, 'Category').properties!.colour = { type: 'string' };
      }, '1.1.0'),
    );
    expect(only(comparison, 'breaking')).toEqual([]);
    expect(lines(only(comparison, 'non-breaking'))).toEqual([
      'GET /products/categories/  response 200: field `[].colour` added',
      'GET /products/categories/{slug}/  response 200: field `colour` added',
    ]);
    expect(checkVersion(comparison)).toEqual({ ok: true, problems: [], notes: [] });
  });

  it('notes, without failing, an addition under a patch version', () => {
    const comparison = compareContracts(
      contract,
      changed((doc) => {
        schema(doc, 'Category').properties!.colour = { type: 'string' };
      }, '1.0.1'),
    );
    const verdict = checkVersion(comparison);
    expect(verdict.ok).toBe(true);
    expect(verdict.notes[0]).toMatch(/additions usually take a minor version \(1\.1\.0\)/);
  });

  it('passes an unchanged contract under the same version', () => {
    const comparison = compareContracts(contract, structuredClone(contract));
    expect(comparison.changed).toBe(false);
    expect(comparison.changes).toEqual([]);
    expect(checkVersion(comparison).ok).toBe(true);
  });

  it('fails a changed contract whose version did not move, even for a description', () => {
    const comparison = compareContracts(
      contract,
      changed((doc) => {
        schema(doc, 'Category').description = 'A group of products.';
      }),
    );
    expect(comparison.changed).toBe(true);
    expect(only(comparison, 'breaking')).toEqual([]);
    expect(only(comparison, 'other').map((c) => c.type)).toContain('annotation');
    expect(checkVersion(comparison).problems).toEqual([
      'the contract changed but info.version did not move (still 1.0.0): set it to 1.0.1.',
    ]);
  });

  it('says which version a breaking change needs when the version did not move', () => {
    const verdict = checkVersion(compareContracts(contract, changed(removeCategorySlug)));
    expect(verdict.problems).toEqual([
      'the contract changed (with 2 breaking changes) but info.version did not move (still 1.0.0): set it to 2.0.0.',
    ]);
  });

  it('fails a version that went backwards, and one that is not a semantic version', () => {
    const back = checkVersion(
      compareContracts(
        contract,
        changed(() => {}, '0.9.0'),
      ),
    );
    expect(back.problems).toEqual(['info.version went backwards: 1.0.0 -> 0.9.0.']);
    const invalid = checkVersion(
      compareContracts(
        contract,
        changed(() => {}, 'v2'),
      ),
    );
    expect(invalid.problems).toEqual([
      `the current contract's info.version "v2" is not a semantic version (MAJOR.MINOR.PATCH).`,
    ]);
  });
});

describe('the breaking changes of a generated client, on the storefront contract', () => {
  /** The changes as `group where description`, for one edit. */
  const classify = (edit: (doc: Contract) => void) =>
    compareContracts(contract, changed(edit)).changes.map(
      (c) => `${c.group}  ${c.where}  ${c.description}`,
    );

  it('a removed operation breaks; an added one does not', () => {
    expect(
      classify((doc) => {
        delete doc.paths['/accounts/login/']!.post;
        doc.paths['/accounts/ping/'] = {
          get: { operationId: 'ping', responses: { '204': { description: 'Alive.' } } },
        };
      }),
    ).toEqual([
      'breaking  POST /accounts/login/  operation removed',
      'non-breaking  GET /accounts/ping/  operation added',
    ]);
  });

  it('a new required request field breaks; a new optional one does not', () => {
    expect(
      classify((doc) => {
        const update = schema(doc, 'CartItemUpdate');
        update.properties!.note = { type: 'string' };
        update.required = [...(update.required ?? []), 'note'];
      }),
    ).toEqual([
      'breaking  PATCH /orders/cart/items/{id}/  request body: required field `note` added',
    ]);
    expect(
      classify((doc) => {
        schema(doc, 'CartItemUpdate').properties!.note = { type: 'string' };
      }),
    ).toEqual(['non-breaking  PATCH /orders/cart/items/{id}/  request body: field `note` added']);
  });

  it('an enum narrowed where the client sends it breaks, and widened where it reads it', () => {
    expect(
      classify((doc) => {
        schema(doc, 'ProductOrdering').enum = ['price', '-price', '-created_at', '-average_rating'];
      }),
    ).toEqual([
      'breaking  GET /products/products/  query parameter `ordering`: enum value "name" removed',
    ]);
    const paymentMethods = classify((doc) => {
      schema(doc, 'PaymentMethod').enum = ['card_2c2p', 'bank_transfer'];
    });
    expect(paymentMethods).toContain(
      'breaking  POST /orders/orders/  request body: `payment_method`: enum value "custom" removed',
    );
    // The same schema in the order the client reads: fewer values never surprise it.
    expect(paymentMethods).toContain(
      'non-breaking  GET /orders/orders/{id}/  response 200: `payment_method`: enum value "custom" removed',
    );
    expect(
      classify((doc) => {
        schema(doc, 'OrderStatus').enum!.push('returned');
      }),
    ).toContain(
      'breaking  GET /orders/orders/{id}/  response 200: `status`: enum value "returned" added',
    );
  });

  it("reads OpenAPI 3.1's type lists: a response may narrow, a request may widen", () => {
    expect(
      classify((doc) => {
        property(doc, 'Category', 'name').type = ['string', 'null'];
        property(doc, 'SiteSettings', 'logo').type = 'string';
        property(doc, 'ShippingChoice', 'method').type = ['string', 'null'];
        property(doc, 'CommentCreate', 'parent').type = 'integer';
        property(doc, 'Category', 'id').type = 'string';
      }),
    ).toEqual([
      'breaking  GET /products/categories/  response 200: `[].id`: type integer -> string',
      'breaking  GET /products/categories/  response 200: `[].name`: type string -> string | null',
      'breaking  GET /products/categories/{slug}/  response 200: `id`: type integer -> string',
      'breaking  GET /products/categories/{slug}/  response 200: `name`: type string -> string | null',
      'breaking  POST /blog/comments/  request body: `parent`: type integer | null -> integer',
      'non-breaking  GET /pages/site-settings/  response 200: `logo`: type string | null -> string',
      'non-breaking  POST /orders/cart/shipping-quote/  request body: `choices[].method`: type string -> string | null',
      'non-breaking  POST /orders/orders/  request body: `shipping[].method`: type string -> string | null',
    ]);
  });

  it('a response that may now be null through oneOf breaks; one that no longer may does not', () => {
    const nullable = (doc: Contract) => property(doc, 'Product', 'price_before_discount');
    expect(
      classify((doc) => {
        (nullable(doc).oneOf as unknown[]).pop();
      }),
    ).toContain(
      'non-breaking  GET /products/products/{slug}/  response 200: `price_before_discount`: oneOf option 2 removed',
    );
    expect(
      classify((doc) => {
        property(doc, 'Product', 'name').oneOf = [{ type: 'string' }, { type: 'null' }];
        delete property(doc, 'Product', 'name').type;
      }).filter((line) => line.includes('GET /products/products/{slug}/')),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^breaking .*`name`/)]));
  });

  it('a changed response format, a removed or moved status code break', () => {
    expect(
      classify((doc) => {
        property(doc, 'AgeAttestation', 'confirmed_at').format = 'date';
      }),
    ).toContain(
      'breaking  GET /orders/orders/{id}/  response 200: `age_attestation.confirmed_at`: format "date-time" -> "date"',
    );
    expect(
      classify((doc) => {
        const responses = doc.paths['/accounts/login/']!.post!.responses as Record<string, unknown>;
        responses['201'] = responses['200'];
        delete responses['200'];
      }),
    ).toEqual([
      'breaking  POST /accounts/login/  response 200 removed',
      'non-breaking  POST /accounts/login/  response 201 added',
    ]);
  });

  it('a new required parameter breaks, even as the first of its operation; an optional one does not', () => {
    const lang = (required: boolean) => ({
      name: 'lang',
      in: 'query',
      required,
      schema: { type: 'string' },
    });
    expect(
      classify((doc) => {
        doc.paths['/products/categories/']!.get!.parameters = [lang(true)];
        doc.paths['/products/products/']!.get!.parameters!.push(lang(true));
        doc.paths['/blog/posts/']!.get!.parameters!.push(lang(false));
      }),
    ).toEqual([
      'breaking  GET /products/categories/  required query parameter `lang` added',
      'breaking  GET /products/products/  required query parameter `lang` added',
      'non-breaking  GET /blog/posts/  query parameter `lang` added',
    ]);
  });

  it('a removed parameter, or a renamed path parameter, breaks', () => {
    expect(
      classify((doc) => {
        doc.paths['/products/products/']!.get!.parameters!.shift();
      }),
    ).toEqual(['breaking  GET /products/products/  query parameter `is_active` removed']);
    expect(
      classify((doc) => {
        doc.paths['/products/categories/{key}/'] = doc.paths['/products/categories/{slug}/']!;
        delete doc.paths['/products/categories/{slug}/'];
      }),
    ).toEqual([
      'breaking  /products/categories/{slug}/  path renamed to /products/categories/{key}/',
    ]);
  });

  it('an operation that newly needs a login breaks, and so does a renamed tenant header', () => {
    expect(
      classify((doc) => {
        doc.paths['/products/categories/']!.get!.security = [{ tenantToken: [], bearerAuth: [] }];
      }),
    ).toEqual(['breaking  GET /products/categories/  security added']);
    expect(
      classify((doc) => {
        doc.components.securitySchemes.tenantToken!.name = 'X-Shop';
      }),
    ).toEqual([
      'breaking  components  security scheme `tenantToken`: name "X-Tenant-Token" -> "X-Shop"',
    ]);
  });
});

describe('semantic versions', () => {
  it('parses MAJOR.MINOR.PATCH with a pre-release, and refuses anything else', () => {
    expect(parseSemver('1.2.3-rc.1+build.5')).toEqual({
      major: 1,
      minor: 2,
      patch: 3,
      prerelease: ['rc', '1'],
    });
    for (const text of ['1.2', 'v1.2.3', '01.2.3', '1.2.3.4', '']) {
      expect(parseSemver(text)).toBeNull();
    }
  });

  it('orders versions by semver precedence', () => {
    const order = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '2.0.0',
    ];
    const versions = order.map((v) => parseSemver(v)!);
    for (let i = 1; i < versions.length; i += 1) {
      expect(compareSemver(versions[i - 1]!, versions[i]!)).toBeLessThan(0);
      expect(compareSemver(versions[i]!, versions[i - 1]!)).toBeGreaterThan(0);
    }
  });
});

describe('formatReport', () => {
  it('prints both versions, the groups with their operations, and the verdict', () => {
    const comparison = compareContracts(
      contract,
      changed((doc) => {
        removeCategorySlug(doc);
        schema(doc, 'CoreValue').properties!.icon = { type: 'string' };
        schema(doc, 'Category').description = 'A group of products.';
      }, '1.1.0'),
    );
    const report = formatReport(comparison, checkVersion(comparison), {
      before: 'contract-v1.0.0',
      after: 'working tree',
    });
    expect(report).toContain(
      'openapi/storefront.yaml at contract-v1.0.0 (1.0.0) -> working tree (1.1.0)',
    );
    expect(report).toMatch(
      /Breaking \(.*\): 2\n {2}GET \/products\/categories\/ +response 200: required field `\[\]\.slug` removed/,
    );
    expect(report).toMatch(
      /Non-breaking: 1\n {2}GET \/pages\/company-info\/ +response 200: field `core_values\[\]\.icon` added/,
    );
    expect(report).toMatch(/Other \(.*\): 2\n {2}GET \/products\/categories\/ +\[annotation\]/);
    expect(report).toContain('FAILED: 2 breaking changes but the major version did not increase');
  });
});

describe('npm run contract:diff against a git repository', () => {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const script = path.join(root, 'scripts', 'contract-diff.ts');
  let repo: string;
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Contract Test',
    GIT_AUTHOR_EMAIL: 'contract-test@example.test',
    GIT_COMMITTER_NAME: 'Contract Test',
    GIT_COMMITTER_EMAIL: 'contract-test@example.test',
  };
  const git = (...args: string[]) => {
    const result = spawnSync(
      'git',
      ['-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args],
      {
        cwd: repo,
        env,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  /** Runs the command as `npx tsx scripts/contract-diff.ts --repo <repo>` would. */
  const contractDiff = (...args: string[]) => {
    const result = spawnSync(tsx, [script, '--repo', repo, ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };
  /** Writes the working tree's contract: the released one after `edit`. */
  const writeContract = (edit: (doc: ReturnType<typeof parseDocument>) => void) => {
    const doc = parseDocument(contractText);
    edit(doc);
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), doc.toString());
  };

  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'contract-diff-'));
    mkdirSync(path.join(repo, 'openapi'));
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), contractText);
    git('init', '--quiet');
    git('add', 'openapi/storefront.yaml');
    git('commit', '--quiet', '-m', 'Contract 1.0.0');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('names a removed field as breaking and exits 1 until the major version moves', () => {
    git('tag', '-a', 'contract-v1.0.0', '-m', 'Contract 1.0.0');
    const removeSlug = (doc: ReturnType<typeof parseDocument>) => {
      doc.deleteIn(['components', 'schemas', 'Category', 'properties', 'slug']);
      doc.setIn(['components', 'schemas', 'Category', 'required'], ['id', 'name', 'description']);
    };
    writeContract((doc) => {
      removeSlug(doc);
      doc.setIn(['info', 'version'], '1.1.0');
    });
    const failed = contractDiff();
    expect(failed.status).toBe(1);
    expect(failed.output).toContain('at contract-v1.0.0 (1.0.0) -> working tree (1.1.0)');
    expect(failed.output).toMatch(/Breaking[^\n]*: 2\n/);
    expect(failed.output).toMatch(
      /GET \/products\/categories\/\{slug\}\/ +response 200: required field `slug` removed/,
    );
    expect(failed.output).toContain(
      'FAILED: 2 breaking changes but the major version did not increase',
    );

    writeContract((doc) => {
      removeSlug(doc);
      doc.setIn(['info', 'version'], '2.0.0');
    });
    const passed = contractDiff();
    expect(passed.output).toContain('OK: info.version 1.0.0 -> 2.0.0 fits the changes.');
    expect(passed.status).toBe(0);
  });

  it('without a contract-v* tag, exits 2 and says how to fetch the tags', () => {
    const result = contractDiff();
    expect(result.status).toBe(2);
    expect(result.output).toContain('no tag matching contract-v* is reachable from HEAD');
    expect(result.output).toContain('git fetch --tags');
  });

  it('compares with the revision named, and refuses one that does not exist', () => {
    writeContract((doc) => doc.setIn(['info', 'description'], 'Changed.'));
    const unmoved = contractDiff('HEAD');
    expect(unmoved.status).toBe(1);
    expect(unmoved.output).toContain(
      'FAILED: the contract changed but info.version did not move (still 1.0.0): set it to 1.0.1.',
    );
    const unknown = contractDiff('no-such-ref');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toContain('cannot read openapi/storefront.yaml at no-such-ref');
  });
});
