/**
 * The right of withdrawal (direito de arrependimento, CDC art. 49; docs/behaviour/orders.md#right-of-withdrawal,
 * ADR 036): the customer's 'Desistir da compra' and the staff's 'Registrar chegada da devolução'.
 *
 * - An order of courses only: within 7 days of the payment, one transaction under the order's lock (the
 *   checkout's durable refund, ADR 012) moves it PAGO → DEVOLUCAO_SOLICITADA (the course leaves the library at
 *   once: access reads the order's status, ADR 013), revokes the certificates issued for its courses, marks the
 *   paying payment owed back with its refund job, audits and writes the e-mails; the refund is then tried at once
 *   and, confirmed, cancels the order.
 * - An order with goods: within 7 days of the delivery, ENTREGUE → DEVOLUCAO_SOLICITADA (its courses, if any,
 *   end as above); nothing is refunded yet. When the goods are back, the staff record their arrival: in one
 *   transaction the units come back on hand (stock 'devolucao', ADR 032), the whole payment (products and
 *   freight) is marked owed back with its refund job, the entry is audited and the customer told; the refund,
 *   confirmed, cancels the order.
 *
 * Every refusal is a 409 with its pt-BR reason, decided under the order's row lock, so a double click or a retry
 * finds the first one's result (409 'already') and never asks for a second refund.
 */
import { sql } from 'drizzle-orm';
import { dentroDoPrazoDesistencia, ultimoDiaDesistencia } from '@clinica/shared/desistencia';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { recusaDoMovimento, TRANSICOES_PEDIDO } from '@clinica/shared/order-status';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria } from '../../lib/auditoria.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { revogarCertificadosDoPedido } from '../conteudo/certificado-revogacao.js';
import type { AvisosPedido } from './pedido-avisos.js';
import { acessoCursoEncerradoEmail, desistenciaRecebidaEmail, devolucaoRecebidaEmail } from './pedido-emails.js';
import { moverEstoque } from './pedido-estoque.js';
import { mudarSituacaoEm } from './pedido-situacao.repository.js';
import type { PedidoRepository } from './pedido.repository.js';
import { autorDe, toPedido } from './pedido.service.js';
import type { EstadoEstoque } from '@clinica/shared/stock';
import type { SituacaoPedido } from './pedido.table.js';

/** The order as the checkout locked it for a refund (modules/checkout PedidoTravado), as far as this needs it. */
interface PedidoTravadoParaDesistencia {
  situacao: SituacaoPedido;
  estoqueSituacao: EstadoEstoque | null;
}

/** What the checkout offers (checkout.service.ts estornarPedido): the durable refund with its checks and writes. */
interface EstornoDurável {
  estornarPedido(
    pedidoId: number,
    registrar: (tx: Tx, pedido: PedidoTravadoParaDesistencia) => Promise<void>,
    verificar: (
      tx: Tx,
      pedido: PedidoTravadoParaDesistencia,
      pago: { aprovadoEm: Date | null } | undefined,
    ) => Promise<void>,
  ): Promise<void>;
}

export interface DesistenciaDeps {
  db: Db;
  repository: PedidoRepository;
  pagamentos: EstornoDurável;
  avisos: AvisosPedido;
  jobs?: Pick<JobQueue, 'wake'>;
  /** The clock of the 7-day window (tests move it). */
  agora?: () => Date;
}

/** The withdrawal columns and what the order holds, read under the caller's lock. */
async function lerDesistencia(tx: Tx, id: number) {
  const r = await tx.execute(sql`select p.desistencia_em, p.devolucao_recebida_em, p.entregue_em,
      exists (select 1 from pedido_itens i where i.pedido_id = p.id and not i.digital) as produtos,
      exists (select 1 from pedido_itens i where i.pedido_id = p.id and i.digital) as cursos
    from pedidos p where p.id = ${id}`);
  const row = (
    r as unknown as {
      rows: Array<{
        desistencia_em: Date | string | null;
        devolucao_recebida_em: Date | string | null;
        entregue_em: Date | string | null;
        produtos: boolean;
        cursos: boolean;
      }>;
    }
  ).rows[0];
  if (!row) throw notFound(MSG_API.pedidoNaoEncontrado);
  const data = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    desistenciaEm: data(row.desistencia_em),
    devolucaoRecebidaEm: data(row.devolucao_recebida_em),
    entregueEm: data(row.entregue_em),
    produtos: Boolean(row.produtos),
    cursos: Boolean(row.cursos),
  };
}

