/**
 * One HTTP request of the contract test, to Prism or straight to the API, and the few readers
 * of its loosely typed JSON answer the cases share.
 */
import { isObject, type Json, type JsonObject } from './contract-document';

/** What a request names: the path is the contract's, without the `/api` prefix. */
export interface RequestSpec {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Json;
  /** A body that is not JSON (an image file's bytes), sent as it is with its Content-Type. */
  rawBody?: { bytes: Uint8Array; contentType: string };
}

/** An answer: the body parsed as JSON, or the raw text when it is not JSON, or null if empty. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

/**
 * Sends `spec` to `base` (e.g. `http://127.0.0.1:PORT/api`), a JSON body when it has one.
 * @throws when nothing answers within 15 s.
 */
export async function request(base: string, spec: RequestSpec): Promise<Answer> {
  const url = new URL(base + spec.path);
  for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
  let body: string | Uint8Array | undefined;
  if (spec.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(spec.body);
  } else if (spec.rawBody !== undefined) {
    headers['content-type'] = spec.rawBody.contentType;
    body = spec.rawBody.bytes;
  }
  const res = await fetch(url, {
    method: spec.method,
    headers,
    body: body as BodyInit | undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: Json = null;
  try {
    parsed = text ? (JSON.parse(text) as Json) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The objects of a paginated page's `results`, or of a plain list; [] for anything else. */
export function results(body: Json): JsonObject[] {
  const list =
    isObject(body) && Array.isArray(body.results) ? body.results : Array.isArray(body) ? body : [];
  return list.filter(isObject);
}
