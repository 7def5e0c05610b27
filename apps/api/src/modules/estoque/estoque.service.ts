import { MSG } from '@clinica/shared/messages';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import type { EstoqueAdmin, EstoqueBaixo, MovimentoEstoque } from '@clinica/shared/schemas/estoque';
import type { movimentoEstoqueInputSchema } from '@clinica/shared/schemas/estoque';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import { avisarQuandoVendavel } from './estoque-avisos.js';
import type { EstoqueRepository } from './estoque.repository.js';

type MovimentoInput = z.output<typeof movimentoEstoqueInputSchema>;

const paraEstoque = (id: number, p: { estoque: number; reservado: number; estoqueMinimo: number }): EstoqueAdmin => ({
  produtoId: id,
  estoque: p.estoque,
  reservado: p.reservado,
  disponiveis: Math.max(0, p.estoque - p.reservado),
  estoqueMinimo: p.estoqueMinimo,
});

/** 'O estoque não pode ficar abaixo das N unidades reservadas em pedidos.' */
const abaixoDoReservado = (reservado: number) =>
  unprocessable(MSG_ESTOQUE_EQUIPE.abaixoDoReservado.replace('{n}', String(reservado)));

/**
 * The staff's stock (docs/behaviour/back-office.md#stock, ADR 032) and the store's 'Avise-me quando chegar'
 * (docs/behaviour/catalogue-and-search.md#avise-me).
 */
export function createEstoqueService({
  db,
  repository,
  jobs,
}: {
  db: Db;
  repository: EstoqueRepository;
  jobs: JobQueue;
}) {
  return {
    /**
     * POST /produto/{id}/estoque/movimento: one transaction takes the product's row lock, works out the units on
     * hand after the move, writes them and the movement by one conditional UPDATE (never below the reserved units:
     * 422), audits the change (MOVIMENTAR_ESTOQUE) and, when the product can be sold again and someone asked to be
     * told, enqueues the back-in-stock e-mails.
     */
    async movimentar(id: number, m: MovimentoInput, quem: QuemAudita): Promise<EstoqueAdmin> {
      return db.transaction(async (tx) => {
        const antes = await repository.travar(tx, id);
        if (!antes) throw notFound(MSG.produtoNaoEncontrado);
        if (antes.digital) throw unprocessable(MSG_ESTOQUE_EQUIPE.produtoDigital);
        const estoqueDepois =
          m.tipo === 'entrada'
            ? antes.estoque + m.quantidade
            : m.tipo === 'perda'
              ? antes.estoque - m.quantidade
              : m.quantidade;
        if (estoqueDepois < antes.reservado) throw abaixoDoReservado(antes.reservado);
        if (estoqueDepois === antes.estoque) throw unprocessable(MSG_ESTOQUE_EQUIPE.semDiferenca);
        const depois = await repository.mover(tx, id, {
          tipo: m.tipo,
          estoqueDepois,
          delta: estoqueDepois - antes.estoque,
          motivo: m.motivo,
          quem: quem.permissao === 'ADMIN' ? 'ADMIN' : 'USUARIO',
          quemId: quem.id,
        });
        if (!depois) throw abaixoDoReservado(antes.reservado);
        await registrarAuditoria(tx, quem, {
          entidade: 'produto',
          entidadeId: id,
          acao: 'MOVIMENTAR_ESTOQUE',
          antes: { estoque: antes.estoque, reservado: antes.reservado },
          depois: { estoque: depois.estoque, reservado: depois.reservado, tipo: m.tipo, motivo: m.motivo },
        });
        if (depois.vendavel && !antes.vendavel && (await repository.temAvisosPendentes(tx, id))) {
          await avisarQuandoVendavel(jobs, tx, id);
        }
        return paraEstoque(id, depois);
      });
    },

    /** GET /produto/{id}/estoque/movimentos: the stock now and one page of movements, newest first. */
    async movimentos(id: number, pagina: { page: number; size: number }) {
      const produto = await repository.ler(id);
      if (!produto) throw notFound(MSG.produtoNaoEncontrado);
      const { total, rows } = await repository.movimentos(id, pagina);
      const listaMovimento: MovimentoEstoque[] = rows.map((r) => ({ ...r, quando: r.quando.toISOString() }));
      return {
        estoque: paraEstoque(id, produto),
        listaMovimento,
        totalPaginas: Math.ceil(total / pagina.size),
        totalRegistros: total,
        page: pagina.page,
      };
    },

    /** GET /produto/estoque/baixo: the products at or below their threshold, sold out first. */
    async baixo(pagina: { page: number; size: number }): Promise<EstoqueBaixo> {
      const { total, rows } = await repository.baixo(pagina);
      return {
        listaProduto: rows,
        totalPaginas: Math.ceil(total / pagina.size),
        totalRegistros: total,
        page: pagina.page,
      };
    },

    /**
     * POST /produto/{id}/avise-me: stores the request of a sold-out physical product, once per product and e-mail
     * (`jaRegistrado` when one is already pending). The signed-in customer's e-mail is the account's; a visitor's is
     * the one given. A product that can be bought, a digital one or an unknown one is refused.
     */
    async aviseMe(id: number, email: string | null | undefined, usuario: { id: number; permissao: string } | null) {
      const produto = await repository.ler(id);
      if (!produto || !produto.ativo) throw notFound(MSG.produtoNaoEncontrado);
      if (produto.digital) throw unprocessable(MSG_ESTOQUE.aviseMeNaoSeAplica);
      if (produto.vendavel) throw unprocessable(MSG_ESTOQUE.aviseMeDisponivel);
      const para = usuario?.permissao === 'CLIENTE' ? await repository.emailDoUsuario(usuario.id) : email;
      if (!para) throw unprocessable(MSG_ESTOQUE.aviseMeSemEmail);
      const novo = await repository.registrarAviso(id, para.trim().toLowerCase(), usuario?.id ?? null);
      return { jaRegistrado: !novo };
    },
  };
}

export type EstoqueService = ReturnType<typeof createEstoqueService>;