export function createDesistencia({
  db,
  repository,
  pagamentos,
  avisos,
  jobs,
  agora = () => new Date(),
}: DesistenciaDeps) {
  async function detalhe(id: number): Promise<Pedido> {
    const d = await repository.detalhe(id);
    if (!d) throw notFound(MSG_API.pedidoNaoEncontrado);
    return toPedido(d);
  }

  /** 409 unless the window that started at `inicio` is still open. */
  function exigirPrazo(inicio: Date | null) {
    if (dentroDoPrazoDesistencia(inicio, agora())) return;
    throw conflict(
      inicio
        ? MSG_DESISTENCIA.foraDoPrazo.replace('{data}', ultimoDiaDesistencia(inicio))
        : MSG_DESISTENCIA.aguardandoEnvio,
    );
  }

  /**
   * The withdrawal's own writes, in the transaction that moved the order: the reason and instant, the courses'
   * certificates revoked, the audit entry and the e-mails (received; course access ended).
   */
  async function registrarDesistencia(
    tx: Tx,
    user: AuthUser,
    id: number,
    de: SituacaoPedido,
    motivo: string | null,
    cursos: boolean,
  ) {
    await tx.execute(
      sql`update pedidos set desistencia_em = now(), desistencia_motivo = ${motivo}, updated_at = now() where id = ${id}`,
    );
    const revogados = cursos ? await revogarCertificadosDoPedido(tx, id) : 0;
    await registrarAuditoria(
      tx,
      { id: user.id, permissao: user.permissao },
      {
        entidade: 'pedido',
        entidadeId: id,
        acao: 'DESISTIR',
        antes: { id, situacao: de },
        depois: { id, situacao: TRANSICOES_PEDIDO.desistir.para, motivo, certificadosRevogados: revogados },
      },
    );
    const p = await repository.paraEmail(tx, id);
    if (p) {
      await avisos.enviar(tx, p, (d, l) => desistenciaRecebidaEmail(d, l, motivo));
      if (cursos) await avisos.enviar(tx, p, acessoCursoEncerradoEmail);
    }
  }

  return {
    /**
     * PUT /pedido/desistir/{id} (the order's customer): 'Desistir da compra'. 404 unknown, 403 another customer's;
     * 409 with the reason when it does not apply (not paid, on its way, already withdrawn, cancelled, outside the
     * 7 days).
     */
    async desistir(user: AuthUser, id: number, motivoDado: string | undefined): Promise<Pedido> {
      const atual = await repository.situacao(id);
      if (!atual) throw notFound(MSG_API.pedidoNaoEncontrado);
      if (user.permissao !== 'CLIENTE' || atual.clienteId !== user.idCliente) throw forbidden();
      const motivo = motivoDado?.trim() ? motivoDado.trim() : null;
      const autor = autorDe(user);
      const recusa = (situacao: SituacaoPedido) => {
        const r = recusaDoMovimento('desistir', situacao);
        if (r) throw conflict(r);
      };

      const info = await db.transaction((tx) => lerDesistencia(tx, id));
      if (!info.produtos) {
        // Courses only: counted from the payment; the refund is asked for now, durably (ADR 012).
        await pagamentos.estornarPedido(
          id,
          async (tx, pedido) => {
            const de = await mudarSituacaoEm(tx, id, ['PAGO'], TRANSICOES_PEDIDO.desistir.para, autor);
            if (de === undefined)
              throw conflict(recusaDoMovimento('desistir', pedido.situacao) ?? MSG_DESISTENCIA.jaSolicitada);
            await registrarDesistencia(tx, user, id, de, motivo, true);
          },
          async (tx, pedido, pago) => {
            recusa(pedido.situacao);
            if ((await lerDesistencia(tx, id)).desistenciaEm) throw conflict(MSG_DESISTENCIA.jaSolicitada);
            exigirPrazo(pago?.aprovadoEm ?? null);
          },
        );
        return detalhe(id);
      }

      // Goods: counted from the delivery; the refund waits for them to come back.
      await db.transaction(async (tx) => {
        const travado = await repository.travarEnvio(tx, id);
        if (!travado) throw notFound(MSG_API.pedidoNaoEncontrado);
        recusa(travado.situacao);
        const agoraInfo = await lerDesistencia(tx, id);
        if (agoraInfo.desistenciaEm) throw conflict(MSG_DESISTENCIA.jaSolicitada);
        if (travado.situacao !== 'ENTREGUE') throw conflict(MSG_DESISTENCIA.aguardandoEnvio);
        exigirPrazo(agoraInfo.entregueEm);
        const de = await mudarSituacaoEm(tx, id, ['ENTREGUE'], TRANSICOES_PEDIDO.desistir.para, autor);
        if (de === undefined) throw conflict(MSG_DESISTENCIA.jaSolicitada);
        await registrarDesistencia(tx, user, id, de, motivo, agoraInfo.cursos);
      });
      jobs?.wake();
      return detalhe(id);
    },

    /**
     * PUT /pedido/receber-devolucao/{id} (staff): 'Registrar chegada da devolução'. The units come back on hand,
     * the whole payment is refunded through the provider (durably), audited, the customer told. 409 unless the
     * order awaits its goods back (once: a second click finds the arrival recorded).
     */
    async registrarChegada(user: AuthUser, id: number): Promise<Pedido> {
      if (!(await repository.situacao(id))) throw notFound(MSG_API.pedidoNaoEncontrado);
      await pagamentos.estornarPedido(
        id,
        async (tx, pedido) => {
          await tx.execute(sql`update pedidos set devolucao_recebida_em = now(), updated_at = now() where id = ${id}`);
          // The units are back on the shelf (ADR 032): vendido → devolvido; the refund then releases nothing.
          await moverEstoque(tx, id, pedido.estoqueSituacao, 'devolver', autorDe(user));
          await registrarAuditoria(
            tx,
            { id: user.id, permissao: user.permissao },
            {
              entidade: 'pedido',
              entidadeId: id,
              acao: 'RECEBER_DEVOLUCAO',
              antes: { id, situacao: pedido.situacao, devolucaoRecebida: false },
              depois: { id, situacao: pedido.situacao, devolucaoRecebida: true, estorno: true },
            },
          );
          const p = await repository.paraEmail(tx, id);
          if (p) await avisos.enviar(tx, p, devolucaoRecebidaEmail);
        },
        async (tx, pedido) => {
          if (pedido.situacao !== 'DEVOLUCAO_SOLICITADA') {
            throw conflict(
              recusaDoMovimento('reembolsarDesistencia', pedido.situacao) ?? MSG_DESISTENCIA.semDesistencia,
            );
          }
          const info = await lerDesistencia(tx, id);
          if (!info.produtos) throw conflict(MSG_DESISTENCIA.semProdutosADevolver);
          if (info.devolucaoRecebidaEm) throw conflict(MSG_DESISTENCIA.chegadaJaRegistrada);
        },
      );
      return detalhe(id);
    },
  };
}

export type Desistencia = ReturnType<typeof createDesistencia>;
