import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import type { Db, Tx } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { enderecos, type DadosEndereco } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { catalogoEnderecos } from './catalogo-enderecos.table.js';

/** What a writer stores of an address of the book. */
export interface DadosEnderecoCatalogo {
  nome: string;
  endereco: DadosEndereco;
  nomeRecebedor: string | null;
  telefoneRecebedor: string | null;
}

const colunas = {
  id: catalogoEnderecos.id,
  nome: catalogoEnderecos.nome,
  cep: catalogoEnderecos.cep,
  logradouro: catalogoEnderecos.logradouro,
  numero: catalogoEnderecos.numero,
  complemento: catalogoEnderecos.complemento,
  bairro: catalogoEnderecos.bairro,
  municipio: { id: municipios.id, nome: municipios.nome },
  uf: { id: ufs.id, sigla: ufs.sigla, nome: ufs.nome },
  nomeRecebedor: catalogoEnderecos.nomeRecebedor,
  telefoneRecebedor: catalogoEnderecos.telefoneRecebedor,
  padrao: catalogoEnderecos.padrao,
  cadastro: catalogoEnderecos.cadastro,
};

export function createCatalogoEnderecosRepository(db: Db) {
  /** The book of a client with city and state names: the default first, then by creation (id). */
  function listar(clienteId: number, tx: Db | Tx = db): Promise<EnderecoCatalogo[]> {
    return tx
      .select(colunas)
      .from(catalogoEnderecos)
      .innerJoin(municipios, eq(municipios.id, catalogoEnderecos.municipioId))
      .innerJoin(ufs, eq(ufs.id, catalogoEnderecos.ufId))
      .where(eq(catalogoEnderecos.clienteId, clienteId))
      .orderBy(desc(catalogoEnderecos.padrao), asc(catalogoEnderecos.id));
  }

  return {
    listar,

    /** Whether the client exists. */
    async clienteExiste(clienteId: number): Promise<boolean> {
      const [row] = await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId)).limit(1);
      return row !== undefined;
    },

    /**
     * Locks the client's row until the transaction ends: every write to a client's book takes this lock first, so
     * two writes (two 'set default', a create at the limit) run one after the other. False for an unknown client.
     */
    async travarCliente(clienteId: number, tx: Tx): Promise<boolean> {
      const [row] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId)).for('update');
      return row !== undefined;
    },

    async contar(clienteId: number, tx: Tx): Promise<{ total: number; comPadrao: boolean }> {
      const [row] = await tx
        .select({
          total: count(),
          comPadrao: sql<boolean>`coalesce(bool_or(${catalogoEnderecos.padrao}), false)`,
        })
        .from(catalogoEnderecos)
        .where(eq(catalogoEnderecos.clienteId, clienteId));
      return { total: row?.total ?? 0, comPadrao: row?.comPadrao ?? false };
    },

    /** The entries of the book as the default rule needs them (packages/shared/src/catalogo-enderecos.ts). */
    async entradas(clienteId: number, tx: Tx) {
      return tx
        .select({
          id: catalogoEnderecos.id,
          padrao: catalogoEnderecos.padrao,
          cadastro: catalogoEnderecos.cadastro,
          ordem: catalogoEnderecos.id,
        })
        .from(catalogoEnderecos)
        .where(eq(catalogoEnderecos.clienteId, clienteId));
    },

    async inserir(clienteId: number, dados: DadosEnderecoCatalogo, padrao: boolean, tx: Tx): Promise<number> {
      const [row] = await tx
        .insert(catalogoEnderecos)
        .values({
          clienteId,
          nome: dados.nome,
          ...dados.endereco,
          nomeRecebedor: dados.nomeRecebedor,
          telefoneRecebedor: dados.telefoneRecebedor,
          padrao,
        })
        .returning({ id: catalogoEnderecos.id });
      return row!.id;
    },

    /**
     * Replaces an entry of the client's book; when it is the registered address, the profile's address follows
     * (ADR 033). Undefined when the client has no such entry.
     */
    async alterar(clienteId: number, id: number, dados: DadosEnderecoCatalogo, tx: Tx) {
      const [row] = await tx
        .update(catalogoEnderecos)
        .set({
          nome: dados.nome,
          ...dados.endereco,
          nomeRecebedor: dados.nomeRecebedor,
          telefoneRecebedor: dados.telefoneRecebedor,
          updatedAt: sql`now()`,
        })
        .where(and(eq(catalogoEnderecos.id, id), eq(catalogoEnderecos.clienteId, clienteId)))
        .returning({ cadastro: catalogoEnderecos.cadastro });
      if (row?.cadastro) {
        await tx
          .update(enderecos)
          .set({ ...dados.endereco, updatedAt: sql`now()` })
          .where(eq(enderecos.clienteId, clienteId));
      }
      return row;
    },

    async excluir(clienteId: number, id: number, tx: Tx): Promise<void> {
      await tx
        .delete(catalogoEnderecos)
        .where(and(eq(catalogoEnderecos.id, id), eq(catalogoEnderecos.clienteId, clienteId)));
    },

    /** Makes `id` the client's only default: the old one first, so the partial unique index never sees two. */
    async tornarPadrao(clienteId: number, id: number, tx: Tx): Promise<void> {
      await tx
        .update(catalogoEnderecos)
        .set({ padrao: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(catalogoEnderecos.clienteId, clienteId),
            eq(catalogoEnderecos.padrao, true),
            ne(catalogoEnderecos.id, id),
          ),
        );
      await tx
        .update(catalogoEnderecos)
        .set({ padrao: true, updatedAt: sql`now()` })
        .where(and(eq(catalogoEnderecos.id, id), eq(catalogoEnderecos.clienteId, clienteId)));
    },
  };
}

export type CatalogoEnderecosRepository = ReturnType<typeof createCatalogoEnderecosRepository>;
