/**
 * A charge of an order (ADR 012): by card or by PIX, through the provider, with
 * the attempt recorded and its effect on the order (pagamento-registro.ts). The
 * provider key makes a repeat of the same attempt return the same payment
 * (ADR 010).
 */
import { addBusinessDays } from '@clinica/shared/boleto';
import { inicioDoDiaSeguinte, somarDias } from '@clinica/shared/clinic-day';
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import type { Cents } from '@clinica/shared/money';
import { aceitaPagamento, recusaDoMovimento } from '@clinica/shared/order-status';
import {
  PIX_VALIDADE_CHECKOUT_S,
  PIX_VALIDADE_PEDIDO_S,
  type OrigemPagamento,
} from '@clinica/shared/schemas/pagamento';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  ProvedorIndisponivelError,
  type DocumentoPagador,
  type PagamentoProvedor,
} from '../../integrations/payments/payment-provider.js';
import { AppError, conflict, sqlConstraint, unprocessable } from '../../lib/errors.js';
import { moverEstoque } from '../pedido/pedido-estoque.js';
import type { PedidoParaPagamento } from './pagamento-pedido.repository.js';
import type { Tentativas } from './pagamento.repository.js';
import type { Pagamento, TipoPagamento } from './pagamento.table.js';
import {
  JOB_EXPIRAR_BOLETO,
  JOB_EXPIRAR_PIX,
  type PagamentoRegistrado,
  type PagamentosDeps,
  type RegistroPagamento,
} from './pagamento-registro.js';

/**
 * What an attempt charges, priced by the server for its method (precificacao.ts: the PIX discount by PIX only) and,
 * for a card, the installments checked against the provider's offer (parcelamento.ts).
 */
export interface PrecoTentativa {
  valorCents: Cents;
  descontoPix: Cents;
  /** Card: the installments (1x included); null by PIX. */
  parcelamento: InstallmentPlan | null;
}

/** What one payment attempt asks for. */
export interface Tentativa {
  tipo: TipoPagamento;
  token?: string | undefined;
  paymentMethodId?: string | undefined;
  email?: string | undefined;
  origem: OrigemPagamento;
  preco: PrecoTentativa;
}

/** Whether an attempt's price is not the one the order holds (a new order holds its own already). */
const mudaPreco = (pedido: PedidoParaPagamento, preco: PrecoTentativa, parcelamento: InstallmentPlan | null) =>
  pedido.valorTotal !== preco.valorCents ||
  pedido.descontoPix !== preco.descontoPix ||
  pedido.parcelas !== (parcelamento?.parcelas ?? null) ||
  pedido.valorParcela !== (parcelamento?.valorParcela ?? null) ||
  pedido.totalCobrado !== (parcelamento?.total ?? null);

const validade = (origem: OrigemPagamento) => (origem === 'checkout' ? PIX_VALIDADE_CHECKOUT_S : PIX_VALIDADE_PEDIDO_S);

function documentoDe(documento: string | null): DocumentoPagador | null {
  if (!documento) return null;
  const numero = documento.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (numero.length === 11) return { tipo: 'CPF', numero };
  if (numero.length === 14) return { tipo: 'CNPJ', numero };
  return null;
}

/** A provider's failure as the answer the customer gets (422 for a card or charge refused, 503 when it is down). */
function erroDoProvedor(err: unknown, tipo: TipoPagamento): never {
  if (err instanceof CartaoInvalidoError) {
    throw Object.assign(unprocessable(MSG.erroProcessarCartao), { cause: err });
  }
  if (err instanceof CobrancaRecusadaError) {
    throw Object.assign(unprocessable(tipo === 'credit' ? MSG.erroProcessarCartao : MSG.erroProcessarPagamento), {
      cause: err,
    });
  }
  if (err instanceof ProvedorIndisponivelError) {
    throw Object.assign(new AppError(503, MSG_API.pagamentoProvedorIndisponivel), { cause: err });
  }
  throw err;
}

