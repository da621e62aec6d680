import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBody } from '../modules/player/__tests__/helpers.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

/**
 * Requests generated from the server's own OpenAPI document: every operation, as a guest and as a
 * player, with wrong types, missing and extra fields, huge and hostile strings, bad ids, hostile
 * query keys, repeated keys and wrong content types. Every answer must be a 2xx/3xx the document
 * declares (matching its response schema) or a 4xx in the error envelope; never a 5xx.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Request = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
};

const HUGE = 'x'.repeat(100_000);
/** Strings no handler should choke on. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil\u202c',
  '\u2066\u2067',
  HUGE,
  '',
  ' ',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '%00',
  '9'.repeat(400),
  '-1',
  '1e309',
  'null',
  '__proto__',
  '😀'.repeat(2000),
];
/** Values of the wrong type for anything. */
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 2 ** 63, -(2 ** 63), 1e308, [], {}, [1, 2], { a: 1 }, 'x'];
const BAD_IDS = [
  randomUUID(),
  '0',
  '-1',
  '1.5',
  'x'.repeat(1000),
  '%00',
  '%E2%80%AE',
  '..%2F..%2Fetc',
  'null',
  '9'.repeat(40),
  '%ED%A0%80',
  'a%20b',
];
const HOSTILE_QUERY = [
  '%00=1',
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
  'a[b][c][d][e]=1',
  `${'k'.repeat(5000)}=1`,
  'page=1&page=2&page=x',
  'perPage=-5',
  'perPage=100000000000000000000',
  '%ED%A0%80=1',
  '=',
  '&&&',
  'x=%',
];

function resolve(doc: Document, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(doc, doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
}

/** A plausible value for a schema: the start of every mutation. */
function sample(doc: Document, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (!schema || depth > 4) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length) return sample(doc, alternative[0], depth + 1);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(doc, schema.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(doc, value, depth + 1);
      return out;
    }
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Every mutation of one operation: its path ids, query and body, and the content types it is sent as. */
function requestsOf(doc: Document, route: string, method: string, op: Operation): Request[] {
  const out: Request[] = [];
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
  const fill = (id: (name: string) => string) => route.replace(/\{([^}]+)\}/g, (_, name: string) => id(name));
  const baseQuery = () => {
    const q = new URLSearchParams();
    for (const p of queryParams) {
      const value = sample(doc, p.schema);
      if (p.required) q.set(p.name, Array.isArray(value) ? String(value[0]) : String(value));
    }
    return q;
  };
  const baseBody = bodySchema ? (sample(doc, bodySchema) as Record<string, unknown>) : undefined;
  const json = { 'content-type': 'application/json' };
  const add = (label: string, url: string, payload?: string, headers: Record<string, string> = json) =>
    out.push({ method, url, headers: payload === undefined ? {} : headers, payload, label });
  const withQuery = (path: string, q: string) => (q ? `${path}?${q}` : path);
  const path = fill(() => randomUUID());
  const body = baseBody ? JSON.stringify(baseBody) : undefined;

  add('base', withQuery(path, baseQuery().toString()), body);
  for (const id of BAD_IDS)
    if (pathParams.length)
      add(
        `id ${id.slice(0, 12)}`,
        fill(() => id),
        body,
      );
  for (const hostile of HOSTILE_QUERY) {
    const q = baseQuery().toString();
    add(`query ${hostile.slice(0, 20)}`, `${path}?${q ? `${q}&` : ''}${hostile}`, body);
  }
  for (const p of queryParams) {
    for (const value of [...HOSTILE_STRINGS.slice(0, 8), ...WRONG_TYPES.slice(0, 6).map((v) => JSON.stringify(v))]) {
      const q = baseQuery();
      q.set(p.name, value);
      add(`query ${p.name}=${value.slice(0, 12)}`, withQuery(path, q.toString()), body);
    }
    const q = baseQuery();
    q.append(`${p.name}[]`, 'a');
    q.append(p.name, 'b');
    q.append(p.name, 'c');
    add(`query ${p.name} repeated`, withQuery(path, q.toString()), body);
  }
  if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    const url = withQuery(path, baseQuery().toString());
    add('body {}', url, '{}');
    for (const key of bodySchema?.required ?? []) {
      const { [key]: _dropped, ...rest } = baseBody;
      add(`body without ${key}`, url, JSON.stringify(rest));
    }
    for (const key of Object.keys(baseBody)) {
      for (const value of [...HOSTILE_STRINGS, ...WRONG_TYPES])
        add(`body ${key}=${JSON.stringify(value)?.slice(0, 12)}`, url, JSON.stringify({ ...baseBody, [key]: value }));
    }
    add('body extra field', url, JSON.stringify({ ...baseBody, extra: 'x', isAdmin: true }));
    add('body __proto__', url, `{"__proto__":{"polluted":true},${body!.slice(1)}`);
    add('body constructor', url, JSON.stringify({ ...baseBody, constructor: { prototype: { polluted: true } } }));
    add('body NUL key', url, `{"\\u0000":1,${body!.slice(1)}`);
    add('body deep', url, `${'['.repeat(5000)}${']'.repeat(5000)}`);
    for (const payload of ['{', 'null', '[]', '"x"', '1', HUGE, `{"a":"${HUGE}${HUGE}${HUGE}"}`])
      add(`body ${payload.slice(0, 8)}`, url, payload);
    add('text/plain', url, body, { 'content-type': 'text/plain' });
    add('form', url, 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' });
    add('multipart', url, '--x\r\n\r\n', { 'content-type': 'multipart/form-data; boundary=x' });
    add('no content type', url, body, {});
    add('json charset latin1', url, body, { 'content-type': 'application/json; charset=latin1' });
  }
  return out;
}

