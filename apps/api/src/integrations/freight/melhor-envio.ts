import crypto from 'node:crypto';
import { z } from 'zod';
import { toCents } from '@clinica/shared/money';
import type { MelhorEnvioAuth } from '@clinica/shared/schemas/frete';
import {
  FreteIndisponivelError,
  FreteRecusadoError,
  porPreco,
  type FreightProvider,
  type OpcaoFrete,
  type PedidoCotacao,
} from './freight-provider.js';
import { chaveCotacao, type MelhorEnvioStore, type TokenMelhorEnvio } from './melhor-envio-store.js';

export interface MelhorEnvioOptions {
  /** https://sandbox.melhorenvio.com.br or https://melhorenvio.com.br (same paths). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, registered in the Melhor Envio application: …/api/melhorenvio/callback. */
  redirectUri: string;
  /** `<app name> (<contact e-mail>)`. */
  userAgent: string;
  /** Service ids quoted, "1,2". */
  services: string;
  /** Limit of one call (token or quote), body included. */
  timeoutMs: number;
  store: MelhorEnvioStore;
  /** Signs the OAuth2 `state` (a key derived from the JWT secret). */
  secret: string;
  now?: () => Date;
}

/** OAuth2 scope needed for quotes (docs/integrations.md#melhor-envio). */
const ESCOPO = 'shipping-calculate';
/** How long a link of GET /melhorenvio/auth may be used. */
export const VALIDADE_STATE_SEGUNDOS = 15 * 60;
/** A token this close to its expiry is refreshed before use. */
const MARGEM_EXPIRACAO_MS = 5 * 60_000;
/**
 * `expires_in` is *unconfirmed* (docs/integrations.md#melhor-envio); Melhor Envio's tokens are documented to last 30
 * days.
 */
const VALIDADE_PADRAO_SEGUNDOS = 30 * 24 * 3600;

/** The account is not connected (no grant, or the grant was refused upstream): connect it at /melhorenvio/auth. */
class MelhorEnvioDesconectadoError extends FreteIndisponivelError {
  constructor(message = 'A conta do Melhor Envio não está conectada: gere o link em GET /api/melhorenvio/auth') {
    super(message);
    this.name = 'MelhorEnvioDesconectadoError';
  }
}

/** The OAuth2 `state` of the callback is missing, forged or expired. */
export class StateInvalidoError extends Error {
  constructor() {
    super('state do Melhor Envio inválido ou expirado');
    this.name = 'StateInvalidoError';
  }
}

/** Melhor Envio refused the code or the refresh token (HTTP 400/401 at /oauth/token). */
export class GrantRecusadoError extends Error {
  constructor(status: number) {
    super(`O Melhor Envio recusou o código ou o refresh token (HTTP ${status})`);
    this.name = 'GrantRecusadoError';
  }
}

const grantSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().int().positive().optional(),
});

/** A price as Melhor Envio writes it: "11.24" (also seen as a number). */
const precoSchema = z.union([z.string().regex(/^\d+(\.\d+)?$/), z.number().nonnegative()]);
const prazoSchema = z.object({ min: z.coerce.number().int().min(0), max: z.coerce.number().int().min(0) });

/** One service of the quote; an unavailable one has `error` and no price (dropped). */
const servicoSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  error: z.unknown().optional(),
  price: precoSchema.optional(),
  custom_price: precoSchema.optional(),
  delivery_time: z.coerce.number().int().min(0).optional(),
  delivery_range: prazoSchema.optional(),
  custom_delivery_time: z.coerce.number().int().min(0).optional(),
  custom_delivery_range: prazoSchema.optional(),
  company: z.object({ id: z.number().int(), name: z.string(), picture: z.string().nullish() }),
});

/** Our option from a service of the quote (custom_* preferred), or null when it cannot be offered. */
function opcaoDoServico(raw: unknown): OpcaoFrete | null {
  if (typeof raw === 'object' && raw !== null && 'error' in raw && (raw as { error?: unknown }).error) return null;
  const parsed = servicoSchema.safeParse(raw);
  if (!parsed.success) return null;
  const s = parsed.data;
  const preco = s.custom_price ?? s.price;
  const faixa = s.custom_delivery_range ?? s.delivery_range;
  if (preco === undefined || !faixa) return null;
  return {
    id: s.id,
    name: s.name,
    custom_price: toCents(preco),
    delivery_time: s.custom_delivery_time ?? s.delivery_time ?? faixa.max,
    delivery_range: { min: faixa.min, max: faixa.max },
    company: { id: s.company.id, name: s.company.name, picture: s.company.picture ?? null },
  };
}

