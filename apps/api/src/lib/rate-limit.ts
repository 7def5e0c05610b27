import crypto from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { limitesRequisicao as t } from '../modules/seguranca/seguranca.table.js';
import { tooManyRequests } from './errors.js';

interface RateLimitResult {
  /** False once the counter went past `max` in the current window. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (≥ 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` in a fixed window of `windowSeconds`. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Like hit(), but throws a 429 AppError (with retry-after) when over the limit. */
  consume(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets the counter (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /**
   * Takes back one hit of the current window: an attempt counted while it ran (so concurrent attempts are bounded)
   * that turned out not to be what the limit counts, e.g. a login that succeeded (ADR 003). Never below zero, and a
   * window that has ended is left alone.
   */
  release(key: string): Promise<void>;
}

const MAX_KEY_LENGTH = 255;

/** Keys longer than the column are shortened to a stable hash of their tail. */
export function rateLimitKey(...parts: string[]): string {
  const key = parts.join(':');
  if (key.length <= MAX_KEY_LENGTH) return key;
  const head = parts.slice(0, -1).join(':');
  const hash = crypto
    .createHash('sha256')
    .update(parts.at(-1) ?? '')
    .digest('hex');
  return `${head}:#${hash}`.slice(0, MAX_KEY_LENGTH);
}

/**
 * Fixed-window counters in PostgreSQL (`limites_requisicao`), so every API
 * instance sees the same counts. One upsert per hit; the database clock
 * decides when a window ends. Reusable for any key: login per IP and per
 * account, 6-digit codes, …
 */
export function createRateLimiter(db: Db, { cleanupProbability = 0.02 } = {}): RateLimiter {
  const expired = sql`${t.expiraEm} <= now()`;

  async function hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const chave = rateLimitKey(key);
    const [row] = await db
      .insert(t)
      .values({ chave, contagem: 1, expiraEm: sql`now() + make_interval(secs => ${windowSeconds})` })
      .onConflictDoUpdate({
        target: t.chave,
        set: {
          contagem: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.contagem} + 1 END`,
          expiraEm: sql`CASE WHEN ${expired} THEN excluded.expira_em ELSE ${t.expiraEm} END`,
        },
      })
      .returning({
        contagem: t.contagem,
        restante: sql<number>`greatest(1, ceil(extract(epoch from (${t.expiraEm} - now()))))::int`,
      });
    if (Math.random() < cleanupProbability) await removeExpired();
    const count = row?.contagem ?? 1;
    return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, Number(row?.restante ?? windowSeconds)) };
  }

  async function removeExpired(): Promise<void> {
    await db.delete(t).where(lt(t.expiraEm, sql`now()`));
  }

  return {
    hit,
    async consume(key, max, windowSeconds) {
      const result = await hit(key, max, windowSeconds);
      if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
      return result;
    },
    async reset(key) {
      await db.delete(t).where(eq(t.chave, rateLimitKey(key)));
    },
    async release(key) {
      await db
        .update(t)
        .set({ contagem: sql`greatest(${t.contagem} - 1, 0)` })
        .where(and(eq(t.chave, rateLimitKey(key)), gt(t.expiraEm, sql`now()`)));
    },
  };
}
