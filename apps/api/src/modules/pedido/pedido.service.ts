import type { EndpointQuery } from '@clinica/shared/endpoint';
import { giftEarned } from '@clinica/shared/gift';
import { MSG } from '@clinica/shared/messages';
import type { Cents } from '@clinica/shared/money';
import { orderTotals } from '@clinica/shared/order-total';
import type { OpcaoFrete } from '@clinica/shared/schemas/frete';
import type {
  Pedido,
  PedidoCreateData,
  PedidoResumo,
  SituacaoPedido,
  TipoPagamento,
  pedidoApi,
} from '@clinica/shared/schemas/pedido';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { diaDe } from '../avaliacao/avaliacao.service.js';
import type { DadosDaCotacao } from '../frete/frete.service.js';
import type { IdempotenciaService, RespostaGuardada } from '../idempotencia/idempotencia.service.js';
import { pedidoEntregueEmail, pedidoEnviadoEmail, urlRastreio } from './pedido-rastreio.js';
import type { Autor, FiltrosPedido, NovoPedidoData, PedidoRepository } from './pedido.repository.js';

/** A client's value may differ from the server's by rounding, never by more than this (cents). */
export const TOLERANCIA_CENTS = 1;

/** Calendar days of the filters are the clinic's (packages/shared/src/clinic-day.ts). */
import { inicioDoDia, inicioDoDiaSeguinte } from '@clinica/shared/clinic-day';

/** Statuses an order may be cancelled from (ADR 010); staff also cancel PAGO orders, by refunding them (ADR 012). */
const CANCELAVEL: readonly SituacaoPedido[] = ['PENDENTE', 'RECUSADO'];

/** What the freight module offers the orders module (modules/frete: freteService.opcao). */
export interface FreteParaPedido {
  /** The option `id` quoted for the lines, with the products and company CEP the order already read. */
  opcao(
    cep: string,
    itens: ReadonlyArray<{ id: number; quantidade: number }>,
    id: number,
    lidos: DadosDaCotacao,
  ): Promise<OpcaoFrete | null>;
}

/** What the payments module offers the orders module (modules/pagamento: pagamentoService). */
export interface PagamentosParaPedido {
  /** Charges an order just created with `pagamento` (card token or PIX); idempotent by `chaveProvedor`. */
  cobrarPedidoNovo(pedidoId: number, pagamento: PedidoCreateData['pagamento'], chaveProvedor: string): Promise<void>;
  /** Cancels the order's live charges at the provider (a PIX still payable) after the order is cancelled. */
  cancelarCobrancasVivas(pedidoId: number): Promise<void>;
  /** Refunds the order's approved payment; the refund then cancels the order. */
  estornarPedido(pedidoId: number): Promise<void>;
}

export interface PedidoServiceDeps {
  db: Db;
  repository: PedidoRepository;
  /** Payments; without it orders are created unpaid (the order tests of the orders module alone). */
  pagamentos?: PagamentosParaPedido;
  idempotencia: IdempotenciaService;
  frete: FreteParaPedido;
  /** The client's shipping e-mails, written to the outbox in the move's transaction (integrations/mail). */
  mailer: Mailer;
  /** Woken after a move commits, so its e-mail goes out at once (otherwise at the worker's next poll). */
  jobs?: Pick<JobQueue, 'wake'>;
}

/**
 * The staff moves of issue 11 (no skipping, no going back): the status they
 * start from, the status they lead to, their audit action, and the refusal
 * (409) for each other status the order may be in.
 */
const MOVIMENTOS = {
  ENVIAR: {
    de: 'PAGO',
    para: 'ENVIADO',
    recusas: {
      PENDENTE: MSG_BO.pedidoNaoPagoNaoEnvia,
      RECUSADO: MSG_BO.pedidoNaoPagoNaoEnvia,
      ENVIADO: MSG_BO.pedidoJaEnviado,
      ENTREGUE: MSG_BO.pedidoJaEntregue,
      CANCELADO: MSG_BO.pedidoCanceladoNaoEnvia,
    },
  },
  ENTREGAR: {
    de: 'ENVIADO',
    para: 'ENTREGUE',
    recusas: {
      PENDENTE: MSG_BO.pedidoEntregarNaoEnviado,
      RECUSADO: MSG_BO.pedidoEntregarNaoEnviado,
      PAGO: MSG_BO.pedidoEntregarNaoEnviado,
      ENTREGUE: MSG_BO.pedidoJaEntregue,
      CANCELADO: MSG_BO.pedidoCanceladoNaoEntrega,
    },
  },
} as const satisfies Record<
  'ENVIAR' | 'ENTREGAR',
  { de: SituacaoPedido; para: 'ENVIADO' | 'ENTREGUE'; recusas: Partial<Record<SituacaoPedido, string>> }