/**
 * The real Melhor Envio (FREIGHT_PROVIDER=melhorenvio), per docs/integrations.md#melhor-envio:
 *  - OAuth2 authorization code: `auth.status()` gives the authorize link
 *    (with a signed `state`) while no grant is stored; `auth.conectar(code,
 *    state)` exchanges the code at /oauth/token and stores the grant;
 *  - the access token is refreshed (grant_type=refresh_token) when it is
 *    about to expire, and once more when a quote answers 401; a refused
 *    refresh forgets the grant, so the account must be connected again;
 *  - quotes: POST /api/v2/me/shipment/calculate; services with `error` are
 *    dropped, `custom_price` and `custom_delivery_*` preferred; answers are
 *    kept 10 minutes (melhor-envio-store.ts);
 *  - network error, timeout, 5xx or an unreadable answer → FreteIndisponivelError,
 *    HTTP 400/422 → FreteRecusadoError.
 */
export function createMelhorEnvio(options: MelhorEnvioOptions) {
  const { store, timeoutMs } = options;
  const root = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const stateKey = crypto.createHash('sha256').update(`melhorenvio-state:${options.secret}`).digest();

  const assinar = (payload: string) => crypto.createHmac('sha256', stateKey).update(payload).digest('base64url');

  /** `<expiry s>.<user id>.<nonce>.<hmac>`: stateless, so any instance can check it. */
  function novoState(usuarioId: number): string {
    const exp = Math.floor(now().getTime() / 1000) + VALIDADE_STATE_SEGUNDOS;
    const payload = `${exp}.${usuarioId}.${crypto.randomBytes(12).toString('base64url')}`;
    return `${payload}.${assinar(payload)}`;
  }

  /** The user who asked for the link, or throws StateInvalidoError. */
  function lerState(state: string | undefined): number {
    const parts = (state ?? '').split('.');
    if (parts.length !== 4) throw new StateInvalidoError();
    const [exp, usuario, nonce, mac] = parts as [string, string, string, string];
    const esperado = Buffer.from(assinar(`${exp}.${usuario}.${nonce}`));
    const recebido = Buffer.from(mac);
    if (esperado.length !== recebido.length || !crypto.timingSafeEqual(esperado, recebido)) {
      throw new StateInvalidoError();
    }
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 < now().getTime() || !/^\d+$/.test(usuario)) {
      throw new StateInvalidoError();
    }
    return Number(usuario);
  }

  async function chamar(caminho: string, init: RequestInit, descricao: string): Promise<Response> {
    try {
      return await fetch(`${root}${caminho}`, {
        ...init,
        // One deadline for the connection, the headers and the body (read by the caller within it).
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', 'user-agent': options.userAgent, ...init.headers },
      });
    } catch (err) {
      throw new FreteIndisponivelError(`O Melhor Envio não respondeu (${descricao})`, { cause: err });
    }
  }

  async function lerJson(res: Response, descricao: string): Promise<unknown> {
    try {
      return await res.json();
    } catch (err) {
      throw new FreteIndisponivelError(`A resposta do Melhor Envio não pôde ser lida (${descricao})`, { cause: err });
    }
  }

  /** POST /oauth/token (form); a refused code or refresh token → GrantRecusadoError. */
  async function pedirToken(campos: Record<string, string>): Promise<TokenMelhorEnvio> {
    const res = await chamar(
      '/oauth/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          ...campos,
        }).toString(),
      },
      'token',
    );
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 400 || res.status === 401) throw new GrantRecusadoError(res.status);
      throw new FreteIndisponivelError(`O Melhor Envio respondeu HTTP ${res.status} (token)`);
    }
    const grant = grantSchema.safeParse(await lerJson(res, 'token'));
    if (!grant.success) throw new FreteIndisponivelError('O token do Melhor Envio não tem o formato esperado');
    return {
      accessToken: grant.data.access_token,
      refreshToken: grant.data.refresh_token ?? null,
      expiraEm: new Date(now().getTime() + (grant.data.expires_in ?? VALIDADE_PADRAO_SEGUNDOS) * 1000),
    };
  }

  const valido = (token: TokenMelhorEnvio) => token.expiraEm.getTime() - MARGEM_EXPIRACAO_MS > now().getTime();

  /**
   * A usable access token: the stored one while valid, else a refreshed one
   * (`forcar`: refresh even if it looks valid, after a 401 with `anterior`).
   */
  async function accessToken(forcar?: { anterior: string }): Promise<string> {
    const lido = await store.lerToken();
    if (!lido) throw new MelhorEnvioDesconectadoError();
    if (!forcar && valido(lido)) return lido.accessToken;
    const decisao = await store.comTokenTravado(async (atual) => {
      if (!atual) return { apagar: true };
      // Another request (or instance) refreshed it meanwhile.
      const outro = forcar ? atual.accessToken !== forcar.anterior : atual.accessToken !== lido.accessToken;
      if (outro || (!forcar && valido(atual))) return { token: atual, salvar: false };
      if (!atual.refreshToken) return { apagar: true };
      try {
        const novo = await pedirToken({ grant_type: 'refresh_token', refresh_token: atual.refreshToken });
        return { token: { ...novo, refreshToken: novo.refreshToken ?? atual.refreshToken }, salvar: true };
      } catch (err) {
        if (err instanceof GrantRecusadoError) return { apagar: true };
        throw err;
      }
    });
    if ('apagar' in decisao)
      throw new MelhorEnvioDesconectadoError('O Melhor Envio recusou a renovação do token: conecte a conta de novo');
    return decisao.token.accessToken;
  }

  async function calcular(pedido: PedidoCotacao, token: string): Promise<Response> {
    const corpo = {
      from: { postal_code: pedido.cepOrigem },
      to: { postal_code: pedido.cepDestino },
      products: pedido.volumes.map((v) => ({
        id: String(v.id),
        width: v.larguraCm,
        height: v.alturaCm,
        length: v.comprimentoCm,
        weight: v.pesoKg,
        insurance_value: v.valorUnitarioCents / 100,
        quantity: v.quantidade,
      })),
      services: options.services,
      options: { receipt: false, own_hand: false },
    };
    return chamar(
      '/api/v2/me/shipment/calculate',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(corpo),
      },
      'cotação',
    );
  }

  async function cotarNoMelhorEnvio(pedido: PedidoCotacao): Promise<OpcaoFrete[]> {
    let token = await accessToken();
    let res = await calcular(pedido, token);
    if (res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      token = await accessToken({ anterior: token });
      res = await calcular(pedido, token);
      if (res.status === 401) {
        await res.body?.cancel().catch(() => undefined);
        await store.apagarToken(token);
        throw new MelhorEnvioDesconectadoError('O Melhor Envio recusou o token renovado: conecte a conta de novo');
      }
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 400 || res.status === 422) {
        throw new FreteRecusadoError(`O Melhor Envio recusou a cotação (HTTP ${res.status})`);
      }
      throw new FreteIndisponivelError(`O Melhor Envio respondeu HTTP ${res.status} (cotação)`);
    }
    const json = await lerJson(res, 'cotação');
    if (!Array.isArray(json)) throw new FreteIndisponivelError('A cotação do Melhor Envio não é uma lista');
    return json
      .map(opcaoDoServico)
      .filter((o): o is OpcaoFrete => o !== null)
      .sort(porPreco);
  }

  const provider: FreightProvider = {
    kind: 'melhorenvio',
    async cotar(pedido) {
      const chave = chaveCotacao({ root, services: options.services, pedido });
      const guardada = await store.lerCotacao(chave);
      if (guardada) return guardada;
      const opcoes = await cotarNoMelhorEnvio(pedido);
      await store.salvarCotacao(chave, opcoes);
      return opcoes;
    },
  };

  const auth = {
    /** GET /melhorenvio/auth: the authorize link while no grant is stored. */
    async status(usuarioId: number): Promise<MelhorEnvioAuth> {
      if (await store.lerToken()) return { autenticar: false, urlAutheticar: null };
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        scope: ESCOPO,
        state: novoState(usuarioId),
      });
      return { autenticar: true, urlAutheticar: `${root}/oauth/authorize?${query.toString()}` };
    },

    /**
     * The callback: checks the state, exchanges the code and stores the grant.
     * Throws StateInvalidoError, GrantRecusadoError or FreteIndisponivelError.
     */
    async conectar(code: string, state: string | undefined): Promise<void> {
      const usuarioId = lerState(state);
      const token = await pedirToken({
        grant_type: 'authorization_code',
        redirect_uri: options.redirectUri,
        code,
      });
      await store.salvarToken(token, usuarioId);
    },

    /** Whether a state is ours and fresh (the callback checks it before anything else). */
    validarState(state: string | undefined): number {
      return lerState(state);
    },
  };

  return { provider, auth };
}

type MelhorEnvio = ReturnType<typeof createMelhorEnvio>;
export type MelhorEnvioAuthService = MelhorEnvio['auth'];
