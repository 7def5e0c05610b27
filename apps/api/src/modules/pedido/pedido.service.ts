// Calendar days of the filters are the clinic's (packages/shared/src/clinic-day.ts).
import { diaDe, inicioDoDia, inicioDoDiaSeguinte } from '@clinica/shared/clinic-day';
import type { EndpointQuery } from '@clinica/shared/endpoint';
import { dentroDoPrazoDesistencia, fimDoPrazoDesistencia } from '@clinica/shared/desistencia';
import { installmentPlanOfPayment } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { cancelamentoEstorna, origensDe, recusaDoMovimento, TRANSICOES_PEDIDO } from '@clinica/shared/order-status';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import type { Pedido, PedidoResumo, TipoPagamento, pedidoApi } from '@clinica/shared/schemas/pedido';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import type { AuthUser } from '../../plugins/auth.js';

import { gerarComprovantePdf, montarComprovante } from './comprovante-pdf.js';
import type { AvisosPedido } from './pedido-avisos.js';
import { pedidoCanceladoEmail, pedidoEntregueEmail, pedidoEnviadoEmail } from './pedido-emails.js';
import { urlRastreio } from './pedido-rastreio.js';
import type { Autor } from './pedido-situacao.repository.js';
import type { FiltrosPedido, PedidoRepository } from './pedido.repository.js';

/** What the checkout module offers the orders module when an order is cancelled (modules/checkout). */
interface PagamentosParaPedido {
  /** Cancels the order's live charges at the provider (a PIX still payable) after the order is cancelled. */
  cancelarCobrancasVivas(pedidoId: number): Promise<void>;
  /**
   * Asks for the refund of a paid order (durably, with `registrar`'s audit entry in the same transaction) and
   * tries it at once; the refund then cancels the order.
   */
  estornarPedido(pedidoId: number, registrar: (tx: Tx) => Promise<void>): Promise<void>;
}

export interface PedidoServiceDeps {
  db: Db;
  /** The clinic's data (GET /empresa/'s), printed on the order's confirmation PDF (ADR 035). */
  empresa?: () => Promise<Empresa>;
  repository: PedidoRepository;
  /** The checkout's payments: live charges cancelled and paid orders refunded when an order is cancelled. */
  pagamentos: PagamentosParaPedido;
  /** The customer's e-mails (shipped, delivered, cancelled), written in the move's transaction (ADR 030). */
  avisos: AvisosPedido;
  /** Woken after a move commits, so its e-mail goes out at once (otherwise at the worker's next poll). */
  jobs?: Pick<JobQueue, 'wake'>;
  /**
   * The order's NF-e (ADR 031): shipping an order whose invoice is not issued needs the staff's confirmation, and the
   * shipping e-mail names the issued invoice. Absent: no invoice check (tests of the moves alone).
   */
  notaFiscal?: {
    envioExigeConfirmacao(tx: Tx, pedidoId: number): Promise<boolean>;
    emitida(tx: Tx, pedidoId: number): Promise<{ numero: number } | null>;
  };
}