export function createCobranca(deps: PagamentosDeps, registro: RegistroPagamento) {
  const { db, repository, provider, jobs, agora } = deps;
  const { avisar, registrar, aplicar } = registro;

  /**
   * Cancels the order's live provider charges before a new attempt (placeholders
   * are replaced when the new attempt is written). `exceto`: the attempt being
   * made, whose own charge a concurrent replay must not cancel. `pendentes`:
   * the order's pending attempts when the caller already read them.
   */
  async function cancelarVivos(pedidoId: number, exceto?: string, pendentes?: Pagamento[]): Promise<boolean> {
    let cancelou = false;
    for (const p of pendentes ?? (await repository.pendentes(pedidoId))) {
      if (!p.providerId || p.provedor !== provider.kind || (exceto && p.chaveProvedor === exceto)) continue;
      let remoto: PagamentoProvedor | null;
      try {
        remoto = await provider.cancelar(p.providerId);
      } catch (err) {
        erroDoProvedor(err, p.tipo);
      }
      if (remoto) {
        const depois = await aplicar(p, remoto);
        if (depois.status === 'approved' && !depois.estornoDevido) throw conflict(MSG.pedidoJaPago);
        cancelou = true;
      }
    }
    return cancelou;
  }

  /**
   * The units of an order whose reservation was released (a refused card, an expired PIX: ADR 032) reserved again
   * before a new attempt charges anything, under the order's lock; 409 with what is left when they are no longer
   * there. True when it reserved them now.
   */
  async function reservarParaTentativa(pedido: PedidoParaPagamento): Promise<boolean> {
    return db.transaction(async (tx) => {
      const travado = await repository.travarPedido(tx, pedido.id);
      if (!travado || !aceitaPagamento(travado.situacao)) return false;
      return moverEstoque(tx, pedido.id, travado.estoqueSituacao, 'reservar', {
        quem: 'CLIENTE',
        quemId: pedido.clienteId,
      });
    });
  }

  /** The units reserved for an attempt that charged nothing (the provider refused or could not be reached) released. */
  async function liberarDaTentativa(pedidoId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const travado = await repository.travarPedido(tx, pedidoId);
      if (!travado || !aceitaPagamento(travado.situacao)) return;
      await moverEstoque(tx, pedidoId, travado.estoqueSituacao, 'liberar', { quem: 'SISTEMA', quemId: null });
    });
  }

  /** The refusal of an attempt whose approval is owed back: the money goes back by itself. */
  const devolvido = () => conflict(MSG_API.pagamentoDevolvido);

  /**
   * Charges the order through the provider and records the attempt. The
   * provider key makes a repeat of the same attempt return the same payment.
   * `lidas`: the attempt's rows when the caller read them with the order
   * (otherwise read here, in one statement).
   */
  async function cobrar(
    pedido: PedidoParaPagamento,
    tentativa: Tentativa,
    chaveProvedor: string,
    lidas?: Tentativas,
  ): Promise<Pagamento> {
    const { porChave: ja, pendentes } = lidas ?? (await repository.tentativas(pedido.id, chaveProvedor));
    if (ja) {
      if (ja.estornoDevido) throw devolvido();
      return ja;
    }
    const recusa = recusaDoMovimento('pagar', pedido.situacao);
    if (recusa) throw conflict(recusa);
    if (tentativa.tipo === 'credit' && (!tentativa.token || !tentativa.paymentMethodId)) {
      throw unprocessable(MSG_API.pagamentoCartaoIncompleto, {
        errors: [{ campo: tentativa.token ? 'paymentMethodId' : 'token', mensagem: MSG_API.pagamentoCartaoIncompleto }],
      });
    }
    // A course the customer came to own through another order meanwhile is not charged again.
    const curso = pedido.temCurso ? await repository.cursoJaComprado(pedido.id, pedido.clienteId) : null;
    if (curso) throw conflict(MSG_API.produtoDigitalJaAdquirido.replace('{nome}', curso));
    if (tentativa.tipo === 'boleto' && !pedido.regras.boleto.ativo) throw conflict(MSG_BOLETO.indisponivel);
    // A boleto's payer address is read before anything is cancelled or charged.
    const enderecoBoleto = tentativa.tipo === 'boleto' ? await repository.enderecoDoPedido(pedido.id) : null;
    const cancelouVivos = await cancelarVivos(pedido.id, chaveProvedor, pendentes);
    // Released units are taken again first (a PIX just cancelled above may have released them).
    const reservou =
      pedido.estoqueSituacao === 'liberado' || (cancelouVivos && pedido.estoqueSituacao !== null)
        ? await reservarParaTentativa(pedido)
        : false;

    const { preco } = tentativa;
    const base = {
      valorCents: preco.valorCents,
      descricao: `Pedido ${pedido.id} - ${deps.nomeLoja}`.slice(0, 120),
      email: tentativa.email || pedido.email || '',
      documento: documentoDe(pedido.documento),
      referencia: String(pedido.id),
      chaveIdempotencia: chaveProvedor,
    };
    let expiraEm: Date | null = null;
    let boleto: { vencimento: string; pagavelAte: string } | null = null;
    let remoto: PagamentoProvedor;
    const criadoEm = new Date();
    try {
      if (tentativa.tipo === 'boleto') {
        // Due N business days from today in the clinic's calendar; unpaid after the grace days, the order is
        // cancelled at the start of the next day (ADR 029).
        const { diasUteis, diasTolerancia } = pedido.regras.boleto;
        const vencimento = addBusinessDays(agora(), diasUteis);
        remoto = await provider.criarBoleto({
          ...base,
          vencimento,
          pagador: { nome: pedido.nome ?? '', endereco: enderecoBoleto },
        });
        const vence = remoto.boleto?.vencimento || vencimento;
        boleto = { vencimento: vence, pagavelAte: somarDias(vence, diasTolerancia) };
        expiraEm = inicioDoDiaSeguinte(boleto.pagavelAte);
      } else if (tentativa.tipo === 'credit') {
        remoto = await provider.cobrarCartao({
          ...base,
          token: tentativa.token!,
          paymentMethodId: tentativa.paymentMethodId!,
          ...(preco.parcelamento ? { parcelamento: preco.parcelamento } : {}),
        });
      } else {
        expiraEm = new Date(agora().getTime() + validade(tentativa.origem) * 1000);
        remoto = await provider.criarPix({ ...base, expiraEm });
      }
    } catch (err) {
      if (reservou) await liberarDaTentativa(pedido.id);
      erroDoProvedor(err, tentativa.tipo);
    }

    // What the card was charged: the provider's word when it gives it, else the offer it was charged under.
    const parcelamento = tentativa.tipo === 'credit' ? (remoto.parcelamento ?? preco.parcelamento) : null;
    let gravado: PagamentoRegistrado;
    try {
      gravado = await db.transaction(async (tx) => {
        const travado = await repository.travarPedido(tx, pedido.id);
        if (!travado) throw new Error(`pedido ${pedido.id} sumiu durante a cobrança`);
        // Approved on an order that can no longer take it (cancelled while the provider answered, paid by
        // another attempt, a course owned meanwhile): owed back, refunded by its job.
        const row = await registrar(
          tx,
          travado,
          remoto.status,
          false,
          (estornoDevido) =>
            repository.gravarTentativa(tx, {
              pedidoId: pedido.id,
              tipo: tentativa.tipo,
              status: remoto.status,
              statusDetalhe: remoto.statusDetalhe,
              provedor: provider.kind,
              providerId: remoto.providerId,
              chaveProvedor,
              valor: remoto.valorCents,
              parcelas: parcelamento?.parcelas ?? null,
              valorParcela: parcelamento?.valorParcela ?? null,
              totalCobrado: parcelamento?.total ?? null,
              pixQrCode: remoto.pix?.qrCode ?? null,
              pixQrCodeBase64: remoto.pix?.qrCodeBase64 ?? null,
              expiraEm,
              boletoLinha: remoto.boleto?.linhaDigitavel ?? null,
              boletoCodigoBarras: remoto.boleto?.codigoBarras ?? null,
              boletoVencimento: boleto?.vencimento ?? null,
              boletoPagavelAte: boleto?.pagavelAte ?? null,
              boletoPdfUrl: remoto.boleto?.pdfUrl ?? null,
              lastFour: remoto.lastFour,
              paymentMethodId: remoto.paymentMethodId ?? tentativa.paymentMethodId ?? null,
              aprovadoEm: remoto.status === 'approved' ? (remoto.aprovadoEm ?? new Date()) : null,
              estornoDevido,
              createdAt: criadoEm,
            }),
          // Its e-mails show the price this attempt gives the order (written below).
          {
            preco: mudaPreco(pedido, preco, parcelamento)
              ? { valorTotal: preco.valorCents, descontoPix: preco.descontoPix, parcelamento }
              : undefined,
          },
        );
        if (!row) throw new Error('tentativa não gravada');
        // The order now costs what this attempt's method costs (a switch moves the PIX discount), unless the
        // attempt came too late to pay it (owed back).
        if (!row.estornoDevido && aceitaPagamento(travado.situacao) && mudaPreco(pedido, preco, parcelamento)) {
          await repository.gravarPreco(tx, pedido.id, {
            valorTotal: preco.valorCents,
            descontoPix: preco.descontoPix,
            parcelamento,
          });
        }
        if (row.tipo === 'pix' && row.status === 'pending' && expiraEm) {
          await jobs.enqueue(
            JOB_EXPIRAR_PIX,
            { pagamentoId: row.id },
            { runAt: expiraEm, key: `pix-expira:${row.id}`, db: tx, ...deps.opcoesTarefaDeDinheiro },
          );
        }
        if (row.tipo === 'boleto' && row.status === 'pending' && expiraEm) {
          // One job per boleto, run once across instances by the job queue (lib/jobs), as the PIX expiry.
          await jobs.enqueue(
            JOB_EXPIRAR_BOLETO,
            { pagamentoId: row.id },
            { runAt: expiraEm, key: `boleto-expira:${row.id}`, db: tx, ...deps.opcoesTarefaDeDinheiro },
          );
        }
        return row;
      });
    } catch (err) {
      const constraint = sqlConstraint(err);
      if (!constraint) throw err;
      // A concurrent replay of this very attempt, or the reconciler adopting the provider's payment, recorded it
      // first: that row is the answer.
      const gravadoPorOutro =
        (await repository.porChaveProvedor(chaveProvedor)) ??
        (await repository.porProviderId(provider.kind, remoto.providerId));
      if (gravadoPorOutro) {
        if (gravadoPorOutro.estornoDevido) throw devolvido();
        return gravadoPorOutro;
      }
      if (constraint === 'pagamentos_pix_vivo_uq' || constraint === 'pagamentos_boleto_vivo_uq') {
        // Another attempt's PIX or boleto on this order won the race: undo ours at the provider.
        await provider.cancelar(remoto.providerId).catch(() => undefined);
        throw conflict(MSG_API.idempotenciaEmAndamento);
      }
      throw err;
    }
    jobs.wake();
    if (gravado.estornoDevido) throw devolvido();
    await avisar(gravado.aviso, pedido.usuarioId);
    return gravado;
  }

  /**
   * A refused card token, recorded as a rejected attempt (the order becomes
   * RECUSADO and can be paid again), so the checkout's answer still carries
   * the order.
   */
  async function gravarTokenRecusado(
    pedido: PedidoParaPagamento,
    chaveProvedor: string,
    paymentMethodId: string | null,
  ): Promise<void> {
    const row = await db.transaction(async (tx) => {
      const travado = await repository.travarPedido(tx, pedido.id);
      if (!travado) return undefined;
      return registrar(tx, travado, 'rejected', false, () =>
        repository.gravarTentativa(tx, {
          pedidoId: pedido.id,
          tipo: 'credit',
          status: 'rejected',
          statusDetalhe: 'cc_rejected_invalid_token',
          provedor: provider.kind,
          chaveProvedor,
          valor: pedido.valorTotal,
          paymentMethodId,
        }),
      );
    });
    await avisar(row?.aviso, pedido.usuarioId);
  }

  return { cancelarVivos, cobrar, gravarTokenRecusado };
}
