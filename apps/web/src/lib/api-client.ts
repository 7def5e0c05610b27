import {
  endpointPath,
  queryString,
  type AnyEndpoint,
  type EndpointCallBody,
  type EndpointCallParams,
  type EndpointCallQuery,
  type EndpointContent,
} from '@clinica/shared/endpoint';
import type { Envelope } from '@clinica/shared/schemas/common';
import { MSG } from '@clinica/shared/messages';
import { pageAnswer } from './page-answers';
import { session } from './session';

/** Every API path lives under `/api` (docs/architecture.md#overview); Vite proxies it in development. */
export const API_BASE = '/api';

/** A failed call: HTTP status (0 when the server could not be reached) and the server's pt-BR message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly content: unknown = null,
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The message to show for any error: the server's when there is one. */
export function errorMessage(error: unknown, fallback: string = MSG.erroInterno): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send `Authorization: Bearer <token>` when signed in (default true). */
  auth?: boolean;
  /**
   * Sign out and raise the session-expired flag on 401/403 (default true).
   * Logout turns it off: it signs out anyway.
   */
  handleUnauthorized?: boolean;
}

const OK_STATUS = new Set([200, 201]);

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && 'statusCode' in v;
}

/**
 * Calls the API and returns its envelope `{ statusCode, message, content }`.
 * Throws ApiError when the HTTP status or the body's statusCode is not 200/201
 * (docs/architecture.md#errors-and-the-envelope). A 401 or 403 answered to the token of the current session signs
 * the user out and raises the session-expired flag (docs/behaviour/accounts-and-sign-in.md#session-expired).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', body, signal, auth = true, handleUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const { token, user } = auth ? session.getSnapshot() : { token: null, user: null };
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let status: number;
  let data: unknown = null;
  const found = method === 'GET' ? pageAnswer(path) : undefined;
  const answer = found instanceof Promise ? await found : found;
  if (answer) {
    status = answer.status;
    data = answer.body;
  } else {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, { method, headers, body: payload, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, MSG.erroConexao);
    }
    status = response.status;
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
  }
  const envelope: Envelope<T> = isEnvelope(data)
    ? (data as Envelope<T>)
    : { statusCode: status, message: '', content: null as T };

  if ((status === 401 || status === 403) && token && handleUnauthorized) {
    // A password change under way ends the old token before its answer brings the new one: wait for it.
    await session.tokenSettled();
    const now = session.getSnapshot();
    // Only the session that made the call is ended (a newer login is left alone).
    if (now.token === token) session.expire();
    // The same user's new token: a read is asked again with it, once (the new token differs from this one).
    else if (method === 'GET' && now.token && user && now.user?.idUser === user.idUser) {
      return apiRequest<T>(path, options);
    }
  }

  const httpOk = status >= 200 && status < 300;
  if (!httpOk || !OK_STATUS.has(envelope.statusCode)) {
    const failedStatus = httpOk ? envelope.statusCode : status;
    throw new ApiError(failedStatus, envelope.message || defaultMessage(failedStatus), envelope.content);
  }
  return envelope;
}

function defaultMessage(status: number): string {
  if (status === 401) return MSG.naoAutenticado;
  if (status === 403) return MSG.semPermissao;
  if (status === 404) return MSG.naoEncontrado;
  if (status === 429) return MSG.muitasTentativas;
  return MSG.erroInterno;
}

/** Shorthands returning `content`. */
export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'GET' }).then((e) => e.content),
  post: <T>(path: string, body?: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'POST', body }).then((e) => e.content),
  put: <T>(path: string, body?: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'PUT', body }).then((e) => e.content),
  delete: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'DELETE' }).then((e) => e.content),
};

/** The arguments of a call: `params` and `body` are required exactly when the endpoint has them; `query` is optional. */
export type CallOptions<E extends AnyEndpoint> = Omit<RequestOptions, 'method' | 'body'> &
  (undefined extends EndpointCallParams<E> ? { params?: undefined } : { params: EndpointCallParams<E> }) & {
    query?: EndpointCallQuery<E>;
  } & (undefined extends EndpointCallBody<E> ? { body?: EndpointCallBody<E> } : { body: EndpointCallBody<E> });

/**
 * Calls an endpoint of the shared contract (packages/shared, ADR 005) and
 * returns its envelope with `content` parsed by the endpoint's schema. An
 * answer that does not match the contract is a failure, not data.
 */
export async function callEndpointEnvelope<E extends AnyEndpoint>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<Envelope<EndpointContent<E>>> {
  const { params, query, body, ...rest } = options as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & Omit<RequestOptions, 'method' | 'body'>;
  const path = endpointPath(endpoint.path, params) + queryString(query);
  const envelope = await apiRequest<unknown>(path, { ...rest, method: endpoint.method, body });
  const parsed = endpoint.response.safeParse(envelope.content);
  if (!parsed.success) {
    console.error(`Resposta fora do contrato em ${endpoint.method} ${endpoint.path}`, parsed.error);
    throw new ApiError(502, MSG.respostaInesperada);
  }
  return { ...envelope, content: parsed.data as EndpointContent<E> };
}

/** Like callEndpointEnvelope, returning only `content`. */
export const callEndpoint = <E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>) =>
  callEndpointEnvelope(endpoint, options).then((e) => e.content);

/**
 * Sends a multipart upload (`FormData`: images, course contents) to an endpoint
 * of the shared contract whose body the API reads as multipart (the contract
 * has no JSON `body`), and returns the parsed `content`.
 */
export const callUpload = <E extends AnyEndpoint>(
  endpoint: E,
  options: Omit<CallOptions<E>, 'body'> & { form: FormData },
) => {
  const { form, ...rest } = options;
  return callEndpointEnvelope(endpoint, { ...rest, body: form } as unknown as CallOptions<E>).then((e) => e.content);
};