/** The staff moves of the order's status table (packages/shared/src/order-status.ts) and their audit action. */
const MOVIMENTOS = {
  ENVIAR: 'enviar',
  ENTREGAR: 'entregar',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Detalhe = NonNullable<Awaited<ReturnType<PedidoRepository['detalhe']>>>;

/** The order's PIX charge while it can still be paid (pending and not past its expiry); null otherwise. */
function pixVivo(p: Detalhe['pagamento']): Pedido['pix'] {
  if (!p || p.tipo !== 'pix' || p.status !== 'pending' || !p.pixQrCode || !p.pixQrCodeBase64 || !p.expiraEm) {
    return null;
  }
  if (p.expiraEm.getTime() <= Date.now()) return null;
  return {
    qrCode: p.pixQrCode,
    qrCodeBase64: p.pixQrCodeBase64,
    expiraEm: p.expiraEm.toISOString(),
    validadeSegundos: Math.round((p.expiraEm.getTime() - p.createdAt.getTime()) / 1000),
  };
}

/** The order's boleto while it can still be paid (pending: not paid, replaced nor expired); null otherwise. */
function boletoVivo(p: Detalhe['pagamento']): Pedido['boleto'] {
  if (!p || p.tipo !== 'boleto' || p.status !== 'pending' || !p.boletoLinha || !p.boletoCodigoBarras) return null;
  if (!p.boletoVencimento) return null;
  return {
    idPagamento: p.id,
    linhaDigitavel: p.boletoLinha,
    codigoBarras: p.boletoCodigoBarras,
    vencimento: p.boletoVencimento,
    pagavelAte: p.boletoPagavelAte ?? p.boletoVencimento,
    pdfUrl: p.boletoPdfUrl,
  };
}

/** GET /pedido/{id}'s content from the stored rows (JSON-safe: kept as the idempotent response). */
export function toPedido({ pedido, itens, endereco, pagamento, historico }: Detalhe): Pedido {
  const enviado = pedido.codigoRastreio !== null || pedido.enviadoEm !== null || pedido.entregueEm !== null;
  return {
    id: pedido.id,
    situacaoPedido: pedido.situacao,
    cliente: { id: pedido.clienteId, nome: pedido.clienteNome },
    valor: pedido.valorTotal,
    valorTotal: pedido.valorTotal,
    valorProdutos: pedido.valorProdutos,
    valorFrete: pedido.valorFrete,
    descontoPix: pedido.descontoPix,
    cupom:
      pedido.cupomCodigo !== null
        ? { codigo: pedido.cupomCodigo, desconto: pedido.descontoCupom, acumulaPix: pedido.cupomAcumulaPix }
        : null,
    freteGratis: pedido.freteGratis,
    cro: pedido.dadosCroNumero && pedido.dadosCroUf ? { numero: pedido.dadosCroNumero, uf: pedido.dadosCroUf } : null,
    dtPedido: pedido.createdAt.toISOString(),
    versaoTermos: pedido.versaoTermos,
    nomeRecebedor: pedido.nomeRecebedor,
    telefoneRecebedor: pedido.telefoneRecebedor,
    produtos: itens.map((i) => ({
      produtoId: i.produtoId,
      produtoNome: i.produtoNome,
      quantidade: i.quantidade,
      valor: i.valorUnitario,
      valorTotal: i.valorTotal,
      brinde: i.brinde,
      digital: i.digital,
    })),
    enderecoEntrega: endereco
      ? {
          logradouro: endereco.logradouro,
          numero: endereco.numero,
          complemento: endereco.complemento,
          bairro: endereco.bairro,
          cep: endereco.cep,
          municipio: { id: endereco.municipioId, nome: endereco.municipioNome },
          uf: { id: endereco.ufId, sigla: endereco.ufSigla },
        }
      : null,
    entrega:
      pedido.entregaIdMelhorEnvio !== null
        ? {
            idMelhorEnvio: pedido.entregaIdMelhorEnvio,
            name: pedido.entregaServico,
            customPrice: pedido.valorFrete,
            tempoEntrega: pedido.entregaPrazoDias,
            transportadora: pedido.entregaTransportadora,
          }
        : null,
    pagamento: pagamento
      ? {
          id: pagamento.id,
          tipoPagamento: pagamento.tipo as TipoPagamento,
          status: pagamento.status,
          valor: pagamento.valor,
          createAt: diaDe(pagamento.createdAt),
          dataPagamento: iso(pagamento.aprovadoEm),
          parcelamento: installmentPlanOfPayment(pagamento),
        }
      : null,
    pix: pixVivo(pagamento),
    boleto: boletoVivo(pagamento),
    historico: historico.map((h) => ({
      de: h.de,
      para: h.para,
      quem: h.quem,
      quemId: h.quemId,
      quando: h.quando.toISOString(),
    })),
    rastreio: enviado
      ? {
          codigo: pedido.codigoRastreio,
          url: urlRastreio(pedido.codigoRastreio),
          enviadoEm: iso(pedido.enviadoEm),
          entregueEm: iso(pedido.entregueEm),
        }
      : null,
    desistencia: desistenciaDe(pedido, itens, pagamento),
  };
}

/**
 * The order's right of withdrawal (ADR 036): counted from the payment for an order of courses only, from the
 * delivery for one with goods; offered while the order is PAGO (courses) or ENTREGUE (goods), inside the window
 * and not asked for yet. Null for an order never paid.
 */
function desistenciaDe(
  pedido: Detalhe['pedido'],
  itens: Detalhe['itens'],
  pagamento: Detalhe['pagamento'],
): Pedido['desistencia'] {
  const pagoEm = pagamento?.aprovadoEm ?? null;
  if (!pagoEm && !pedido.desistenciaEm) return null;
  const produtos = itens.some((i) => !i.digital);
  const inicio = produtos ? pedido.entregueEm : pagoEm;
  return {
    tipo: produtos ? 'produtos' : 'curso',
    podeDesistir:
      pedido.desistenciaEm === null &&
      pedido.situacao === (produtos ? 'ENTREGUE' : 'PAGO') &&
      dentroDoPrazoDesistencia(inicio, new Date()),
    prazo: inicio ? fimDoPrazoDesistencia(inicio).toISOString() : null,
    solicitadaEm: iso(pedido.desistenciaEm),
    motivo: pedido.desistenciaMotivo,
    devolucaoRecebidaEm: iso(pedido.devolucaoRecebidaEm),
  };
}

/** The author of a change made by `user`: the client by client id, staff by user id. */
export const autorDe = (user: AuthUser): Autor =>
  user.permissao === 'CLIENTE'
    ? { quem: 'CLIENTE', quemId: user.idCliente }
    : { quem: user.permissao, quemId: user.id };

/** The staff member behind an audited write. */
const quemAudita = (user: AuthUser): QuemAudita => ({ id: user.id, permissao: user.permissao });

export function createPedidoService({
  db,
  empresa,
  repository,
  pagamentos,
  avisos,
  jobs,
  notaFiscal,
}: PedidoServiceDeps) {
  async function detalhe(id: number): Promise<Pedido> {
    const d = await repository.detalhe(id);
    if (!d) throw notFound(MSG_API.pedidoNaoEncontrado);
    return toPedido(d);
  }

  /** The order if `user` may see it: 404 unknown; 403 another client's. */
  async function autorizado(user: AuthUser, id: number) {
    const atual = await repository.situacao(id);
    if (!atual) throw notFound(MSG_API.pedidoNaoEncontrado);
    if (user.permissao === 'CLIENTE' && atual.clienteId !== user.idCliente) throw forbidden();
    return atual;
  }

  async function pagina(filtros: FiltrosPedido, page: number, size: number, ordem: 'asc' | 'desc') {
    const { total, rows, itens } = await repository.listar(filtros, { page, size, ordem });
    const porPedido = new Map<number, PedidoResumo['produtos']>();
    for (const i of itens) {
      const lista = porPedido.get(i.pedidoId) ?? [];
      lista.push({ produtoId: i.produtoId, produtoNome: i.produtoNome, quantidade: i.quantidade, digital: i.digital });
      porPedido.set(i.pedidoId, lista);
    }
    const pedidos: PedidoResumo[] = rows.map((r) => ({
      id: r.id,
      situacaoPedido: r.situacao,
      cliente: { id: r.clienteId, nome: r.clienteNome },
      valor: r.valorTotal,
      valorTotal: r.valorTotal,
      dtPedido: r.createdAt.toISOString(),
      dataPagamento: iso(r.pagamentoAprovado),
      pagamento:
        r.pagamentoId !== null && r.pagamentoCriado && r.pagamentoStatus && r.pagamentoTipo
          ? { createAt: diaDe(r.pagamentoCriado), status: r.pagamentoStatus, tipoPagamento: r.pagamentoTipo }
          : null,
      produtos: porPedido.get(r.id) ?? [],
    }));
    return { pedidos, total, totalPaginas: Math.ceil(total / size), page };
  }

  /**
   * A staff move (ADR 016): in one transaction the order's row is locked,
   * its status checked (409 with the reason otherwise: no skipping, no going
   * back, nothing after CANCELADO or RECUSADO, nothing to carry), then the new
   * status with its shipping columns, the history row, the audit entry and
   * the client's e-mail (outbox) are written. Two staff moving one order at
   * once: the second waits for the lock, then finds the new status (409).
   */
  async function moverPelaEquipe(
    user: AuthUser,
    id: number,
    acao: keyof typeof MOVIMENTOS,
    codigoRastreio?: string,
    semNotaFiscal = false,
  ): Promise<Pedido> {
    const movimento = MOVIMENTOS[acao];
    const para = TRANSICOES_PEDIDO[movimento].para;
    const pedido = await db.transaction(async (tx) => {
      const antes = await repository.travarEnvio(tx, id);
      if (!antes) throw notFound(MSG_API.pedidoNaoEncontrado);
      const recusa = recusaDoMovimento(movimento, antes.situacao);
      if (recusa) throw conflict(recusa);
      if (acao === 'ENVIAR' && !(await repository.temEnvio(tx, id))) throw conflict(MSG_BO.pedidoSemEnvio);
      // NF-e (ADR 031): an order whose invoice is not issued ships only with the staff's explicit confirmation.
      if (acao === 'ENVIAR' && !semNotaFiscal && (await notaFiscal?.envioExigeConfirmacao(tx, id))) {
        throw conflict(MSG_NFE.envioExigeConfirmacao);
      }

      const depois = await repository.moverEnvio(
        tx,
        id,
        { de: antes.situacao, para, ...(codigoRastreio ? { codigoRastreio } : {}) },
        autorDe(user),
      );
      await registrarAuditoria(tx, quemAudita(user), { entidade: 'pedido', entidadeId: id, acao, antes, depois });

      const p = await repository.paraEmail(tx, id);
      if (p) {
        const codigo = depois.codigoRastreio ?? '';
        const nota = acao === 'ENVIAR' ? ((await notaFiscal?.emitida(tx, id)) ?? null) : null;
        await avisos.enviar(tx, p, (d, l) =>
          acao === 'ENVIAR' ? pedidoEnviadoEmail(d, codigo, l, nota) : pedidoEntregueEmail(d, l),
        );
      }
      const d = await repository.detalhe(id, tx);
      if (!d) throw new Error('pedido movido não encontrado');
      return toPedido(d);
    });
    // Committed: the e-mail's job is visible to the worker now.
    jobs?.wake();
    return pedido;
  }

  /**
   * PUT /pedido/cancelar/{id}: the owner or staff, while the order takes no
   * money yet (PENDENTE or RECUSADO: the order's status table, ADR 010); its
   * live PIX is then cancelled at the provider. Staff also cancel a PAGO
   * order, by asking for its refund (ADR 012): the refund, once the provider
   * confirms it, cancels the order. 409 with the table's reason otherwise
   * (a paid order, for the customer, who is sent to the clinic). Staff
   * cancellations get an audit entry (CANCELAR) in the transaction of the move, and the customer the 'cancelled'
   * e-mail saying who cancelled it.
   */
  async function cancelar(user: AuthUser, id: number): Promise<Pedido> {
    const atual = await autorizado(user, id);
    const equipe = user.permissao !== 'CLIENTE';
    const auditar = (antes: string, depois: Record<string, unknown>) => (tx: Tx) =>
      registrarAuditoria(tx, quemAudita(user), {
        entidade: 'pedido',
        entidadeId: id,
        acao: 'CANCELAR',
        antes: { id, situacao: antes },
        depois: { id, ...depois },
      });
    if (equipe && cancelamentoEstorna(atual.situacao)) {
      await pagamentos.estornarPedido(id, auditar(atual.situacao, { situacao: 'CANCELADO', estorno: true }));
      return detalhe(id);
    }
    const de = await repository.mudarSituacao(
      id,
      origensDe('cancelar'),
      TRANSICOES_PEDIDO.cancelar.para,
      autorDe(user),
      // Once the order moved, in its transaction: the staff's audit entry and the customer's e-mail (ADR 030).
      async (tx, antes) => {
        if (equipe) await auditar(antes, { situacao: 'CANCELADO' })(tx);
        const p = await repository.paraEmail(tx, id);
        if (p) await avisos.enviar(tx, p, (d, l) => pedidoCanceladoEmail(d, equipe ? 'EQUIPE' : 'CLIENTE', l));
      },
    );
    if (de === undefined) {
      const agora = (await repository.situacao(id))?.situacao ?? atual.situacao;
      // Paid meanwhile: staff refund it, as above.
      if (equipe && cancelamentoEstorna(agora)) return cancelar(user, id);
      throw conflict(recusaDoMovimento('cancelar', agora) ?? MSG.pedidoJaCancelado);
    }
    await pagamentos.cancelarCobrancasVivas(id);
    return detalhe(id);
  }

  const periodo = (q: { dataInicio?: string | undefined; dataFim?: string | undefined }) => ({
    desde: q.dataInicio ? inicioDoDia(q.dataInicio) : undefined,
    ate: q.dataFim ? inicioDoDiaSeguinte(q.dataFim) : undefined,
  });

  return {
    /** GET /pedido/{id}: the owner or staff (404 unknown; 403 another client's), checked on the one read of the order. */
    async ler(user: AuthUser, id: number): Promise<Pedido> {
      const d = await repository.detalhe(id);
      if (!d) throw notFound(MSG_API.pedidoNaoEncontrado);
      if (user.permissao === 'CLIENTE' && d.pedido.clienteId !== user.idCliente) throw forbidden();
      return toPedido(d);
    },

    /**
     * GET /pedido/{id}/comprovante.pdf (ADR 035): the order's confirmation as a PDF, for its customer only (404
     * unknown; 403 another client's; staff are refused by the route).
     */
    async comprovante(user: AuthUser, id: number): Promise<Buffer> {
      const d = await repository.detalhe(id);
      if (!d) throw notFound(MSG_API.pedidoNaoEncontrado);
      if (user.permissao !== 'CLIENTE' || d.pedido.clienteId !== user.idCliente) throw forbidden();
      if (!empresa) throw new Error('Dados da clínica indisponíveis para o comprovante');
      const c = montarComprovante(toPedido(d), await empresa(), {
        nome: d.pedido.dadosNome,
        email: d.pedido.dadosEmail,
        documento: d.pedido.dadosDocumento,
      });
      return gerarComprovantePdf(c);
    },

    cancelar,

    /** PUT /pedido/enviar/{id} (staff): PAGO → ENVIADO with the tracking code, mailed to the client. */
    enviar: (user: AuthUser, id: number, codigoRastreio: string, opcoes: { semNotaFiscal?: boolean } = {}) =>
      moverPelaEquipe(user, id, 'ENVIAR', codigoRastreio, opcoes.semNotaFiscal),

    /** PUT /pedido/entregar/{id} (staff): ENVIADO → ENTREGUE, the client told by e-mail. */
    entregar: (user: AuthUser, id: number) => moverPelaEquipe(user, id, 'ENTREGAR'),

    /** GET /pedido/listagem/cliente/{clientId}: the client's orders, newest first. */
    async listagemCliente(clienteId: number, q: EndpointQuery<typeof pedidoApi.listagemCliente>) {
      const r = await pagina({ clienteId, idPedido: q.idPedido, ...periodo(q) }, q.page, q.size, 'desc');
      return { pedidos: r.pedidos, totalPaginas: r.totalPaginas, totalRegistros: r.total, page: r.page };
    },

    /** GET /pedido/admin/listagem: every order, filtered. */
    async listagemAdmin(q: EndpointQuery<typeof pedidoApi.listagemAdmin>) {
      const r = await pagina(
        {
          clienteId: q.idCliente,
          idPedido: q.idPedido,
          idProduto: q.idProduto,
          idUf: q.idUf,
          idCidade: q.idCidade,
          situacao: q.situacao,
          ...periodo(q),
        },
        q.page,
        q.size,
        q.sort,
      );
      return {
        pedidos: r.pedidos,
        totalRegistroPagina: r.pedidos.length,
        totalRegistro: r.total,
        totalPaginas: r.totalPaginas,
        page: r.page,
      };
    },
  };
}

export type PedidoService = ReturnType<typeof createPedidoService>;
