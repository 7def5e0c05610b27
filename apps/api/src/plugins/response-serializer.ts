import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, $ZodType, safeEncode } from 'zod/v4/core';

/**
 * The response serializer of every route with a zod response schema (ADR 008).
 *
 * Each schema is compiled once, at route registration, into an encoder: a tree
 * of small functions that walks the handler's value along the schema, checks
 * the type of every field (string, finite number, integer formats, boolean,
 * null, enum and literal values, required keys), keeps only the keys the
 * schema declares (a row with extra columns never leaks them), and runs the
 * `encode` side of every codec (money: integer cents in code → reais on the
 * wire). What it leaves unchanged is not copied: a plain object holding only
 * the schema's keys, whose fields all encode to themselves, and a list whose
 * items do, go to JSON.stringify as they are (fewer objects per response).
 * The result goes through one JSON.stringify. Schema kinds it does not
 * know (records, tuples, intersections, lazy, …) are handed, subtree by
 * subtree, to zod's own `safeEncode`.
 *
 * With `verify` (development and tests), every response is also encoded by
 * zod's `safeEncode`, which checks everything the schema says (lengths,
 * ranges, patterns, refinements, the wire side of codecs): its result is what
 * is sent, and the compiled encoder must produce exactly the same JSON, so a
 * gap in the compiler fails the tests instead of reaching production.
 * In production the compiled encoder alone runs: types, keys and codecs are
 * enforced on every response, value refinements are not re-checked.
 *
 * A value that breaks the contract throws ResponseSerializationError: the
 * central error handler logs it and answers the generic 500.
 */

type Encoder = (value: unknown) => unknown;

/** Where and why a value does not fit its schema (the kind of value received, never the value: it may be personal data). */
export class ContractViolation extends Error {
  readonly path: (string | number)[] = [];
  readonly received: string;
  constructor(
    readonly expected: string,
    value: unknown,
  ) {
    super();
    this.name = 'ContractViolation';
    this.received = describe(value);
    this.message = this.describePath();
  }
  /** Called while the violation travels up: `content.lista.3.preco: esperado inteiro, recebido string`. */
  prefix(key: string | number): void {
    this.path.unshift(key);
    this.message = this.describePath();
  }
  private describePath(): string {
    return `${this.path.length ? this.path.join('.') : '(raiz)'}: esperado ${this.expected}, recebido ${this.received}`;
  }
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : value instanceof Date ? 'Date' : typeof value;

const fail = (expected: string, received: unknown): never => {
  throw new ContractViolation(expected, received);
};

/** Prefixes the failing key or index to the path of a violation raised below it. */
function at(err: unknown, key: string | number): never {
  if (err instanceof ContractViolation) err.prefix(key);
  throw err;
}

interface ZodInternals {
  def: {
    type: string;
    format?: string;
    checks?: Array<{ _zod: { def: { check?: string; format?: string } } }>;
  } & Record<string, unknown>;
  values?: Set<unknown>;
}
const internals = (schema: $ZodType): ZodInternals => (schema as unknown as { _zod: ZodInternals })._zod;

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/** `z.int()`, `z.int32()`, … or `z.number().int()`. */
const isInteger = (def: ZodInternals['def']): boolean =>
  INTEGER_FORMATS.has(def.format ?? '') ||
  (def.checks ?? []).some((c) => c._zod.def.check === 'number_format' && INTEGER_FORMATS.has(c._zod.def.format ?? ''));

/** Hands a subtree the compiler does not model to zod. */
function zodSubtree(schema: $ZodType): Encoder {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) throw result.error;
    return result.data;
  };
}

function compileObject(schema: $ZodType, compile: (s: $ZodType) => Encoder): Encoder {
  const def = internals(schema).def as unknown as { shape: Record<string, $ZodType>; catchall?: $ZodType };
  // Extra keys kept (looseObject, catchall): zod's semantics, not ours.
  if (def.catchall && internals(def.catchall).def.type !== 'never') return zodSubtree(schema);
  const keys = Object.keys(def.shape);
  const encoders = keys.map((k) => compile(def.shape[k] as $ZodType));
  const count = keys.length;
  /** The schema's keys of `source` (absent and undefined left out), encoded up to `upTo` as they are. */
  const copyOf = (source: Record<string, unknown>, upTo: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let j = 0; j < upTo; j++) {
      const key = keys[j] as string;
      const v = source[key];
      if (v !== undefined) out[key] = v;
    }
    return out;
  };
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('objeto', value);
    const source = value as Record<string, unknown>;
    // Built only from the first field whose encoding differs (a codec, a rebuilt child).
    let out: Record<string, unknown> | null = null;
    for (let i = 0; i < count; i++) {
      const key = keys[i] as string;
      const current = source[key];
      let encoded: unknown;
      try {
        encoded = (encoders[i] as Encoder)(current);
      } catch (err) {
        at(err, key);
      }
      if (out === null) {
        if (encoded === current) continue;
        out = copyOf(source, i);
      }
      if (encoded !== undefined) out[key] = encoded;
    }
    if (out !== null) return out;
    // Nothing changed: the object itself is what JSON.stringify writes, when it holds nothing else.
    return inSchemaOrder(source, keys) ? source : copyOf(source, count);
  };
}

/**
 * A plain object (no prototype of its own, so no toJSON or getters from a class)
 * whose enumerable keys are schema keys in the schema's order: JSON.stringify
 * writes exactly what the copy would (the same fields, in the same order), so it
 * needs no copy.
 */
function inSchemaOrder(source: Record<string, unknown>, keys: readonly string[]): boolean {
  const proto = Object.getPrototypeOf(source) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  let j = 0;
  for (const key in source) {
    while (j < keys.length && keys[j] !== key) j++;
    if (j === keys.length) return false;
    j++;
  }
  return true;
}