let server: TestServer;
let doc: Document;
let ajv: Ajv;
const validators = new Map<string, ValidateFunction>();
let addresses = 0;
/** A fresh client address per request: the fuzzing meets the validation, not only the rate limits. */
const address = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;

beforeAll(async () => {
  server = await createTestServer();
  // Listening: the sandbox parties (identity verification, games, payments) are reached over HTTP.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

function responseValidator(route: string, method: string, status: number, op: Operation) {
  const key = `${method} ${route} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = op.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return null;
    const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/components/schemas/');
    validate = ajv.compile(nullableToTypes(JSON.parse(text)) as object);
    validators.set(key, validate);
  }
  return validate;
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema (`type: [t, 'null']`), which Ajv checks. */
function nullableToTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableToTypes);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableToTypes(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

describe('10,000+ generated requests from the OpenAPI document', () => {
  it('every answer is declared and shaped, or a 4xx in the error envelope; no 5xx', async () => {
    const problems: string[] = [];
    let sent = 0;
    const operations = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route, method: method.toUpperCase(), op })),
    );
    for (const role of ['guest', 'player'] as const) {
      for (const { route, method, op } of operations) {
        // Each operation meets a player of its own: one that logs out or excludes itself spoils no other.
        let auth: Record<string, string> = {};
        if (role === 'player') {
          const registered = await server.app.inject({
            method: 'POST',
            url: '/api/player/register',
            payload: registerBody(),
            remoteAddress: address(),
          });
          expect(registered.statusCode, registered.body).toBe(200);
          auth = { authorization: `Bearer ${registered.json().data.accessToken as string}` };
        }
        for (const request of requestsOf(doc, route, method, op)) {
          const response = await server.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...auth },
            remoteAddress: address(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          const where = `${role} ${method} ${route} [${request.label}] → ${response.statusCode}`;
          const status = response.statusCode;
          if (status >= 500) {
            problems.push(`${where}: ${response.body.slice(0, 200)}`);
            continue;
          }
          if (status >= 400) {
            let code: unknown;
            try {
              const body = response.json() as { error?: { code?: unknown; message?: unknown } };
              code = typeof body.error?.message === 'string' ? body.error.code : undefined;
            } catch {
              code = undefined;
            }
            if (typeof code !== 'number')
              problems.push(`${where}: outside the error envelope: ${response.body.slice(0, 120)}`);
            continue;
          }
          if (!op.responses?.[String(status)]) {
            problems.push(`${where}: status not in the document`);
            continue;
          }
          const validate = responseValidator(route, method, status, op);
          if (validate && String(response.headers['content-type'] ?? '').includes('json') && !validate(response.json()))
            problems.push(`${where}: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
        }
      }
    }
    expect(problems.slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