>;

type Campo = { campo: string; mensagem: string };
const difere = (a: Cents, b: Cents) => Math.abs(a - b) > TOLERANCIA_CENTS;
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
    dtPedido: pedido.createdAt.toISOString(),
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
        }
      : null,
    pix: pixVivo(pagamento),
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
  repository,
  idempotencia,
  frete,
  pagamentos,
  mailer,
  jobs,
}: PedidoServiceDeps) {
  /**
   * The order as the server prices it (DESIGN.md: the server is the authority
   * on money). Reads only, outside any transaction (the freight quote may call
   * a provider). Refusals: 422 unknown, inactive or unavailable product, no
   * delivery option or address when something ships, city outside the state;
   * 409 a unit price, the freight or the total differing from the server's by
   * more than a cent, a freight option no longer offered, a digital product
   * already owned.
   */
  async function precificar(body: PedidoCreateData): Promise<NovoPedidoData> {
    const ids = [...new Set(body.itens.map((i) => i.produto.id))];
    const e = body.enderecoEntrega;
    // One read for the products, the gift, the city check and the freight's origin (QUALITY.md P4).
    const dados = await repository.paraPrecificar(ids, {
      clienteId: body.clienteId,
      municipioId: e?.municipioId ?? null,
      ufId: e?.ufId ?? null,
    });
    const catalogo = new Map(dados.produtos.map((p) => [p.id, p]));

    const indisponiveis: Campo[] = [];
    const divergentes: Campo[] = [];
    // Lines by product, in the order they first appear.
    const linhas = new Map<number, { nome: string; preco: Cents; digital: boolean; quantidade: number }>();
    body.itens.forEach((item, i) => {
      const p = catalogo.get(item.produto.id);
      if (!p) {
        indisponiveis.push({ campo: `itens.${i}.produto.id`, mensagem: MSG.produtoNaoEncontrado });
        return;
      }
      // A gift line is the server's to decide (SPEC §4 Gift): dropped here, added back below when earned.
      if (p.brinde) {
        if (difere(item.valor, 0)) divergentes.push({ campo: `itens.${i}.valor`, mensagem: MSG.pedidoValorDivergente });
        return;
      }
      if (!p.ativo || !p.disponivel) {
        indisponiveis.push({ campo: `itens.${i}.produto.id`, mensagem: `${MSG.produtoIndisponivel}: ${p.nome}` });
        return;
      }
      if (difere(item.valor, p.preco)) {
        divergentes.push({ campo: `itens.${i}.valor`, mensagem: MSG.pedidoValorDivergente });
      }
      const linha = linhas.get(p.id);
      // A digital product is bought once (SPEC §1): one unit whatever was asked.
      if (linha) linha.quantidade = p.digital ? 1 : linha.quantidade + item.quantidade;
      else
        linhas.set(p.id, {
          nome: p.nome,
          preco: p.preco,
          digital: p.digital,
          quantidade: p.digital ? 1 : item.quantidade,
        });
    });
    if (indisponiveis.length) throw unprocessable(indisponiveis[0]!.mensagem, { errors: indisponiveis });
    if (divergentes.length) throw conflict(MSG.pedidoValorDivergente, { errors: divergentes });
    if (linhas.size === 0)
      throw unprocessable(MSG.pedidoSemItens, { errors: [{ campo: 'itens', mensagem: MSG.pedidoSemItens }] });

    const digitais = [...linhas].filter(([, l]) => l.digital).map(([id]) => id);
    const jaTem = new Set(digitais.filter((id) => catalogo.get(id)!.jaComprado));
    if (jaTem.size > 0) {
      const [id] = [...jaTem];
      const nome = linhas.get(id!)!.nome;
      throw conflict(MSG.produtoDigitalJaAdquirido.replace('{nome}', nome), {
        errors: [...jaTem].map((pid) => ({
          campo: `itens.${body.itens.findIndex((i) => i.produto.id === pid)}.produto.id`,
          mensagem: MSG.produtoDigitalJaAdquirido.replace('{nome}', linhas.get(pid)!.nome),
        })),
      });
    }

    const itens: NovoPedidoData['itens'] = [...linhas].map(([produtoId, l]) => ({
      produtoId,
      produtoNome: l.nome,
      quantidade: l.quantidade,
      valorUnitario: l.preco,
      valorTotal: l.preco * l.quantidade,
      brinde: false,
      digital: l.digital,
    }));

    // The gift (SPEC §4): earned on the server's own subtotal and the active threshold.
    const subtotal = orderTotals({ items: itens.map((i) => ({ unitCents: i.valorUnitario, quantity: i.quantidade })) });
    if (giftEarned(subtotal.itemsCents, dados.limiarBrinde, itens.length > 0)) {
      const brinde = dados.brinde;
      if (brinde) {
        itens.push({
          produtoId: brinde.id,
          produtoNome: brinde.nome,
          quantidade: 1,
          valorUnitario: 0,
          valorTotal: 0,
          brinde: true,
          digital: brinde.digital,
        });
      }
    }

    const enviaveis = itens.filter((i) => !i.digital && !i.brinde);
    const temFisico = itens.some((i) => !i.digital);
    let entrega: NovoPedidoData['entrega'] = null;
    let endereco: NovoPedidoData['endereco'] = null;
    let freteCents: Cents = 0;

    if (enviaveis.length > 0 && !e) {
      throw unprocessable(MSG.pedidoEnderecoObrigatorio, {
        errors: [{ campo: 'enderecoEntrega', mensagem: MSG.pedidoEnderecoObrigatorio }],
      });
    }
    // The address is kept whenever something physical goes out (a physical gift included).
    if (e && temFisico) {
      if (!dados.municipioDaUf) {
        throw unprocessable(MSG.municipioForaDaUf, {
          errors: [{ campo: 'enderecoEntrega.municipioId', mensagem: MSG.municipioForaDaUf }],
        });
      }
      endereco = {
        cep: e.cep,
        logradouro: e.logradouro,
        numero: e.numero,
        complemento: e.complemento,
        bairro: e.bairro,
        municipioId: e.municipioId,
        ufId: e.ufId,
      };
    }
    if (enviaveis.length > 0 && e) {
      if (!body.entrega) {
        throw unprocessable(MSG.pedidoEntregaObrigatoria, {
          errors: [{ campo: 'entrega', mensagem: MSG.pedidoEntregaObrigatoria }],
        });
      }
      // Re-priced by the freight module for the lines that ship (neither digital nor the gift),
      // from the products and the company's CEP read above.
      const opcao = await frete.opcao(
        e.cep,
        enviaveis.map((i) => ({ id: i.produtoId, quantidade: i.quantidade })),
        body.entrega.idMelhorEnvio,
        { produtos: dados.produtos, cepDaEmpresa: dados.cepDaEmpresa },
      );
      if (!opcao) {
        throw conflict(MSG.pedidoFreteIndisponivel, {
          errors: [{ campo: 'entrega.idMelhorEnvio', mensagem: MSG.pedidoFreteIndisponivel }],
        });
      }
      if (difere(body.entrega.customPrice, opcao.custom_price)) {
        throw conflict(MSG.pedidoFreteDivergente, {
          errors: [{ campo: 'entrega.customPrice', mensagem: MSG.pedidoFreteDivergente }],
        });
      }
      freteCents = opcao.custom_price;
      entrega = {
        idMelhorEnvio: opcao.id,
        servico: opcao.name,
        transportadora: opcao.company.name,
        prazoDias: opcao.delivery_range.max,
      };
    }

    const totais = orderTotals({
      items: itens.map((i) => ({
        unitCents: i.valorUnitario,
        quantity: i.quantidade,
        digital: i.digital,
        brinde: i.brinde,
      })),
      freightCents: freteCents,
    });
    const totalDivergente: Campo[] = [];
    if (difere(body.valorTotal, totais.totalCents)) {
      totalDivergente.push({ campo: 'valorTotal', mensagem: MSG.pedidoValorDivergente });
    }
    if (body.pagamento.valor !== undefined && difere(body.pagamento.valor, totais.totalCents)) {
      totalDivergente.push({ campo: 'pagamento.valor', mensagem: MSG.pedidoValorDivergente });
    }
    if (totalDivergente.length) throw conflict(MSG.pedidoValorDivergente, { errors: totalDivergente });

    return {
      clienteId: body.clienteId,
      valorProdutos: totais.itemsCents,
      valorFrete: totais.freightCents,
      valorTotal: totais.totalCents,
      nomeRecebedor: body.nomeRecebedor,
      telefoneRecebedor: body.telefoneRecebedor,
      dados: {
        nome: body.dadosPessoais.nome,
        email: body.dadosPessoais.email,
        telefone: body.dadosPessoais.telefone,
        documento: body.dadosPessoais.documento,
      },
      entrega,
      itens,
      endereco,
      pagamento: { tipo: body.pagamento.tipoPagamento, paymentMethodId: body.pagamento.paymentMethodId },
    };
  }

  async function detalhe(id: number): Promise<Pedido> {
    const d = await repository.detalhe(id);
    if (!d) throw notFound(MSG.pedidoNaoEncontrado);
    return toPedido(d);
  }

  /** The order if `user` may see it: 404 unknown; 403 another client's. */
  async function autorizado(user: AuthUser, id: number) {
    const atual = await repository.situacao(id);
    if (!atual) throw notFound(MSG.pedidoNaoEncontrado);
    if (user.permissao === 'CLIENTE' && atual.clienteId !== user.idCliente) throw forbidden();
    return atual;
  }

  async function pagina(filtros: FiltrosPedido, page: number, size: number, ordem: 'asc' | 'desc') {
    const { total, rows, itens } = await repository.listar(filtros, { page, size, ordem });
    const porPedido = new Map<number, PedidoResumo['produtos']>();
    for (const i of itens) {
      const lista = porPedido.get(i.pedidoId) ?? [];
      lista.push({ produtoId: i.produtoId, produtoNome: i.produtoNome, quantidade: i.quantidade });
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
   * A staff move (issue 11): in one transaction the order's row is locked,
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
  ): Promise<Pedido> {
    const mov = MOVIMENTOS[acao];
    const pedido = await db.transaction(async (tx) => {
      const antes = await repository.travarEnvio(tx, id);
      if (!antes) throw notFound(MSG.pedidoNaoEncontrado);
      if (antes.situacao !== mov.de) {
        throw conflict(
          (mov.recusas as Partial<Record<SituacaoPedido, string>>)[antes.situacao] ?? MSG.pedidoNaoEncontrado,
        );
      }
      if (acao === 'ENVIAR' && !(await repository.temEnvio(tx, id))) throw conflict(MSG_BO.pedidoSemEnvio);

      const depois = await repository.moverEnvio(
        tx,
        id,
        { de: antes.situacao, para: mov.para, ...(codigoRastreio ? { codigoRastreio } : {}) },
        autorDe(user),
      );
      await registrarAuditoria(tx, quemAudita(user), { entidade: 'pedido', entidadeId: id, acao, antes, depois });

      const para = await repository.destinatario(tx, id);
      if (para?.email) {
        const corpo =
          acao === 'ENVIAR'
            ? pedidoEnviadoEmail({
                pedidoId: id,
                nome: para.nome,
                codigo: depois.codigoRastreio ?? '',
                transportadora: para.transportadora,
                servico: para.servico,
                prazoDias: para.prazoDias,
                valorTotal: para.valorTotal,
              })
            : pedidoEntregueEmail({ pedidoId: id, nome: para.nome });
        await mailer.enviar({ para: para.email, ...corpo }, tx);
      }
      const d = await repository.detalhe(id, tx);
      if (!d) throw new Error('pedido movido não encontrado');
      return toPedido(d);
    });
    // Committed: the e-mail's job is visible to the worker now.
    jobs?.wake();
    return pedido;
  }

  const periodo = (q: { dataInicio?: string | undefined; dataFim?: string | undefined }) => ({
    desde: q.dataInicio ? inicioDoDia(q.dataInicio) : undefined,
    ate: q.dataFim ? inicioDoDiaSeguinte(q.dataFim) : undefined,
  });

  return {
    /**
     * POST /pedido/create: the caller's own order only (403 otherwise), run
     * once per Idempotency-Key. Priced by the server, then the order, its
     * items, address, pending payment, first history row and the key's stored
     * response are written in one transaction. The stored response keeps the
     * order's id: every answer, first or replayed, reads the order as it is
     * then (paid, refused, with its PIX).
     */
    async criar(
      user: AuthUser,
      body: PedidoCreateData,
      chave: string,
      rota: string,
    ): Promise<{ resposta: RespostaGuardada<Pedido>; repetida: boolean }> {
      if (user.permissao !== 'CLIENTE' || user.idCliente === null || user.idCliente !== body.clienteId) {
        throw forbidden();
      }
      const autor = autorDe(user);
      const r = await idempotencia.executar<{ id: number }>(
        { chave, usuarioId: user.id, rota, corpo: body },
        async (concluir) => {
          const plano = await precificar(body);
          // Only `tx` inside: on PGlite's one connection a query on `db` here would wait for this very transaction.
          return db.transaction(async (tx) => {
            const id = await repository.criar(tx, plano, autor);
            return concluir(tx, { statusCode: 201, message: MSG.pedidoCriado, content: { id } });
          });
        },
      );
      const id = r.resposta.content.id;
      // The charge runs after the order commits, on first try and on every replay: it is idempotent
      // by a key derived from this one, so a replay answers the order as it is now (paid, refused, PIX).
      if (pagamentos) await pagamentos.cobrarPedidoNovo(id, body.pagamento, `pedido:${user.id}:${chave}`);
      return { resposta: { ...r.resposta, content: await detalhe(id) }, repetida: r.repetida };
    },

    /** GET /pedido/{id}: the owner or staff (404 unknown; 403 another client's), checked on the one read of the order. */
    async ler(user: AuthUser, id: number): Promise<Pedido> {
      const d = await repository.detalhe(id);
      if (!d) throw notFound(MSG.pedidoNaoEncontrado);
      if (user.permissao === 'CLIENTE' && d.pedido.clienteId !== user.idCliente) throw forbidden();
      return toPedido(d);
    },

    /**
     * PUT /pedido/cancelar/{id}: the owner or staff, while PENDENTE or
     * RECUSADO (ADR 010); staff also cancel a PAGO order by refunding it
     * (ADR 012). 409 when already cancelled, paid (for the customer, who is
     * sent to the clinic), shipped or delivered. Staff cancellations get an
     * audit entry (CANCELAR).
     */
    async cancelar(user: AuthUser, id: number): Promise<Pedido> {
      await autorizado(user, id);
      const equipe = user.permissao !== 'CLIENTE';
      // Staff cancellations are audited in the transaction of the move (issue 11); the client's are not.
      const auditar = equipe
        ? (tx: Tx, antes: SituacaoPedido) =>
            registrarAuditoria(tx, quemAudita(user), {
              entidade: 'pedido',
              entidadeId: id,
              acao: 'CANCELAR',
              antes: { id, situacao: antes },
              depois: { id, situacao: 'CANCELADO' },
            })
        : undefined;
      const de = await repository.mudarSituacao(id, CANCELAVEL, 'CANCELADO', autorDe(user), auditar);
      if (de === undefined) {
        const agora = (await repository.situacao(id))?.situacao;
        if (agora === 'CANCELADO') throw conflict(MSG.pedidoJaCancelado);
        if (agora === 'PAGO') {
          if (!equipe) throw conflict(MSG.pedidoPagoNaoCancela);
          if (!pagamentos) throw conflict(MSG.pedidoPagoEstornoIndisponivel);
          // Staff cancel a paid order by refunding it; the refund moves the order to CANCELADO (ADR 012).
          await pagamentos.estornarPedido(id);
          // The refund is the provider's and the payments module's write: its audit entry follows it, with
          // the order as it is now (CANCELADO, or still PAGO while the provider has not confirmed the refund).
          const depois = (await repository.situacao(id))?.situacao ?? null;
          await registrarAuditoria(db, quemAudita(user), {
            entidade: 'pedido',
            entidadeId: id,
            acao: 'CANCELAR',
            antes: { id, situacao: 'PAGO' },
            depois: { id, situacao: depois, estorno: true },
          });
          return detalhe(id);
        }
        throw conflict(MSG.pedidoEnviadoNaoCancela);
      }
      await pagamentos?.cancelarCobrancasVivas(id);
      return detalhe(id);
    },

    /** PUT /pedido/enviar/{id} (staff): PAGO → ENVIADO with the tracking code, mailed to the client. */
    enviar: (user: AuthUser, id: number, codigoRastreio: string) => moverPelaEquipe(user, id, 'ENVIAR', codigoRastreio),

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
