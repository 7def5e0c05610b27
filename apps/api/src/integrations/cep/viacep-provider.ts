import type { CepCache } from './cep-cache.js';
import { CepIndisponivelError, CepRecusadoError, rawCepSchema, type CepProvider, type RawCep } from './cep-provider.js';

export interface ViaCepProviderOptions {
  /** e.g. https://viacep.com.br (a trailing slash is ignored). */
  baseUrl: string;
  /** Limit of one lookup, body included (VIACEP_TIMEOUT_MS, 3 s by default). */
  timeoutMs: number;
  cache: CepCache;
}

/** `{"erro": true}` (also seen as the string "true") is ViaCEP's answer for a well-formed CEP that does not exist. */
const isErro = (json: unknown): boolean =>
  typeof json === 'object' &&
  json !== null &&
  'erro' in json &&
  ((json as { erro: unknown }).erro === true || (json as { erro: unknown }).erro === 'true');

/**
 * The real ViaCEP (CEP_PROVIDER=viacep): `GET {baseUrl}/ws/{cep}/json/`.
 *  - HTTP 400 → CepRecusadoError (the CEP is malformed for ViaCEP);
 *  - `{"erro": true}` → null (unknown CEP);
 *  - network error, timeout, any other non-2xx, a body that is not the
 *    expected JSON → CepIndisponivelError.
 * Found and unknown answers are kept in `ceps_consultados` (cep-cache.ts) and
 * reused without calling ViaCEP while fresh; failures are never kept.
 */
export function createViaCepProvider({ baseUrl, timeoutMs, cache }: ViaCepProviderOptions): CepProvider {
  const root = baseUrl.replace(/\/+$/, '');

  async function consultar(cep8: string): Promise<{ raw: RawCep; json: unknown } | null> {
    // One deadline for the connection, the headers and the body.
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${root}/ws/${cep8}/json/`, { signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw new CepIndisponivelError('O ViaCEP não respondeu', { cause: err });
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 400) throw new CepRecusadoError(cep8);
      throw new CepIndisponivelError(`O ViaCEP respondeu HTTP ${res.status}`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch (err) {
      throw new CepIndisponivelError('A resposta do ViaCEP não pôde ser lida', { cause: err });
    }
    if (isErro(json)) return null;
    const parsed = rawCepSchema.safeParse(json);
    if (!parsed.success) throw new CepIndisponivelError('A resposta do ViaCEP não tem o formato esperado');
    return { raw: parsed.data, json };
  }

  return {
    kind: 'viacep',
    async lookup(cep8) {
      const cached = await cache.find(cep8);
      if (cached && !cached.encontrado) return null;
      if (cached) {
        const parsed = rawCepSchema.safeParse(cached.resposta);
        // A stored answer that no longer reads (older format) is asked again.
        if (parsed.success) return parsed.data;
      }
      const answer = await consultar(cep8);
      await cache.save(cep8, answer ? answer.json : null);
      return answer ? answer.raw : null;
    },
  };
}
