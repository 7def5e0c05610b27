import { mudarOfertasEmail } from '../privacidade/consentimentos.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Cents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { condicoesDesconto } from '../desconto/desconto.table.js';
import { brindeVigente, produtos } from '../produto/produto.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { sacolas, type LinhaGuardada } from './sacola.table.js';

/** A product as the bag shows it: the catalogue's current data (never the client's). */
export interface ProdutoDaSacola {
  id: number;
  nome: string;
  preco: Cents;
  digital: boolean;
  pathImgDestaque: string | null;
  ativo: boolean;
  /** Units left (estoque − reservado, ADR 032); ignored for a digital product. */
  restam: number;
}

/** The customer's bag rows and the catalogue they are shown with (ADR 034). */
export function createSacolaRepository(db: Db) {
  return {
    async ler(clienteId: number, q: Db | Tx = db) {
      const [row] = await q.select().from(sacolas).where(eq(sacolas.clienteId, clienteId)).limit(1);
      return row;
    },

    /** The products of `ids` (any state: the caller drops the inactive ones). */
    async produtos(ids: readonly number[], q: Db | Tx = db): Promise<ProdutoDaSacola[]> {
      if (ids.length === 0) return [];
      return q
        .select({
          id: produtos.id,
          nome: produtos.nome,
          preco: produtos.preco,
          digital: produtos.digital,
          pathImgDestaque: produtos.pathImgDestaque,
          ativo: produtos.ativo,
          restam: sql<number>`greatest(${produtos.estoque} - ${produtos.reservado}, 0)`.mapWith(Number),
        })
        .from(produtos)
        .where(inArray(produtos.id, [...new Set(ids)]));
    },

    /** The gift rule's data, as GET /produto/produtobrinde and the order's pricing read them. */
    async brinde(q: Db | Tx = db) {
      const [condicao] = await q
        .select({ valor: condicoesDesconto.valor })
        .from(condicoesDesconto)
        .where(eq(condicoesDesconto.ativo, true))
        .orderBy(desc(condicoesDesconto.updatedAt), desc(condicoesDesconto.id))
        .limit(1);
      if (!condicao) return { limiar: null, produto: null };
      const [produto] = await q
        .select({
          id: produtos.id,
          nome: produtos.nome,
          pathImgDestaque: produtos.pathImgDestaque,
          digital: produtos.digital,
        })
        .from(produtos)
        .where(brindeVigente(produtos))
        .orderBy(produtos.id)
        .limit(1);
      return { limiar: condicao.valor, produto: produto ?? null };
    },

    /**
     * Writes the bag if it is still at `versao` (compare-and-set, one statement): the next version, or undefined
     * when another write came first. Version 0 is a bag never written: its row is created.
     */
    async gravarSe(clienteId: number, versao: number, itens: LinhaGuardada[], q: Db | Tx = db) {
      const json = JSON.stringify(itens);
      if (versao === 0) {
        const [criada] = await q
          .insert(sacolas)
          .values({ clienteId, itens: sql`${json}::jsonb`, versao: 1, atualizadaEm: sql`now()` })
          .onConflictDoNothing()
          .returning();
        return criada;
      }
      const [gravada] = await q
        .update(sacolas)
        .set({ itens: sql`${json}::jsonb`, versao: sql`${sacolas.versao} + 1`, atualizadaEm: sql`now()` })
        .where(and(eq(sacolas.clienteId, clienteId), eq(sacolas.versao, versao)))
        .returning();
      return gravada;
    },

    /**
     * The bags to remind (ADR 034): of active customers who accepted marketing e-mails, not empty, untouched for
     * `horas` hours, and whose current version was not reminded yet.
     */
    async paraLembrar(horas: number, limite: number) {
      return db
        .select({
          clienteId: sacolas.clienteId,
          versao: sacolas.versao,
          itens: sacolas.itens,
          email: usuarios.email,
          nome: usuarios.nome,
        })
        .from(sacolas)
        .innerJoin(clientes, eq(clientes.id, sacolas.clienteId))
        .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
        .where(
          and(
            eq(clientes.ofertasEmail, true),
            eq(usuarios.ativo, true),
            sql`jsonb_array_length(${sacolas.itens}) > 0`,
            sql`${sacolas.atualizadaEm} <= now() - make_interval(hours => ${horas}::int)`,
            sql`${sacolas.lembreteVersao} is distinct from ${sacolas.versao}`,
          ),
        )
        .orderBy(sacolas.atualizadaEm)
        .limit(limite);
    },

    /**
     * Marks version `versao` of the bag as reminded, only if it is still that version and not reminded yet (one
     * statement: of two runs, or a run and a change, exactly one wins). True when this call marked it.
     */
    async marcarLembrete(clienteId: number, versao: number, tx: Tx): Promise<boolean> {
      const marcadas = await tx
        .update(sacolas)
        .set({ lembreteVersao: versao, lembreteEm: sql`now()` })
        .where(
          and(
            eq(sacolas.clienteId, clienteId),
            eq(sacolas.versao, versao),
            sql`${sacolas.lembreteVersao} is distinct from ${sacolas.versao}`,
          ),
        )
        .returning({ clienteId: sacolas.clienteId });
      return marcadas.length === 1;
    },

    /** The customer's e-mail (for the unsubscribe page), or undefined. */
    async emailDoCliente(clienteId: number) {
      const [row] = await db
        .select({ email: usuarios.email, ofertasEmail: clientes.ofertasEmail })
        .from(clientes)
        .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
        .where(eq(clientes.id, clienteId))
        .limit(1);
      return row;
    },

    /**
     * Turns the marketing opt-in off and records the withdrawal in the consent history (ADR 038); idempotent: the
     * moment of the choice is kept when it was already off.
     */
    async descadastrar(clienteId: number): Promise<void> {
      await mudarOfertasEmail(db, clienteId, false, 'descadastro');
    },
  };
}

export type SacolaRepository = ReturnType<typeof createSacolaRepository>;
