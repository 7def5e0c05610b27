/**
 * The audit log's one writer (docs/behaviour/back-office.md#audit-log): every staff write to the catalogue,
 * the company, orders and users calls `registrarAuditoria` inside the
 * transaction of the write, so an entry exists exactly when the write
 * committed. Snapshots are plain JSON with secrets removed.
 */
import type { AcaoAuditoria, EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import type { Db, Tx } from '../db/client.js';
import { auditoria } from '../modules/auditoria/auditoria.table.js';
import type { Role } from './access.js';

/** The staff member writing: the signed-in user of the request. */
export interface QuemAudita {
  id: number;
  permissao: Role;
}

export interface EntradaAuditoria {
  entidade: EntidadeAuditoria;
  entidadeId: number;
  acao: AcaoAuditoria;
  /** The record before the write (null or absent for a creation). */
  antes?: unknown;
  /** The record after the write (null or absent for a deletion). */
  depois?: unknown;
}

/** Keys never written to the log, at any depth (password hashes, tokens, codes). */
const SEGREDO = /senha|password|hash|token|secret|segredo|codigo_?email|^codigo$/i;

/**
 * A JSON-safe copy of `value` without secret keys: dates become ISO strings,
 * bigint a string, functions and undefined are dropped. Not an object → null.
 */
export function instantaneo(value: unknown): Record<string, unknown> | null {
  const limpo = limpar(value) ?? null;
  return limpo !== null && typeof limpo === 'object' && !Array.isArray(limpo)
    ? (limpo as Record<string, unknown>)
    : null;
}

function limpar(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) return value.map((v) => limpar(v) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SEGREDO.test(k)) continue;
      const c = limpar(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** Adds one entry to the log, in the caller's transaction (`tx`) or as its own statement. */
export async function registrarAuditoria(db: Db | Tx, quem: QuemAudita, entrada: EntradaAuditoria): Promise<void> {
  await db.insert(auditoria).values({
    usuarioId: quem.id,
    permissao: quem.permissao,
    entidade: entrada.entidade,
    entidadeId: entrada.entidadeId,
    acao: entrada.acao,
    antes: instantaneo(entrada.antes),
    depois: instantaneo(entrada.depois),
  });
}
