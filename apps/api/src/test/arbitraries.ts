/**
 * fast-check arbitraries drawn from the shared zod contracts (docs/quality.md R2): a
 * contract's body, query or path schema becomes its JSON Schema (input side,
 * refinements left out), and each value is either shaped like the field
 * (right type, enum members, near-limit lengths and numbers) or chaos (any JSON
 * value, hostile strings). Shaped values reach the deeper rules of a route;
 * chaos reaches its parsing.
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

/** Strings that break naive code: SQL and LIKE metacharacters, markup, control and odd Unicode, lengths. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  "'",
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  '"; DROP TABLE produtos; --',
  '<script>alert(1)</script>',
  '\u0000',
  '\u0007\u001b[31m',
  '\ud800',
  '😀',
  'ção',
  '../../etc/passwd',
  '${process.env}',
  '{{7*7}}',
  '1e309',
  '-0',
  'NaN',
  'true',
  'null',
  '2147483648',
  '9'.repeat(40),
  'a'.repeat(300),
  'x'.repeat(20_000),
  '52998224725',
  '11222333000181',
  'admin@clinica.com.br',
  '2026-02-30',
  '12:99:00',
] as const;

const hostile = fc.constantFrom(...HOSTILE_STRINGS);
const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), hostile);
const anyNumber = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 0.001, 1.005, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e21, -1e21),
);
/** Any JSON value, shallow. */
export const chaos: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  anyNumber,
  anyString,
  fc.jsonValue({ maxDepth: 2 }),
);

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

function shaped(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4 || s.$ref) return chaos;
  if (s.const !== undefined)
    return fc.oneof({ arbitrary: fc.constant(s.const), weight: 4 }, { arbitrary: chaos, weight: 1 });
  if (s.enum)
    return fc.oneof({ arbitrary: fc.constantFrom(...s.enum), weight: 4 }, { arbitrary: anyString, weight: 1 });
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueOf(a, depth + 1)));
  if (s.allOf?.length) return valueOf(s.allOf[0]!, depth + 1);
  const types = typesOf(s);
  if (types.length === 0) return chaos;
  return fc.oneof(...types.map((t) => ofType(t, s, depth)));
}

function ofType(type: string, s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const near = [s.minimum, s.maximum]
        .filter((v): v is number => typeof v === 'number')
        .flatMap((v) => [v - 1, v, v + 1]);
      return near.length ? fc.oneof(fc.constantFrom(...near), anyNumber) : anyNumber;
    }
    case 'string': {
      const near = [s.minLength, s.maxLength]
        .filter((v): v is number => typeof v === 'number' && v < 5_000)
        .flatMap((n) => [Math.max(0, n - 1), n, n + 1])
        .map((n) => 'a'.repeat(n));
      return near.length ? fc.oneof(fc.constantFrom(...near), anyString) : anyString;
    }
    case 'array': {
      const item = Array.isArray(s.items) ? s.items[0] : (s.items ?? s.prefixItems?.[0]);
      return fc.array(item ? valueOf(item, depth + 1) : chaos, { maxLength: 4 });
    }
    case 'object':
      return objectOf(s, depth);
    default:
      return chaos;
  }
}

function objectOf(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), chaos, { maxKeys: 3 });
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(props[k]!, depth + 1)])), {
    requiredKeys: [],
  });
  // Now and then an extra key the contract does not know.
  return fc
    .tuple(record, fc.option(fc.tuple(fc.string({ maxLength: 10 }), chaos), { freq: 6 }))
    .map(([r, extra]) => (extra ? { ...(r as object), [extra[0]]: extra[1] } : r));
}

/** A value for schema `s`: mostly shaped like it, sometimes chaos. */
export function valueOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shaped(s, depth), weight: 5 }, { arbitrary: chaos, weight: 1 });
}

/** The JSON Schema of a zod schema's input side (refinements and transforms left out). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
}

/** A JSON body for a contract body schema (or chaos when the route has none). */
export function bodyArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  return schema ? valueOf(jsonSchemaOf(schema)) : chaos;
}

/** Query values are strings on the wire: each known key is absent, a member of its enum, digits or a hostile string. */
export function queryArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  const props = schema ? (jsonSchemaOf(schema).properties ?? {}) : {};
  const keys = Object.keys(props);
  const valueFor = (p: JsonSchema) =>
    fc.oneof(
      ...(p.enum?.length ? [fc.constantFrom(...p.enum.map(String))] : []),
      fc.constantFrom('0', '1', '2', '10', '-1', '2147483648', 'true', 'false', 'asc', 'desc', '2026-01-01'),
      anyString,
    );
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k]!)])), { requiredKeys: [] });
  return fc
    .tuple(known, fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), anyString), { freq: 6 }))
    .map(([q, extra]) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(q)) if (typeof v === 'string') out[k] = v;
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

/** A path segment: mostly plausible ids and booleans, sometimes garbage (always URL-encoded). */
export function pathValueArbitrary(plausible: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...plausible, '1', '2', '3', 'true', 'false'), weight: 6 },
    { arbitrary: fc.constantFrom('0', '-1', '01', '1.5', '1e3', '0x1', '2147483648', 'abc', ' 1', "'"), weight: 2 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 24 }), weight: 1 },
  );
}
