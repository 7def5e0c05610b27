import { z } from 'zod';
import { installmentPlanOfPayment } from '@clinica/shared/installment-plan';
import type { InstallmentOption } from '@clinica/shared/installments';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import type { BoletoPagamento } from '@clinica/shared/schemas/boleto';
import { type ProcessarPagamentoData, type ProcessarPagamentoResposta } from '@clinica/shared/schemas/pagamento';
import type { Parcelamento } from '@clinica/shared/schemas/parcelamento';
import type { Pedido, PedidoCreateData, TipoPagamento } from '@clinica/shared/schemas/pedido';
import { maskCep } from '@clinica/shared/masks';
import type { Db, Tx } from '../../db/client.js';
import type { JobHandlers } from '../../lib/jobs/index.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { IdempotenciaService, RespostaGuardada } from '../idempotencia/idempotencia.service.js';
import { registrarUso } from '../cupom/cupom-uso.js';
import { restantes, semEstoque } from '../pedido/pedido-estoque.js';
import { autorDe } from '../pedido/pedido.service.js';
import { gerarBoletoPdf } from './boleto-pdf.js';
import { chaveProvedor, conteudoDoPedido, hashTentativa } from './chaves.js';
import type { PedidoParaPagamento } from './pagamento-pedido.repository.js';
import type { PagamentoRepository } from './pagamento.repository.js';
import type { Pagamento, ProvedorPagamento } from './pagamento.table.js';
import {
  emCurso,
  JOB_ESTORNAR,
  JOB_EXPIRAR_BOLETO,
  JOB_EXPIRAR_PIX,
  JOB_SINCRONIZAR,
  MENSAGEM,
  type Notificar,
  type PagamentoLog,
} from './pagamento-registro.js';
import type { PrecoTentativa } from './pagamento-cobranca.js';
import type { Pagamentos } from './pagamentos.js';
import type { ParcelamentoService } from './parcelamento.js';
import { precoParaMetodo, type Precificar } from './precificacao.js';
import type { NovoPedidoData, PrecificacaoRepository } from './precificacao.repository.js';
import { createReconciliador, JOB_RECONCILIAR } from './reconciliador.js';

export interface CheckoutServiceDeps {
  db: Db;
  pagamentos: Pagamentos;
  repository: PagamentoRepository;
  pedidosNovos: Pick<PrecificacaoRepository, 'criar' | 'daTentativa'>;
  precificar: Precificar;
  /** A card's installments: the provider's offer and the customer's choice checked against it. */
  parcelamento: ParcelamentoService;
  /** GET /pedido/{id}'s content (the orders module's read). */
  lerPedido: (id: number) => Promise<Pedido>;
  idempotencia: IdempotenciaService;
  notificar: Notificar;
  log: PagamentoLog;
  /** Mercado Pago's public key for MercadoPago.js, when that is the provider. */
  publicKey: string | null;
  provedor: ProvedorPagamento;
  /** The store's name, the boleto's beneficiary when the company's data is missing. */
  nomeLoja: string;
  agora: () => Date;
}

const idPayload = z.object({ pagamentoId: z.number().int().positive() });
const syncPayload = z.object({ provedor: z.enum(['sandbox', 'mercadopago']), providerId: z.string().min(1) });

/** A payment's boleto as the API shows it (docs/behaviour/payments.md#boleto); null for other methods. */
function boletoDoPagamento(p: Pagamento): BoletoPagamento | null {
  if (p.tipo !== 'boleto' || !p.boletoLinha || !p.boletoCodigoBarras || !p.boletoVencimento) return null;
  return {
    linhaDigitavel: p.boletoLinha,
    codigoBarras: p.boletoCodigoBarras,
    vencimento: p.boletoVencimento,
    pagavelAte: p.boletoPagavelAte ?? p.boletoVencimento,
    pdfUrl: p.boletoPdfUrl,
  };
}

