import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@clinica/shared/schemas/pedido';
import type { Db, Tx } from '../../db/client.js';
import { prepareWrite, valorDe } from '../../db/prepared.js';
import { AppError, conflict, unprocessable } from '../../lib/errors.js';
import { chavesIdempotencia } from './idempotencia.table.js';

/** Expired keys removed by each completion (a steady store expires about as many as it completes). */
const LIMPEZA_POR_CONCLUSAO = 20;

/** The response a key gives back: HTTP status and the envelope, as the handler returned it. */
export interface RespostaGuardada<T> {
  statusCode: number;
  message: string;
  content: T;
}

export interface IdempotenciaOptions {
  /** How long an attempt owns its key before another request may take it over (default 30 s). */
  leaseSeconds?: number;
  /** How often a request waiting on a key in progress looks again (default 25 ms). */
  pollMs?: number;
  /** Completed keys older than this are forgotten (default 24 h). */
  retentionHours?: number;
}

/** Thrown inside the owner's transaction when its lease was taken over: the transaction rolls back. */
class LeasePerdida extends Error {
  constructor() {
    super('idempotência: a chave foi assumida por outra tentativa');
  }
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const hashCorpo = (body: unknown): string => crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key handling (ADR 010). `executar` runs a write at most once per
 * (key, user): the first request claims the key with an autocommitted INSERT
 * and a lease; the write itself completes the key inside its own transaction
 * (`concluir`), so the order and the stored response commit together or not
 * at all. A repeat with the same route and body gets the stored response; a
 * request arriving while the first runs waits for it (polling, never holding
 * a transaction: PGlite has one connection); a key whose lease ran out (its
 * request died) is taken over by the next request. A write that fails
 * releases the key, so nothing is remembered for a request that changed
 * nothing. Every time is the database's clock.
 */
export function createIdempotenciaService(db: Db, options: IdempotenciaOptions = {}) {
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? 25;
  const retentionHours = options.retentionHours ?? 24;
  const leaseAte = sql`now() + make_interval(secs => ${leaseSeconds})`;

  // The claim and the completion run for every idempotent write: built once (db/prepared.ts).
  const reivindicacao = prepareWrite(
    db
      .insert(chavesIdempotencia)
      .values({
        chave: sql.placeholder('chave'),
        usuarioId: sql.placeholder('usuarioId'),
        rota: sql.placeholder('rota'),
        hashCorpo: sql.placeholder('hash'),
        status: 'EM_ANDAMENTO',
        dono: sql.placeholder('dono'),
        bloqueadaAte: leaseAte,
      })
      .onConflictDoNothing({ target: [chavesIdempotencia.chave, chavesIdempotencia.usuarioId] })
      .returning({ id: chavesIdempotencia.id }),
    'idempotencia_reivindicar',
  );
  // Expired keys go a few at a time; those another completion is deleting are skipped, not waited for
  // (concurrent orders would otherwise queue on the same old rows). Written in the completion's own
  // statement (a WITH … DELETE): one round trip less per write (docs/quality.md P4); only CONCLUIDA rows
  // are deleted, never the key being completed. Oldest first, by `created_at`'s index: the statement is
  // prepared, and without the order PostgreSQL's generic plan read the whole table on every completion to
  // find that nothing had expired (a day of keys per order, measured in bench/README.md); the ids are deleted
  // as an array (`= ANY(ARRAY(…))`, by the primary key), as a join would read the table again to match them.
  const vencidas = db
    .select({ id: chavesIdempotencia.id })
    .from(chavesIdempotencia)
    .where(
      and(
        eq(chavesIdempotencia.status, 'CONCLUIDA'),
        lt(chavesIdempotencia.createdAt, sql`now() - make_interval(hours => ${retentionHours})`),
      ),
    )
    .orderBy(chavesIdempotencia.createdAt)
    .limit(LIMPEZA_POR_CONCLUSAO)
    .for('update', { skipLocked: true });
  const limpeza = db.$with('limpeza', {}).as(
    db
      .delete(chavesIdempotencia)
      .where(sql`${chavesIdempotencia.id} = ANY(ARRAY(${vencidas}))`)
      .getSQL(),
  );
  const conclusao = prepareWrite(
    db
      .with(limpeza)
      .update(chavesIdempotencia)
      .set({
        status: 'CONCLUIDA',
        statusCode: valorDe<number>('statusCode'),
        resposta: valorDe<unknown>('resposta'),
        concluidaEm: sql`now()`,
        bloqueadaAte: null,
      })
      .where(
        and(
          eq(chavesIdempotencia.id, sql.placeholder('id')),
          eq(chavesIdempotencia.dono, sql.placeholder('dono')),
          eq(chavesIdempotencia.status, 'EM_ANDAMENTO'),
        ),
      )
      .returning({ id: chavesIdempotencia.id }),
    'idempotencia_concluir',
  );

  async function reivindicar(chave: string, usuarioId: number, rota: string, hash: string, dono: string) {
    const [novo] = await reivindicacao.execute(db, { chave, usuarioId, rota, hash, dono });
    return novo?.id;
  }

  async function ler(chave: string, usuarioId: number) {
    const [row] = await db
      .select({
        id: chavesIdempotencia.id,
        rota: chavesIdempotencia.rota,
        hashCorpo: chavesIdempotencia.hashCorpo,
        status: chavesIdempotencia.status,
        statusCode: chavesIdempotencia.statusCode,
        resposta: chavesIdempotencia.resposta,
        expirada: sql<boolean>`coalesce(${chavesIdempotencia.bloqueadaAte} < now(), true)`,
      })
      .from(chavesIdempotencia)
      .where(and(eq(chavesIdempotencia.chave, chave), eq(chavesIdempotencia.usuarioId, usuarioId)))
      .limit(1);
    return row;
  }

  /** Takes over a key whose lease ended; the id when this request now owns it. */
  async function assumir(id: number, dono: string) {
    const [row] = await db
      .update(chavesIdempotencia)
      .set({ dono, bloqueadaAte: leaseAte })
      .where(
        and(
          eq(chavesIdempotencia.id, id),
          eq(chavesIdempotencia.status, 'EM_ANDAMENTO'),
          sql`coalesce(${chavesIdempotencia.bloqueadaAte} < now(), true)`,
        ),
      )
      .returning({ id: chavesIdempotencia.id });
    return row?.id;
  }

  return {
    /**
     * Runs `trabalho` once for the key. `trabalho` must call `concluir(tx,
     * resposta)` inside the transaction that writes its effects; its return
     * value is the response. Returns the response and whether it is a replay.
     * 422 when the key was used on another route or with another body; 409
     * when the first request is still running after a whole lease of waiting.
     */
    async executar<T>(
      pedido: { chave: string; usuarioId: number; rota: string; corpo: unknown },
      trabalho: (
        concluir: (tx: Tx, resposta: RespostaGuardada<T>) => Promise<RespostaGuardada<T>>,
      ) => Promise<RespostaGuardada<T>>,
    ): Promise<{ resposta: RespostaGuardada<T>; repetida: boolean }> {
      const { chave, usuarioId, rota } = pedido;
      const hash = hashCorpo(pedido.corpo);
      const dono = crypto.randomUUID();
      // Waiting longer than a lease (plus slack) means something is wrong: answer instead of hanging.
      const desiste = Date.now() + (leaseSeconds + 5) * 1000;

      for (;;) {
        let id = await reivindicar(chave, usuarioId, rota, hash, dono);
        if (id === undefined) {
          const row = await ler(chave, usuarioId);
          if (!row) continue; // released meanwhile: claim again
          if (row.rota !== rota) throw unprocessable(MSG_API.idempotenciaOutraRota);
          if (row.hashCorpo !== hash) throw unprocessable(MSG.idempotenciaOutroCorpo);
          if (row.status === 'CONCLUIDA') {
            return { resposta: row.resposta as RespostaGuardada<T>, repetida: true };
          }
          if (row.expirada) id = await assumir(row.id, dono);
          if (id === undefined) {
            if (Date.now() > desiste) throw conflict(MSG_API.idempotenciaEmAndamento);
            await sleep(pollMs);
            continue;
          }
        }

        const chaveId = id;
        try {
          const resposta = await trabalho(async (tx, resposta) => {
            // The stored form is the JSON form, so the first answer and every replay are the same bytes.
            const guardada = JSON.parse(JSON.stringify(resposta)) as RespostaGuardada<T>;
            const [ok] = await conclusao.execute(tx, {
              statusCode: guardada.statusCode,
              resposta: guardada,
              id: chaveId,
              dono,
            });
            // Lease lost: the rollback also undoes this statement's deletions.
            if (!ok) throw new LeasePerdida();
            return guardada;
          });
          return { resposta, repetida: false };
        } catch (err) {
          // Another request took the key over while this one ran: its answer is the one (wait for it).
          if (err instanceof LeasePerdida) continue;
          await db
            .delete(chavesIdempotencia)
            .where(and(eq(chavesIdempotencia.id, chaveId), eq(chavesIdempotencia.dono, dono)))
            .catch(() => undefined); // the lease ends anyway
          throw err;
        }
      }
    },
  };
}

export type IdempotenciaService = ReturnType<typeof createIdempotenciaService>;

/** The pt-BR 400 for a missing or malformed Idempotency-Key header. */
const chaveObrigatoria = () =>
  new AppError(400, MSG.idempotenciaChaveObrigatoria, {
    errors: [{ campo: 'Idempotency-Key', mensagem: MSG.idempotenciaChaveObrigatoria }],
  });

/**
 * A money-moving request's Idempotency-Key (400 when missing or malformed) and
 * its route as the key records it ("POST /api/pedido/create").
 */
export function chaveDaRequisicao(request: FastifyRequest): { chave: string; rota: string } {
  const chave = request.headers[IDEMPOTENCY_HEADER];
  if (typeof chave !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(chave)) throw chaveObrigatoria();
  return { chave, rota: `${request.method} ${request.routeOptions.url ?? request.url}` };
}