function compileArray(schema: $ZodType, compile: (s: $ZodType) => Encoder): Encoder {
  const item = compile(internals(schema).def.element as $ZodType);
  return (value) => {
    if (!Array.isArray(value)) fail('array', value);
    const list = value as unknown[];
    // A new array only from the first item whose encoding differs; otherwise the list itself.
    let out: unknown[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const current = list[i];
      let encoded: unknown;
      try {
        encoded = item(current);
      } catch (err) {
        at(err, i);
      }
      if (out === null) {
        if (encoded === current) continue;
        out = list.slice(0, i);
      }
      out.push(encoded);
    }
    return out ?? list;
  };
}

/** zod's codec: check the code side, run its `encode`, then the wire side. */
function compileCodec(schema: $ZodType, compile: (s: $ZodType) => Encoder): Encoder {
  const def = internals(schema).def as unknown as {
    in: $ZodType;
    out: $ZodType;
    reverseTransform: (value: unknown, ctx: { value: unknown; issues: unknown[] }) => unknown;
  };
  const code = compile(def.out);
  const wire = compile(def.in);
  return (value) => {
    const ctx = { value: code(value), issues: [] as unknown[] };
    const encoded = def.reverseTransform(ctx.value, ctx);
    if (ctx.issues.length || encoded instanceof Promise) fail('valor que o codec converte', value);
    return wire(encoded);
  };
}

/** The encoder of one schema node (memoized: shared and recursive schemas compile once). */
export function compileEncoder(root: $ZodType): Encoder {
  const cache = new Map<$ZodType, Encoder>();
  const compile = (schema: $ZodType): Encoder => {
    const cached = cache.get(schema);
    if (cached) return cached;
    // A recursive schema reaches itself while compiling: point at the finished encoder.
    const finished: { encoder?: Encoder } = {};
    cache.set(schema, (value) => (finished.encoder as Encoder)(value));
    const compiled = build(schema, compile);
    finished.encoder = compiled;
    cache.set(schema, compiled);
    return compiled;
  };
  return compile(root);
}

function build(schema: $ZodType, compile: (s: $ZodType) => Encoder): Encoder {
  const z = internals(schema);
  const def = z.def;
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : fail('texto', v));
    case 'number': {
      return isInteger(def)
        ? (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : fail('inteiro', v))
        : (v) => (typeof v === 'number' && Number.isFinite(v) ? v : fail('número', v));
    }
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : fail('booleano', v));
    case 'null':
      return (v) => (v === null ? v : fail('null', v));
    case 'date':
      return (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : fail('data', v));
    case 'enum':
    case 'literal': {
      const allowed = z.values as Set<unknown>;
      return (v) => (allowed.has(v) ? v : fail(`um de ${[...allowed].map(String).join(', ')}`, v));
    }
    case 'optional': {
      const inner = compile(def.innerType as $ZodType);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'nullable': {
      const inner = compile(def.innerType as $ZodType);
      return (v) => (v === null ? null : inner(v));
    }
    // On the way out these add nothing: zod encodes their inner schema.
    case 'default':
    case 'prefault':
    case 'readonly':
      return compile(def.innerType as $ZodType);
    case 'object':
      return compileObject(schema, compile);
    case 'array':
      return compileArray(schema, compile);
    case 'union': {
      const options = (def.options as $ZodType[]).map(compile);
      return (v) => {
        let first: unknown;
        for (const option of options) {
          try {
            return option(v);
          } catch (err) {
            first ??= err;
          }
        }
        throw first;
      };
    }
    case 'pipe':
      if (typeof def.reverseTransform === 'function') return compileCodec(schema, compile);
      return zodSubtree(schema);
    default:
      return zodSubtree(schema);
  }
}

/** The cause of a ResponseSerializationError is a ZodError, whoever found the problem. */
function asZodError(err: unknown): $ZodError {
  if (err instanceof $ZodError) return err;
  const violation = err instanceof ContractViolation ? err : null;
  return new $ZodError([
    {
      code: 'custom',
      path: violation?.path ?? [],
      message: violation
        ? `esperado ${violation.expected}, recebido ${violation.received}`
        : err instanceof Error
          ? err.message
          : String(err),
      input: undefined,
    },
  ]);
}

function toZod(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new TypeError('Esquema de resposta sem zod');
}

export interface ResponseSerializerOptions {
  /** Also encode with zod's safeEncode and compare (development and tests). */
  verify: boolean;
}

/** Fastify's serializer compiler for zod response schemas: one encoder per route and status. */
export function createResponseSerializerCompiler({
  verify,
}: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = toZod(schema);
    const encode = compileEncoder(zodSchema);
    if (!verify) {
      return (data: unknown) => {
        let wire: unknown;
        try {
          wire = encode(data);
        } catch (cause) {
          throw new ResponseSerializationError(method, url, { cause: asZodError(cause) });
        }
        return JSON.stringify(wire);
      };
    }
    return (data: unknown) => {
      const reference = safeEncode(zodSchema, data);
      if (!reference.success) throw new ResponseSerializationError(method, url, { cause: reference.error });
      const json = JSON.stringify(reference.data);
      let compiled: string | undefined;
      try {
        compiled = JSON.stringify(encode(data));
      } catch (err) {
        compiled = `(falhou: ${(err as Error).message})`;
      }
      if (compiled !== json) {
        throw new Error(
          `O codificador compilado de ${method} ${url} diverge do zod (ADR 008): ${compiled.slice(0, 300)} ≠ ${json.slice(0, 300)}`,
        );
      }
      return json;
    };
  };
}
