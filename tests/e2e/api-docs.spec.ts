import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { expect, shot, test } from './fixtures';
import { isMobile } from './shop-data';

/**
 * The API reference at /api/docs (docs/api-clients.md, "API reference";
 * server/platform/api-docs/api-docs.ts) in real Chromium against `npm start`: Scalar renders the
 * contract it is served (the contract file itself) under the page's own CSP, lists every operation,
 * shows an error example with its `detail`, and asks nothing of any host but this server: no CDN,
 * fonts, proxy or telemetry. Tagged @layout: the reference must be usable at 375 px too, where its
 * sidebar is a menu.
 */

// Scalar's editable "Name" field of the authentication panel is a combobox without
// aria-expanded and aria-controls: its markup, not ours to fix. The rest of the page is scanned.
test.use({ a11yExclude: ['.code-input-lite__editor'] });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface ContractOperation {
  summary: string;
  operationId: string;
  responses: JsonObject;
}

/** Follows local `$ref`s (`#/components/...`) in the contract. */
function resolve(contract: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    let target: Json | undefined = contract;
    for (const key of current.$ref.replace(/^#\//, '').split('/')) {
      target = isObject(target) ? target[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    current = target;
  }
  return current;
}

/** Every operation of the contract, in document order. */
function operationsOf(contract: JsonObject): ContractOperation[] {
  const paths = isObject(contract.paths) ? contract.paths : {};
  return Object.values(paths).flatMap((item) =>
    Object.values(isObject(item) ? item : {}).flatMap((operation) =>
      isObject(operation) && typeof operation.operationId === 'string'
        ? [
            {
              summary: String(operation.summary ?? ''),
              operationId: operation.operationId,
              responses: isObject(operation.responses) ? operation.responses : {},
            },
          ]
        : [],
    ),
  );
}

/** The first documented 4xx example with a `detail`, and the operation and status it is under. */
function firstErrorDetail(contract: JsonObject, operations: ContractOperation[]) {
  for (const operation of operations) {
    for (const [status, raw] of Object.entries(operation.responses)) {
      if (!/^4\d\d$/.test(status)) continue;
      const response = resolve(contract, raw);
      const media = isObject(response) && isObject(response.content) ? response.content : {};
      const json = media['application/json'];
      const examples = isObject(json) && isObject(json.examples) ? json.examples : {};
      for (const example of Object.values(examples)) {
        const value = resolve(contract, example);
        const body = isObject(value) ? value.value : undefined;
        if (isObject(body) && typeof body.detail === 'string') {
          return { operation, status, detail: body.detail };
        }
      }
    }
  }
  throw new Error('the contract documents no 4xx example with a detail');
}

/** A sidebar link's accessible name: the summary, then the method (which Scalar may shorten: DEL). */
const sidebarLink = (operation: ContractOperation) =>
  new RegExp(`^${operation.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} HTTP Method: `);

/**
 * Opens the reference. Through the main frame, not the fixture's `page.goto`: that one waits
 * up to 15 s for the storefront's `html[data-hydrated]`, which this page (not the storefront)
 * never sets.
 */
async function openDocs(page: Page, title: string): Promise<void> {
  await page.mainFrame().goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 20_000,
  });
}

// At 1280 px alone: the reference is read by a shop's developer at a desk, and what it renders
// (every operation, from this server) is the same at any width.
test('the API reference renders every operation and its error examples, from this server alone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(sent.url());
  });
  page.on('requestfailed', (sent) => {
    failed.push(`${sent.url()}: ${sent.failure()?.errorText}`);
  });
  page.on('response', (answer) => {
    if (answer.status() >= 400) failed.push(`${answer.url()}: ${answer.status()}`);
  });
  // Every report, including those Chromium does not print to the console.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });

  const served = await request.get('/api/docs/storefront.yaml');
  expect(served.ok()).toBe(true);
  const contract = parse(await served.text()) as JsonObject;
  const operations = operationsOf(contract);
  expect(operations.length).toBeGreaterThan(0);
  const title = isObject(contract.info) ? String(contract.info.title) : '';

  await openDocs(page, title);
  await shot(page, 'api-docs');

  // Every operation is in the sidebar (a menu at 375 px), by its summary and method.
  if (isMobile()) await page.getByRole('button', { name: 'Open Menu' }).click();
  const sidebar = page.getByRole('complementary', { name: /^Sidebar/ });
  await expect(sidebar).toBeVisible();
  for (const operation of operations) {
    await expect(
      sidebar.getByRole('link', { name: sidebarLink(operation) }),
      `${operation.operationId} in the sidebar`,
    ).toBeVisible();
  }
  if (isMobile()) await shot(page, 'api-docs-menu');

  // An error example, with its detail, as the contract words it.
  const error = firstErrorDetail(contract, operations);
  await sidebar.getByRole('link', { name: sidebarLink(error.operation) }).click();
  const section = page.getByRole('region', { name: error.operation.summary, exact: true });
  await expect(section.getByText(error.operation.operationId, { exact: true })).toBeVisible();
  await section.getByRole('tab', { name: new RegExp(`^Status: ${error.status}\\b`) }).click();
  const example = section.getByRole('group', { name: 'Code sample', exact: true });
  await example.scrollIntoViewIfNeeded();
  await expect(example).toContainText(`"detail": ${JSON.stringify(error.detail)}`);
  await shot(page, 'api-docs-error-example');

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations, 'CSP violations').toEqual([]);
  expect(elsewhere, 'requests to another host').toEqual([]);
  expect(failed, 'failed requests').toEqual([]);
});
