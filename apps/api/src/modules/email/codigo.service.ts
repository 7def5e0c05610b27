import crypto from 'node:crypto';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { CodigoEnviado } from '@clinica/shared/schemas/email';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import { boasVindasEmail, codigoEmail } from '../../integrations/mail/templates.js';
import { tooManyRequests, unprocessable } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { MAX_TENTATIVAS_CODIGO, type CodigoRepository, type CodigoRow } from './codigo.repository.js';
import type { FinalidadeCodigo } from './email.table.js';

/** A code lives 900 s (docs/behaviour/timings-and-limits.md#codes). */
const VALIDADE_CODIGO_SEGUNDOS = 900;
/** After a code is accepted, the change it unlocks must happen within 15 minutes. */
const LIBERACAO_SEGUNDOS = 15 * 60;
/** At most this many codes per purpose and account per window (ADR 006). */
const MAX_CODIGOS_POR_JANELA = 5;
const JANELA_CODIGOS_SEGUNDOS = 15 * 60;

/** The time source of code expiry (tests move it forward). */
export type Clock = () => Date;

/** How a code was asked for: the mail to send and the account it is counted against. */
export interface PedidoCodigo {
  usuario: { id: number; nome: string; email: string };
  finalidade: FinalidadeCodigo;
  /** Where the code goes; the user's e-mail unless given (the new address for an e-mail change). */
  destino?: string;
  /** The mail wording: sign-up sends the welcome message; CRIACAO resends it as such. */
  modelo?: 'boas-vindas' | 'CRIACAO';
  /** Counts the sending limit against this key instead of the user id (recovery counts per e-mail). */
  chaveLimite?: string;
  /**
   * False only for the first code of an account created in the same
   * transaction: there is nothing to count yet (sign-up is limited per IP), and
   * the limiter's own write must not run beside an open transaction (PGlite
   * has one connection).
   */
  contarLimite?: boolean;
}

/** 6 digits from a cryptographic source, zero-padded. */
export const gerarCodigo = (): string => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

export const codigoEnviado = (): CodigoEnviado => ({ validadeSegundos: VALIDADE_CODIGO_SEGUNDOS });

/**
 * E-mail codes (ADR 006): single use, valid 900 s, stored as an HMAC keyed
 * with a server secret (a database dump alone does not give the codes back),
 * at most MAX_TENTATIVAS_CODIGO comparisons each, and at most
 * MAX_CODIGOS_POR_JANELA sent per purpose and account per 15 minutes.
 */
