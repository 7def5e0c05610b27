import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { municipios, ufs } from '../geografia/geografia.table.js';

/**
 * A name as compared and sorted: without accents, lower-case, in byte order
 * (COLLATE "C"), so "Águas Formosas" sits among the A's and the order is the
 * same on PGlite and on any PostgreSQL, whatever the server's collation.
 */
const nomeSemAcento = (nome: PgColumn | SQL): SQL => sql`f_unaccent(lower(${nome})) COLLATE "C"`;

export function createEnderecoRepository(db: Db) {
  return {
    /** The 27 states ordered by name: id (IBGE code), sigla, nome. */
    async listUfs() {
      return db
        .select({ id: ufs.id, sigla: ufs.sigla, nome: ufs.nome })
        .from(ufs)
        .orderBy(nomeSemAcento(ufs.nome), ufs.id);
    },

    /** The state with this IBGE code (id), or undefined. */
    async findUf(id: number) {
      const [row] = await db.select({ id: ufs.id }).from(ufs).where(eq(ufs.id, id)).limit(1);
      return row;
    },

    /** The state with this abbreviation ("SP"): id, sigla, nome and regiao, or undefined. */
    async findUfBySigla(sigla: string) {
      const [row] = await db
        .select({ id: ufs.id, sigla: ufs.sigla, nome: ufs.nome, regiao: ufs.regiao })
        .from(ufs)
        .where(eq(ufs.sigla, sigla))
        .limit(1);
      return row;
    },

    /** The municipalities of a state ordered by name: id (IBGE code), nome; empty for an unknown state. */
    async listMunicipios(ufId: number) {
      return db
        .select({ id: municipios.id, nome: municipios.nome })
        .from(municipios)
        .where(eq(municipios.ufId, ufId))
        .orderBy(nomeSemAcento(municipios.nome), municipios.id);
    },

    /** The municipality with this IBGE code when it belongs to the state: id, nome; else undefined. */
    async findMunicipio(id: number, ufId: number) {
      const [row] = await db
        .select({ id: municipios.id, nome: municipios.nome })
        .from(municipios)
        .where(and(eq(municipios.id, id), eq(municipios.ufId, ufId)))
        .limit(1);
      return row;
    },

    /**
     * The municipalities of a state named `nome` ignoring accents and case:
     * id, nome; at most two rows, enough to tell a single match from an
     * ambiguous one.
     */
    async findMunicipiosByNome(ufId: number, nome: string) {
      return db
        .select({ id: municipios.id, nome: municipios.nome })
        .from(municipios)
        .where(
          and(eq(municipios.ufId, ufId), sql`${nomeSemAcento(municipios.nome)} = ${nomeSemAcento(sql`${nome}::text`)}`),
        )
        .orderBy(municipios.id)
        .limit(2);
    },
  };
}

export type EnderecoRepository = ReturnType<typeof createEnderecoRepository>;
