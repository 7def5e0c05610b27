import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { municipios, ufs } from '../../modules/geografia/geografia.table.js';
import type { Database, Db, Tx } from '../client.js';
import { parseCsvRecords } from './csv.js';
import { SEED_DATA_DIR } from './paths.js';

export const TOTAL_UFS = 27;
export const TOTAL_MUNICIPIOS = 5571;

type UfRow = typeof ufs.$inferInsert;
type MunicipioRow = typeof municipios.$inferInsert;

let cache: { ufs: UfRow[]; municipios: MunicipioRow[] } | undefined;

/** The IBGE tables of seed-data/ibge, parsed and checked (memoized). */
export function readGeografia(dir = path.join(SEED_DATA_DIR, 'ibge')): { ufs: UfRow[]; municipios: MunicipioRow[] } {
  if (cache && dir === path.join(SEED_DATA_DIR, 'ibge')) return cache;
  const estados = parseCsvRecords(fs.readFileSync(path.join(dir, 'estados.csv'), 'utf8')).map((r): UfRow => ({
    id: toInt(r.codigo_uf, 'codigo_uf'),
    sigla: (r.uf ?? '').trim(),
    nome: (r.nome ?? '').trim(),
    regiao: (r.regiao ?? '').trim(),
  }));
  const cidades = parseCsvRecords(fs.readFileSync(path.join(dir, 'municipios.csv'), 'utf8')).map((r): MunicipioRow => ({
    id: toInt(r.codigo_ibge, 'codigo_ibge'),
    nome: (r.nome ?? '').trim(),
    ufId: toInt(r.codigo_uf, 'codigo_uf'),
    capital: (r.capital ?? '').trim() === '1',
  }));
  if (estados.length !== TOTAL_UFS) throw new Error(`estados.csv: ${estados.length} linhas, esperadas ${TOTAL_UFS}.`);
  if (cidades.length !== TOTAL_MUNICIPIOS) {
    throw new Error(`municipios.csv: ${cidades.length} linhas, esperadas ${TOTAL_MUNICIPIOS}.`);
  }
  const result = { ufs: estados, municipios: cidades };
  if (dir === path.join(SEED_DATA_DIR, 'ibge')) cache = result;
  return result;
}

function toInt(value: string | undefined, field: string): number {
  const n = Number((value ?? '').trim());
  if (!Number.isInteger(n)) throw new Error(`Valor inválido em ${field}: ${JSON.stringify(value)}`);
  return n;
}

async function counts(db: Db | Tx): Promise<{ ufs: number; municipios: number }> {
  const [u] = await db.select({ n: count() }).from(ufs);
  const [m] = await db.select({ n: count() }).from(municipios);
  return { ufs: u?.n ?? 0, municipios: m?.n ?? 0 };
}

const BATCH = 1000;

/**
 * Loads the 27 UFs and 5,571 municipalities unless they are already there.
 * Returns true when rows were written. One transaction; existing rows are kept.
 */
export async function loadGeografia(database: Pick<Database, 'db'>): Promise<boolean> {
  const before = await counts(database.db);
  if (before.ufs >= TOTAL_UFS && before.municipios >= TOTAL_MUNICIPIOS) return false;
  const data = readGeografia();
  await database.db.transaction(async (tx) => {
    await tx.insert(ufs).values(data.ufs).onConflictDoNothing();
    for (let i = 0; i < data.municipios.length; i += BATCH) {
      await tx
        .insert(municipios)
        .values(data.municipios.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
  });
  return true;
}
