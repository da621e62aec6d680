import fastJson from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

/**
 * Response serialisation. The zod serializer encodes (validates) every answer through its schema,
 * which cost most of a catalogue page's CPU (24 games of nested objects, each field checked twice
 * in zod's encode direction). This one compiles each route's zod schema once, as JSON Schema, into
 * a fast-json-stringify function, as Fastify does by default: only the declared fields are written
 * (an undeclared field never leaks) and nothing is checked again. Under Vitest (`verify`) every
 * answer is also encoded by zod and must come out as the same JSON, so a handler that returns
 * what its schema does not allow still fails the tests, and a schema this path renders differently
 * is caught there. A schema that does not compile keeps the zod serializer.
 */
export function createSerializerCompiler(options: { verify: boolean }) {
  const compiler: FastifySerializerCompiler<unknown> = (route) => {
    const zodSerialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    let fast: Serialize | null | undefined;
    // Compiled on first use: hundreds of routes and status codes, most never answered by a given node.
    const compiled = () => {
      if (fast === undefined) fast = compile(route.schema);
      return fast;
    };
    if (!options.verify) {
      // A frozen answer is one a cache hands out again and again unchanged (a guest catalogue page):
      // its JSON is written once.
      const written = new WeakMap<object, string>();
      return (data: unknown) => {
        if (!data || typeof data !== 'object' || !Object.isFrozen(data)) return (compiled() ?? zodSerialize)(data);
        let json = written.get(data);
        if (json === undefined) written.set(data, (json = (compiled() ?? zodSerialize)(data)));
        return json;
      };
    }
    return (data: unknown) => {
      const expected = zodSerialize(data);
      const stringify = compiled();
      if (stringify) {
        const actual = stringify(data);
        // The same JSON; key order may differ (fast-json-stringify writes required keys first).
        if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
          throw new Error(`${route.method} ${route.url}: fast serialiser differs from zod:\n${actual}\n${expected}`);
      }
      return expected;
    };
  };
  return compiler;
}

function compile(schema: unknown): Serialize | null {
  const zodSchema =
    schema instanceof z.ZodType
      ? schema
      : (schema as { properties?: unknown } | null)?.properties instanceof z.ZodType
        ? ((schema as { properties: z.ZodType }).properties as z.ZodType)
        : null;
  if (!zodSchema) return null;
  try {
    const json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The JSON Schema fast-json-stringify is given: `anyOf: [{type: t}, {type: 'null'}]` (zod's nullable
 * of a primitive) as `type: [t, 'null']`, which needs no validation per value.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  // Undeclared fields are never written anyway; `false` would only make a union branch refuse an
  // object that carries one (zod strips it instead).
  if (out.additionalProperties === false) delete out.additionalProperties;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    const primitive = ['string', 'number', 'integer', 'boolean'];
    if (
      nullIndex !== -1 &&
      other &&
      primitive.includes(other.type as string) &&
      !('enum' in other || 'const' in other)
    ) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
