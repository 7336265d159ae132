/**
 * `npm run contract:diff`'s comparison and version rules on the real contract: a removed
 * response field breaks and needs a new major version, an addition takes a minor one, any
 * change needs a new version, and the report groups the changes by kind and operation.
 */
import {
  compareContracts,
  formatReport,
  type ContractChange,
  type ContractComparison,
} from './contract-diff.ts';
import { changed, contract, removeCategorySlug, schema } from './contract-diff-fixture.ts';
import { checkVersion, compareSemver, parseSemver } from './contract-diff-versions.ts';

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
      before: 'openapi/releases/1.0.0.yaml',
      after: 'openapi/storefront.yaml',
    });
    expect(report).toContain(
      'contract-diff: openapi/releases/1.0.0.yaml (1.0.0) -> openapi/storefront.yaml (1.1.0)',
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
