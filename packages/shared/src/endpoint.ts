/**
 * One definition per API endpoint (ADR 005): method, path, params, query, body
 * and the response's `content`, all as zod schemas. The API registers its route
 * from the definition (apps/api/src/lib/route.ts), the web's fetcher is typed by
 * it and parses the answer with it (apps/web/src/lib/api-client.ts `callEndpoint`),
 * and the API tests parse responses with it. A change of contract is a type
 * error on both sides.
 *
 * Paths are written as Fastify routes, relative to `/api`: `/usuario/:id`.
 */
import type { z } from 'zod';
import { envelopeSchema } from './schemas/common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

type AnyObject = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface EndpointDefinition<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends AnyObject | undefined = AnyObject | undefined,
  Query extends AnyObject | undefined = AnyObject | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Content extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  /** One line for the OpenAPI page. */
  summary: string;
  description?: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The `content` of the success envelope. */
  response: Content;
  /** HTTP status of success: 200 unless the endpoint creates (201). */
  status?: 200 | 201;
}

export type AnyEndpoint = EndpointDefinition<
  HttpMethod,
  string,
  AnyObject | undefined,
  AnyObject | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

/** Keeps the literal types of a definition (so params, body and content are inferred). */
export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  Content extends z.ZodType,
  Params extends AnyObject | undefined = undefined,
  Query extends AnyObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(definition: EndpointDefinition<M, P, Params, Query, Body, Content>) {
  return definition;
}

// An optional property reads as `Schema | undefined`: only a schema that is absent altogether gives undefined.
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;
type In<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.input<NonNullable<S>>
    : undefined;

/** What a handler receives, parsed. */
export type EndpointParams<E extends AnyEndpoint> = Out<E['params']>;
export type EndpointQuery<E extends AnyEndpoint> = Out<E['query']>;
export type EndpointBody<E extends AnyEndpoint> = Out<E['body']>;
/** The `content` a handler returns (and the web gets after parsing). */
export type EndpointContent<E extends AnyEndpoint> = z.output<E['response']>;

/** What a caller sends: path values as numbers or strings, query and body as on the wire. */
export type EndpointCallParams<E extends AnyEndpoint> =
  In<E['params']> extends Record<string, unknown> ? { [K in keyof In<E['params']>]: string | number } : undefined;
export type EndpointCallQuery<E extends AnyEndpoint> = In<E['query']>;
export type EndpointCallBody<E extends AnyEndpoint> = In<E['body']>;

/** The whole success envelope of an endpoint, for tests: `responseSchema(e).parse(res.json())`. */
export const responseSchema = <C extends z.ZodType>(endpoint: { response: C }) => envelopeSchema(endpoint.response);

/**
 * The concrete path of a call: `/usuario/:id` with `{ id: 5 }` → `/usuario/5`.
 * Every value is URI-encoded; a missing value is an error (a bug in the caller).
 */
export function endpointPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Parâmetro ausente: ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query string from an object (`?a=1&b=x`): null, undefined and empty
 * strings are left out; arrays repeat the key. Empty when nothing is left.
 */
export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