/** A card, PIX or boleto attempt's answer. */
function resposta(p: Pagamento): ProcessarPagamentoResposta {
  const pix =
    p.tipo === 'pix' && p.pixQrCode && p.pixQrCodeBase64 && p.expiraEm
      ? {
          qrCode: p.pixQrCode,
          qrCodeBase64: p.pixQrCodeBase64,
          expiraEm: p.expiraEm.toISOString(),
          validadeSegundos: Math.round((p.expiraEm.getTime() - p.createdAt.getTime()) / 1000),
        }
      : null;
  return {
    idPedido: p.pedidoId,
    idPagamento: p.id,
    tipoPagamento: p.tipo,
    status: p.status,
    statusDetalhe: p.statusDetalhe,
    valor: p.valor,
    parcelamento: installmentPlanOfPayment(p),
    pixPaymentResponse: pix,
    boleto: boletoDoPagamento(p),
  };
}

/**
 * The checkout (ADR 010, ADR 012): an order created once per checkout attempt
 * and charged, payments made on existing orders, provider notifications,
 * refunds, and the jobs that keep all of it in step with the provider.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, pagamentos, repository, idempotencia, log } = deps;
  const reconciliador = createReconciliador({
    pagamentos,
    repository,
    provedor: deps.provedor,
    agora: deps.agora,
    log,
  });

  /**
   * What an attempt on an existing order charges: the order priced again for `tipo` with the rules in force (a
   * switch of method moves the PIX discount) and, for a card, the installments checked against the offer for that
   * amount (409 when not offered). `valor`, when given, must be that amount (409 otherwise).
   */
  async function precoDaTentativa(
    pedido: PedidoParaPagamento,
    tipo: TipoPagamento,
    escolha: {
      parcelamento?: Parcelamento | null | undefined;
      bin?: string | null | undefined;
      valor?: number | undefined;
    },
    campo: string,
  ): Promise<PrecoTentativa> {
    // The coupon and free shipping stay as the order was created with them (ADR 028); the PIX discount follows `tipo`.
    const preco = precoParaMetodo(
      {
        itens: pedido.valorProdutos,
        cupom: pedido.descontoCupom,
        cupomAcumulaPix: pedido.cupomAcumulaPix,
        frete: pedido.valorFrete,
        freteGratis: pedido.freteGratis,
      },
      tipo,
      pedido.regras,
    );
    if (escolha.valor !== undefined && escolha.valor !== preco.total) {
      throw conflict(MSG_API.pagamentoValorDivergente, {
        errors: [{ campo: 'valor', mensagem: MSG_API.pagamentoValorDivergente }],
      });
    }
    const parcelamento =
      tipo === 'credit'
        ? await deps.parcelamento.escolhido(
            preco.total,
            escolha.parcelamento,
            escolha.bin,
            pedido.regras.parcelamento,
            campo,
          )
        : null;
    return { valorCents: preco.total, descontoPix: preco.descontoPix, parcelamento };
  }

  /**
   * The coupon's use, in the order's transaction once the order is written (ADR 028): registrarUso locks the
   * coupon, counts its uses again and refuses with a 409 and the reason when it no longer applies (its last use
   * taken by a concurrent order), which rolls the whole order back. A coupon edited since the order was priced (its
   * discount or what it combines with) is a 409 too: the customer sees the new figures before paying them.
   */
  async function usarCupom(tx: Tx, pedidoId: number, plano: NovoPedidoData): Promise<void> {
    const cupom = plano.cupom!;
    const uso = await registrarUso(tx, {
      codigo: cupom.codigo,
      clienteId: plano.clienteId,
      pedidoId,
      linhas: cupom.linhas,
      agora: deps.agora(),
    });
    if (
      uso.desconto !== cupom.desconto ||
      uso.cupom.acumulaPix !== cupom.acumulaPix ||
      uso.cupom.acumulaBrinde !== cupom.acumulaBrinde
    ) {
      throw conflict(MSG_API.pedidoCupomAlterado, {
        errors: [{ campo: 'cupom', mensagem: MSG_API.pedidoCupomAlterado }],
      });
    }
  }

  /**
   * The units of a new order all reserved by its statement (ADR 032), or a 409 with how many remain of each line
   * short of them (taken by concurrent orders since it was priced), which rolls the whole order back.
   */
  async function exigirReservas(
    tx: Tx,
    plano: NovoPedidoData,
    reservados: readonly number[],
    body: PedidoCreateData,
  ): Promise<void> {
    const feitos = new Set(reservados);
    const curtos = plano.reservas.filter((r) => !feitos.has(r.id)).map((r) => r.id);
    if (curtos.length === 0) return;
    const faltas = await restantes(tx, curtos);
    throw semEstoque(faltas, (id) => `itens.${body.itens.findIndex((i) => i.produto.id === id)}.quantidade`);
  }

  /** The order a customer pays: 404 unknown, 403 another client's. */
  async function pedidoDoCliente(user: AuthUser, id: number): Promise<PedidoParaPagamento> {
    const pedido = await repository.pedido(id);
    if (!pedido) throw notFound(MSG_API.pedidoNaoEncontrado);
    if (user.permissao !== 'CLIENTE' || user.idCliente !== pedido.clienteId) throw forbidden();
    return pedido;
  }

  /**
   * The payment part of an order's creation (its `pagamento`, ADR 010), on the
   * first request and on every retry of the checkout attempt (ADR 010). A card
   * is charged under a provider key made of the attempt and its token, so a
   * repeat with the same token charges nothing new; a new token pays the order
   * only while it takes a payment (a refused or never-charged order), never a
   * paid one. A PIX is created only when the order has none still payable.
   * Refusals leave the order as it is (it is paid from the order list). A new
   * order is charged what it was just priced at (`precoNovo`); the order of a
   * retry is priced again for this request's method.
   */
  async function cobrarNoCheckout(
    pedidoId: number,
    pagamento: PedidoCreateData['pagamento'],
    usuarioId: number,
    chave: string,
    precoNovo: PrecoTentativa | null,
  ): Promise<void> {
    const tipo = pagamento.tipoPagamento;
    if (tipo === 'credit' && !pagamento.token) return;
    const base = ['pedido', usuarioId, chave] as const;
    let chaveCobranca =
      tipo === 'credit' ? chaveProvedor(...base, 'cartao', pagamento.token!) : chaveProvedor(...base, tipo);
    // The order and the attempt's rows in one read (README, Desempenho: P4).
    let lido = await repository.pedidoComTentativas(pedidoId, chaveCobranca);
    // The attempt's PIX charges (or boletos) form a chain: a new one only once the last one ended (expired, cancelled).
    for (
      let anterior = lido?.tentativas.porChave;
      tipo !== 'credit' && anterior;
      anterior = lido?.tentativas.porChave
    ) {
      if (emCurso(anterior, deps.agora()) || anterior.status === 'approved') return;
      chaveCobranca = chaveProvedor(...base, tipo, anterior.id);
      lido = await repository.pedidoComTentativas(pedidoId, chaveCobranca);
    }
    if (!lido) return;
    const { pedido } = lido;
    try {
      const preco =
        precoNovo ??
        (await precoDaTentativa(
          pedido,
          tipo,
          { parcelamento: pagamento.parcelamento, bin: pagamento.bin },
          'pagamento.parcelamento',
        ));
      await pagamentos.cobrar(
        pedido,
        {
          tipo,
          token: pagamento.token ?? undefined,
          paymentMethodId: pagamento.paymentMethodId ?? undefined,
          email: pagamento.email ?? undefined,
          origem: 'checkout',
          preco,
        },
        chaveCobranca,
        lido.tentativas,
      );
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 422 && tipo === 'credit') {
        await pagamentos.gravarTokenRecusado(pedido, chaveCobranca, pagamento.paymentMethodId ?? null);
        return;
      }
      // Provider unreachable, already paid, a race: the order stays as it is and is paid from the order list.
      if (err instanceof AppError) {
        log.warn({ err, pedidoId }, 'pedido do checkout sem nova cobrança');
        return;
      }
      throw err;
    }
  }

  return {
    /** GET /pagamento/configuracao. */
    configuracao() {
      return { provedor: deps.provedor, publicKey: deps.publicKey };
    },

    /**
     * GET /pagamento/parcelas: the installment offer for an amount (and the card's BIN), under the rules in force
     * (docs/behaviour/payments.md#installments).
     */
    async parcelas(valorCents: number, bin: string | null): Promise<InstallmentOption[]> {
      return deps.parcelamento.opcoes(valorCents, bin, (await repository.regrasDePreco()).parcelamento);
    },

    /**
     * POST /pedido/create: the caller's own order only (403 otherwise), one
     * order per checkout attempt (its Idempotency-Key, ADR 010). The key binds
     * the order (not how this request pays it): a retry of the attempt, with
     * the same or a new card token, gets the same order back, and its payment
     * part pays that order if it still takes a payment. Priced by the server,
     * then the order, its items, address, placeholder payment, first history
     * row and the key's stored response are written in one transaction. Every
     * answer reads the order as it is then (paid, refused, with its PIX).
     */
    async criarPedido(
      user: AuthUser,
      body: PedidoCreateData,
      chave: string,
      rota: string,
    ): Promise<{ resposta: RespostaGuardada<Pedido>; repetida: boolean }> {
      if (user.permissao !== 'CLIENTE' || user.idCliente === null || user.idCliente !== body.clienteId) {
        throw forbidden();
      }
      const hash = hashTentativa(chave);
      let novo: PrecoTentativa | null = null;
      // The new order's notification, kept by the statement that writes the order (ADR 046).
      let notificacaoId = 0;
      const r = await idempotencia.executar<{ id: number }>(
        { chave, usuarioId: user.id, rota, corpo: conteudoDoPedido(body) },
        async (concluir) => {
          // Priced, or the attempt's order when it has one (its key forgotten: ADR 010, completed keys last 24 h).
          const precificado = await deps.precificar(body, hash);
          // Only `tx` inside: on PGlite's one connection a query on `db` here would wait for this very transaction.
          return db.transaction(async (tx) => {
            const criado =
              'existente' in precificado
                ? { id: precificado.existente, reservados: null }
                : await deps.pedidosNovos.criar(tx, precificado.plano, autorDe(user));
            // A concurrent request of the same attempt wrote it first (its key had been forgotten): answer later.
            if (criado === null) throw conflict(MSG_API.idempotenciaEmAndamento);
            const { id } = criado;
            if ('plano' in precificado && criado.reservados) {
              await exigirReservas(tx, precificado.plano, criado.reservados, body);
            }
            if ('plano' in precificado && precificado.plano.cupom) {
              await usarCupom(tx, id, precificado.plano);
            }
            const guardada = await concluir(tx, { statusCode: 201, message: MSG.pedidoCriado, content: { id } });
            if ('plano' in precificado) {
              const { plano } = precificado;
              if ('notificacaoId' in criado) notificacaoId = criado.notificacaoId;
              novo = {
                valorCents: plano.valorTotal,
                descontoPix: plano.descontoPix,
                parcelamento: plano.pagamento.parcelamento,
              };
            }
            return guardada;
          });
        },
      );
      const id = r.resposta.content.id;
      if (novo) {
        // Every tab and device of the customer takes the order's items out of its bag (ADR 010).
        try {
          await deps.notificar(user.id, {
            id: notificacaoId,
            message: MSG_API.pedidoRecebido.replace('{id}', String(id)),
            statusPayment: 'pending',
            idPedido: id,
          });
        } catch (err) {
          log.warn({ err, pedidoId: id }, 'aviso de pedido criado não publicado');
        }
      }
      await cobrarNoCheckout(id, body.pagamento, user.id, chave, novo);
      return { resposta: { ...r.resposta, content: await deps.lerPedido(id) }, repetida: r.repetida };
    },

    /**
     * GET /pedido/tentativa/{chave}: the order the caller's checkout attempt
     * created, so a checkout whose answer was lost (or whose tab was closed)
     * finds it; 404 while there is none.
     */
    async pedidoDaTentativa(user: AuthUser, chave: string): Promise<Pedido> {
      if (user.permissao !== 'CLIENTE' || user.idCliente === null) throw forbidden();
      const id = await deps.pedidosNovos.daTentativa(user.idCliente, hashTentativa(chave));
      if (id === undefined) throw notFound(MSG_API.pedidoNaoEncontrado);
      return deps.lerPedido(id);
    },

    /**
     * POST /pagamento/processar: the owner pays an order by card or PIX, once
     * per Idempotency-Key, priced again for the method (precoDaTentativa). 403
     * another's order; 409 paid, cancelled, shipped, another amount, card
     * installments not offered, or a course already owned; 422 bad card token;
     * 503 provider unreachable.
     */
    async processar(
      user: AuthUser,
      body: ProcessarPagamentoData,
      chave: string,
      rota: string,
    ): Promise<{ resposta: RespostaGuardada<ProcessarPagamentoResposta>; repetida: boolean }> {
      const pedido = await pedidoDoCliente(user, body.idPedido);
      return idempotencia.executar<ProcessarPagamentoResposta>(
        { chave, usuarioId: user.id, rota, corpo: body },
        async (concluir) => {
          const preco = await precoDaTentativa(pedido, body.tipoPagamento, body, 'parcelamento');
          const p = await pagamentos.cobrar(
            pedido,
            {
              tipo: body.tipoPagamento,
              token: body.token ?? undefined,
              paymentMethodId: body.paymentMethodId ?? undefined,
              email: body.email ?? undefined,
              origem: body.origem,
              preco,
            },
            chaveProvedor('processar', user.id, chave),
          );
          const message =
            p.tipo === 'pix'
              ? MSG.pixGerado
              : p.tipo === 'boleto'
                ? MSG_BOLETO.gerado
                : (MENSAGEM[p.status] ?? MSG.erroProcessarPagamento);
          return db.transaction((tx) => concluir(tx, { statusCode: 201, message, content: resposta(p) }));
        },
      );
    },

    /**
     * A provider notification (a Mercado Pago webhook, the sandbox bank):
     * recorded once by its event id, then applied by a job that re-reads the
     * payment. Returns false when the event was already recorded.
     */
    async receberEvento(e: {
      provedor: ProvedorPagamento;
      eventoId: string;
      providerId: string;
      acao: string | null;
      payload: unknown;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const novo = await repository.registrarEvento(tx, e);
        if (novo) {
          await pagamentos.agendarSincronizacao(
            { provedor: e.provedor, providerId: e.providerId },
            { db: tx, key: `pagamento-evento:${e.provedor}:${e.eventoId}` },
          );
        }
        return novo;
      });
    },

    /**
     * A re-read of a payment at the provider `segundos` from now: the safety net
     * of a notification that may never arrive (the sandbox bank's, if the
     * process dies between paying and notifying). Statuses only move forward,
     * so an extra re-read changes nothing when the notification did arrive.
     */
    async sincronizarDepois(provedor: ProvedorPagamento, providerId: string, segundos: number): Promise<void> {
      await pagamentos.agendarSincronizacao({ provedor, providerId }, { delaySeconds: segundos });
    },

    /**
     * After an order is cancelled: its live PIX is cancelled at the provider
     * (best effort; the expiry job cancels it anyway at its time). A payment
     * that arrives later for the cancelled order is refunded.
     */
    async cancelarCobrancasVivas(pedidoId: number): Promise<void> {
      try {
        await pagamentos.cancelarVivos(pedidoId);
      } catch (err) {
        log.warn({ err, pedidoId }, 'cobrança viva não cancelada no provedor');
      }
    },

    /**
     * Staff cancelling a paid order: its refund is asked for (durably, with
     * the audit entry written by `registrar`) and tried at once; the refund
     * then cancels the order. If the provider cannot be reached now, the
     * refund job keeps trying until it can (ADR 012).
     */
    async estornarPedido(
      pedidoId: number,
      registrar: Parameters<Pagamentos['solicitarEstorno']>[1],
      verificar?: Parameters<Pagamentos['solicitarEstorno']>[2],
    ): Promise<void> {
      const pagamentoId = await pagamentos.solicitarEstorno(pedidoId, registrar, verificar);
      try {
        await pagamentos.executarEstorno(pagamentoId);
      } catch (err) {
        log.warn({ err, pedidoId }, 'estorno adiado: a tarefa tentará de novo');
      }
    },

    /**
     * GET /pagamento/{id}/boleto/pdf: the store's printable boleto of a payment (docs/behaviour/payments.md#boleto),
     * for its order's own customer only (403 another; 404 unknown or not a boleto with a line).
     */
    async boletoPdf(user: AuthUser, pagamentoId: number): Promise<Buffer> {
      const dados = await repository.dadosDoBoleto(pagamentoId);
      const p = dados?.pagamento;
      if (!dados || !p) throw notFound(MSG_BOLETO.naoEncontrado);
      if (user.permissao !== 'CLIENTE' || user.idCliente !== dados.clienteId) throw forbidden();
      const boleto = boletoDoPagamento(p);
      if (!boleto) throw notFound(MSG_BOLETO.naoEncontrado);
      const endereco = await repository.enderecoDoPedido(p.pedidoId);
      return gerarBoletoPdf({
        banco: boleto.codigoBarras.slice(0, 3),
        linhaDigitavel: boleto.linhaDigitavel,
        codigoBarras: boleto.codigoBarras,
        vencimento: boleto.vencimento,
        valor: p.valor,
        pedidoId: p.pedidoId,
        emitidoEm: p.createdAt,
        beneficiario: { nome: dados.empresaNome ?? deps.nomeLoja, cnpj: dados.empresaCnpj, endereco: null },
        pagador: {
          nome: dados.nome ?? '',
          documento: dados.documento,
          endereco: endereco
            ? `${endereco.logradouro}, ${endereco.numero} — ${endereco.bairro} — ${endereco.cidade}/${endereco.uf} — CEP ${maskCep(endereco.cep)}`
            : null,
        },
      });
    },

    /** Background jobs: apply a notification, expire a PIX, refund a payment owed back, reconcile. */
    jobHandlers(): JobHandlers {
      return {
        [JOB_SINCRONIZAR]: async (payload) => {
          const { provedor, providerId } = syncPayload.parse(payload);
          await pagamentos.sincronizar(provedor, providerId);
        },
        [JOB_EXPIRAR_PIX]: async (payload) => {
          const { pagamentoId } = idPayload.parse(payload);
          await pagamentos.expirarPix(pagamentoId);
        },
        [JOB_EXPIRAR_BOLETO]: async (payload) => {
          const { pagamentoId } = idPayload.parse(payload);
          await pagamentos.expirarBoleto(pagamentoId);
        },
        [JOB_ESTORNAR]: async (payload) => {
          const { pagamentoId } = idPayload.parse(payload);
          await pagamentos.executarEstorno(pagamentoId);
        },
        [JOB_RECONCILIAR]: async () => {
          const r = await reconciliador.reconciliar();
          if (r.relidos || r.eventos || r.estornos) log.info(r, 'reconciliação dos pagamentos');
        },
      };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
