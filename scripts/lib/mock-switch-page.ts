/// <reference types="node" />
/**
 * The mock gateway's switch page and its form posts (scripts/mock-proxy.ts), under `/__mock/`
 * (`/api/__mock/` through Vite):
 * - `GET /__mock/` -> the page: the active rules, a free-form rule, and a menu per operation of
 *   its documented answers (lib/mock-switches.ts), plus a link to the API reference;
 * - `GET /__mock/rules` -> the rules as JSON `{operationId: action}`;
 * - `POST /__mock/rules` (`op`, `action`, as a form or JSON; an empty action clears) and
 *   `POST /__mock/clear` -> the page again with a message for a browser (Accept: text/html),
 *   else `{"detail": message}`; 400 when the rule is invalid.
 * Anything else under `/__mock/` answers 404 `{"detail":"Not found."}`.
 */
import type http from 'node:http';
import type { Json, Operation } from './mock-contract.ts';
import { readBody } from './mock-http.ts';
import type { MockSwitches } from './mock-switches.ts';

/** Escapes text for an HTML element body or a double-quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The menu of one operation: the default answer, its other success examples, each documented
 * error (per example, or the bare code when it has none), and a 500 without a body.
 */
export function actionChoices(op: Operation): { value: string; label: string }[] {
  const choices = [{ value: '', label: 'default answer' }];
  for (const [code, examples] of op.responses) {
    if (/^2/.test(code)) {
      // The first success example is the default; the others are worth a switch.
      for (const name of examples.slice(1)) {
        choices.push({ value: `code=${code}, example=${name}`, label: `${code} ${name}` });
      }
      continue;
    }
    if (examples.length === 0) choices.push({ value: `code=${code}`, label: code });
    for (const name of examples) {
      choices.push({ value: `code=${code}, example=${name}`, label: `${code} ${name}` });
    }
  }
  choices.push({ value: 'fail=500', label: '500 without a body (not in the contract)' });
  return choices;
}

/** The switch page's HTML, with `message` (escaped) above the rules when given. */
export function switchPage(
  operations: readonly Operation[],
  switches: MockSwitches,
  message = '',
): string {
  const rows = operations
    .map((op) => {
      const current = switches.get(op.operationId)?.text ?? '';
      const choices = actionChoices(op);
      // A rule typed in (MOCK_PREFER, "Any action") shows as itself.
      if (current && !choices.some((c) => c.value === current)) {
        choices.push({ value: current, label: current });
      }
      const options = choices
        .map(
          (c) =>
            `<option value="${escapeHtml(c.value)}"${c.value === current ? ' selected' : ''}>${escapeHtml(c.label)}</option>`,
        )
        .join('');
      return (
        `<tr${current ? ' class="on"' : ''}><td>${escapeHtml(op.tag)}</td>` +
        `<td><code>${op.method} ${escapeHtml(op.template)}</code><br><small>${escapeHtml(op.summary)}</small></td>` +
        `<td><form method="post" action="rules"><input type="hidden" name="op" value="${op.operationId}">` +
        `<label>${op.operationId} <select name="action">${options}</select></label> <button>Set</button></form></td></tr>`
      );
    })
    .join('\n');
  const active = switches
    .entries()
    .map(([id, r]) => `<li><code>${id}</code>: <code>${escapeHtml(r.text)}</code></li>`)
    .join('');
  // The reference is a sibling of this page under the same prefix: /api/docs/ through Vite.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mock answers</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}
td{border-top:1px solid #ddd;padding:.4rem;vertical-align:top}tr.on{background:#fff4d6}.msg{background:#eef6ee;padding:.5rem}</style></head>
<body><h1>Mock answers</h1>
<p>Choose what an operation of the Prism mock answers, then reload the storefront tab. A rule stays until you change it
or stop <code>npm run mock</code>. Codes and example names are the contract's (<code>openapi/storefront.yaml</code>);
the <a href="../docs/">API reference</a> shows every operation with its examples and errors.</p>
${message ? `<p class="msg">${escapeHtml(message)}</p>` : ''}
<h2>Active rules</h2>${active ? `<ul>${active}</ul><form method="post" action="clear"><button>Clear all rules</button></form>` : '<p>None: every operation gives its first success example.</p>'}
<h2>Any action</h2><form method="post" action="rules"><select name="op" aria-label="Operation">${operations
    .map((op) => `<option>${op.operationId}</option>`)
    .join(
      '',
    )}</select> <input name="action" size="50" aria-label="Action" placeholder="raw=200 null"> <button>Set</button></form>
<p><small>Actions: a Prefer value (<code>code=404</code>, <code>code=400, example=NAME</code>, <code>dynamic=true</code>),
<code>fail=500</code> (any 5xx, no body) or <code>raw=STATUS BODY</code> (an answer the contract does not allow,
such as <code>raw=200 null</code> or <code>raw=200 {"status":"refunded"}</code>). An empty action restores the default.</small></p>
<h2>Operations</h2><table>${rows}</table></body></html>`;
}

/**
 * Answers a request under `/__mock` (`route` is the rest of the path, `/` for the page); see
 * the module comment. Rejects only when the connection fails.
 */
export async function handleSwitchRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: string,
  operations: readonly Operation[],
  switches: MockSwitches,
): Promise<void> {
  const wantsHtml = (req.headers.accept ?? '').includes('text/html');
  const reply = (status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && route === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(switchPage(operations, switches));
    return;
  }
  if (req.method === 'GET' && route === '/rules') {
    reply(200, Object.fromEntries(switches.entries().map(([id, r]) => [id, r.text])));
    return;
  }
  if (req.method === 'POST' && (route === '/rules' || route === '/clear')) {
    let message: string;
    let status = 200;
    try {
      if (route === '/clear') {
        switches.clear();
        message = 'All rules cleared.';
      } else {
        const text = await readBody(req);
        const form = (req.headers['content-type'] ?? '').includes('application/json')
          ? new URLSearchParams(Object.entries(JSON.parse(text) as Record<string, string>))
          : new URLSearchParams(text);
        const op = form.get('op') ?? '';
        const action = form.get('action') ?? '';
        switches.set(op, action);
        message = action.trim() ? `${op}: ${action.trim()}` : `${op}: default answer`;
      }
    } catch (error) {
      status = 400;
      message = (error as Error).message;
    }
    if (wantsHtml) {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(switchPage(operations, switches, message));
    } else {
      reply(status, { detail: message });
    }
    return;
  }
  reply(404, { detail: 'Not found.' });
}