export function createCodigoService(deps: {
  repository: CodigoRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** Key of the codes' HMAC. */
  secret: string;
}) {
  const { repository, mailer, rateLimiter, clock } = deps;
  const key = crypto.createHash('sha256').update(`codigos-email:${deps.secret}`).digest();

  const hashOf = (usuarioId: number, finalidade: FinalidadeCodigo, codigo: string): string =>
    crypto.createHmac('sha256', key).update(`${finalidade}:${usuarioId}:${codigo}`).digest('hex');

  const sameHash = (a: string, b: string): boolean => {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && crypto.timingSafeEqual(x, y);
  };

  /** Counts one code sent for (purpose, key); 429 past MAX_CODIGOS_POR_JANELA in the window. */
  async function contarEnvio(finalidade: FinalidadeCodigo, chave: string): Promise<void> {
    const limite = await rateLimiter.hit(
      `codigo:envio:${finalidade}:${chave}`,
      MAX_CODIGOS_POR_JANELA,
      JANELA_CODIGOS_SEGUNDOS,
    );
    if (!limite.allowed) throw tooManyRequests(limite.retryAfterSeconds, MSG_API.codigosDemais);
  }

  /** Why a code cannot be used (or null when it can still be tried). */
  function refusal(row: CodigoRow): string | null {
    if (row.usadoEm || row.expiraEm.getTime() <= clock().getTime()) return MSG.codigoExpirado;
    if (row.tentativas >= MAX_TENTATIVAS_CODIGO) return MSG_API.codigoBloqueado;
    return null;
  }

  return {
    contarEnvio,

    /**
     * Sends a new code (replacing the earlier ones of the purpose), inside the
     * caller's transaction when given: the code row and the mail job commit together.
     */
    async enviar(pedido: PedidoCodigo, tx?: Db | Tx): Promise<CodigoEnviado> {
      const { usuario, finalidade } = pedido;
      if (pedido.contarLimite !== false) {
        await contarEnvio(finalidade, pedido.chaveLimite ?? `usuario:${usuario.id}`);
      }

      const codigo = gerarCodigo();
      const destino = pedido.destino ?? usuario.email;
      const expiraEm = new Date(clock().getTime() + VALIDADE_CODIGO_SEGUNDOS * 1000);
      await repository.insert(
        {
          usuarioId: usuario.id,
          finalidade,
          emailDestino: destino,
          codigoHash: hashOf(usuario.id, finalidade, codigo),
          expiraEm,
        },
        tx,
      );
      const validadeMinutos = VALIDADE_CODIGO_SEGUNDOS / 60;
      const corpo =
        pedido.modelo === 'boas-vindas'
          ? boasVindasEmail({ nome: usuario.nome, codigo, validadeMinutos })
          : codigoEmail({ nome: usuario.nome, codigo, finalidade: pedido.modelo ?? finalidade, validadeMinutos });
      await mailer.enviar({ para: destino, ...corpo }, tx);
      return codigoEnviado();
    },

    /**
     * Checks `codigo` against the user's newest code among `finalidades` and
     * marks it accepted. Refusals are 422: 'Código incorreto.', 'Código
     * expirado!' (expired or already used), or blocked after 5 wrong tries.
     */
    async verificar(usuarioId: number, finalidades: readonly FinalidadeCodigo[], codigo: string): Promise<CodigoRow> {
      const latest = await repository.latest(usuarioId, finalidades);
      if (!latest) throw unprocessable(MSG.codigoIncorreto);
      const before = refusal(latest);
      if (before) throw unprocessable(before);
      const row = await repository.reserveAttempt(latest.id, clock());
      if (!row) {
        // Lost a race with other attempts, or expired meanwhile: say why.
        const now = await repository.latest(usuarioId, finalidades);
        throw unprocessable((now && refusal(now)) ?? MSG.codigoIncorreto);
      }
      if (!sameHash(row.codigoHash, hashOf(usuarioId, row.finalidade, codigo))) {
        throw unprocessable(MSG.codigoIncorreto);
      }
      await repository.markValidated(row.id, clock());
      return row;
    },

    /**
     * Spends the newest code of `finalidade` that was accepted less than 15
     * minutes ago and not used yet (and, when given, sent to `destino`);
     * otherwise refuses with `message` (422). Call it inside the transaction of
     * the change it unlocks.
     */
    async consumirValidado(
      usuarioId: number,
      finalidade: FinalidadeCodigo,
      message: string,
      tx: Db | Tx,
      destino?: string,
    ): Promise<void> {
      const row = await repository.latest(usuarioId, [finalidade], tx);
      const now = clock();
      const usable =
        row &&
        row.validadoEm &&
        !row.usadoEm &&
        now.getTime() - row.validadoEm.getTime() <= LIBERACAO_SEGUNDOS * 1000 &&
        (destino === undefined || row.emailDestino?.toLowerCase() === destino.toLowerCase());
      if (!usable || !(await repository.consume(row.id, now, tx))) throw unprocessable(message);
    },

    /** Marks an accepted code as used (single use: confirmation). */
    async consumir(row: CodigoRow, tx?: Db | Tx): Promise<void> {
      await repository.consume(row.id, clock(), tx);
    },
  };
}

export type CodigoService = ReturnType<typeof createCodigoService>;
