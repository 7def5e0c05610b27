import { itensSemCro } from '@clinica/shared/anvisa';
import { freeShippingApplies } from '@clinica/shared/free-shipping';
import { giftEarned } from '@clinica/shared/gift';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import type { Cents } from '@clinica/shared/money';
import { priceOrder, type OrderPricing } from '@clinica/shared/order-pricing';
import { orderTotals } from '@clinica/shared/order-total';
import type { OpcaoFrete } from '@clinica/shared/schemas/frete';
import type { PedidoCreateData, TipoPagamento } from '@clinica/shared/schemas/pedido';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import { ufDaFaixa } from '../../integrations/cep/offline-cep-provider.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import type { RegrasDePreco } from '../comercial/comercial.repository.js';
import type { AvaliacaoDeCupom, UsoDeCupom } from '../cupom/cupom-uso.js';
import { semEstoque } from '../pedido/pedido-estoque.js';
import type { DadosDaCotacao } from '../frete/frete.service.js';
import type { ParcelamentoService } from './parcelamento.js';
import type { NovoPedidoData, PrecificacaoRepository } from './precificacao.repository.js';

/** A client's value may differ from the server's by rounding, never by more than this (cents). */
const TOLERANCIA_CENTS = 1;

/** What the freight module offers the checkout (modules/frete: freteService.opcao). */
export interface FreteParaPedido {
  /** The option `id` quoted for the lines, with the products and company CEP the order already read. */
  opcao(
    cep: string,
    itens: ReadonlyArray<{ id: number; quantidade: number }>,
    id: number,
    lidos: DadosDaCotacao,
  ): Promise<OpcaoFrete | null>;
}

type Campo = { campo: string; mensagem: string };
const difere = (a: Cents, b: Cents) => Math.abs(a - b) > TOLERANCIA_CENTS;

/** What an order is priced on, whatever the method: its products, its coupon and its freight (ADR 028). */
export interface BaseDoPreco {
  itens: Cents;
  /** The coupon's discount (0 without a coupon) and whether it combines with the PIX discount. */
  cupom: Cents;
  cupomAcumulaPix: boolean;
  frete: Cents;
  /** The store's free shipping applies (decided once, when the order is created: ADR 028). */
  freteGratis: boolean;
}

/**
 * An order's price for the method it is paid with, in ADR 024's order of discounts (products, coupon, PIX discount
 * on the products only, freight): the one call of priceOrder, made for a new order and again for each payment of an
 * existing one (a switch of method moves the PIX discount; the coupon and free shipping stay as the order has them).
 */
export function precoParaMetodo(base: BaseDoPreco, metodo: TipoPagamento, regras: RegrasDePreco): OrderPricing {
  return priceOrder({
    itens: base.itens,
    cupom: base.cupom,
    cupomAcumulaPix: base.cupomAcumulaPix,
    metodo,
    pixPercent: regras.pixPercent,
    frete: base.frete,
    freteGratis: base.freteGratis,
  });
}

/** What the coupon module offers the order's pricing: avaliarCupom on the database, at the server's clock. */
export type AvaliarCupom = (uso: UsoDeCupom) => Promise<AvaliacaoDeCupom>;

/** The server's price of a new order (ADR 010): the checkout module's pricing. */
export function createPrecificacao({
  repository,
  frete,
  parcelamento,
  avaliarCupom,
}: {
  repository: Pick<PrecificacaoRepository, 'paraPrecificar'>;
  frete: FreteParaPedido;
  parcelamento: Pick<ParcelamentoService, 'escolhido'>;
  avaliarCupom: AvaliarCupom;
}) {
  /**
   * The order as the server prices it (ADR 010: the server is the authority
   * on money). Reads only, outside any transaction (the freight quote may call
   * a provider). Refusals: 422 unknown, inactive or unavailable product, no
   * delivery option or address when something ships, city outside the state;
   * 409 a unit price, the freight or the total (for the method chosen: the PIX
   * discount off by PIX) differing from the server's by more than a cent, card
   * installments not offered for that total, a freight option no longer offered,
   * a digital product already owned or in another open order whose payment is
   * on its way, a coupon that does not apply (its reason, ADR 028).
   * When the checkout attempt already has its order (a retry whose key was
   * forgotten, ADR 010), that order's id instead, and nothing is checked.
   */
  async function precificar(
    body: PedidoCreateData,
    chaveCheckout: string,
  ): Promise<{ existente: number } | { plano: NovoPedidoData }> {
    const ids = [...new Set(body.itens.map((i) => i.produto.id))];
    const e = body.enderecoEntrega;
    // One read for the products, the gift, the city check, the freight's origin and the attempt's order
    // (README, Desempenho: P4).
    const dados = await repository.paraPrecificar(ids, {
      clienteId: body.clienteId,
      chaveCheckout,
      municipioId: e?.municipioId ?? null,
      ufId: e?.ufId ?? null,
    });
    if (dados.pedidoDaTentativa !== null) return { existente: dados.pedidoDaTentativa };
    // The terms of purchase the customer saw (ADR 035): none is 422, another version than the current one 409 (the
    // customer reloads the page to read the current text). Checked after the attempt's own order, so a retry of an
    // attempt made under the previous text still finds its order.
    const versaoTermos = body.versaoTermos ?? null;
    if (versaoTermos === null)
      throw unprocessable(MSG_TERMOS.versaoAusente, {
        errors: [{ campo: 'versaoTermos', mensagem: MSG_TERMOS.versaoAusente }],
      });
    if (versaoTermos !== VERSAO_TERMOS)
      throw conflict(MSG_TERMOS.versaoDesatualizada, {
        errors: [{ campo: 'versaoTermos', mensagem: MSG_TERMOS.versaoDesatualizada }],
      });
    const catalogo = new Map(dados.produtos.map((p) => [p.id, p]));

    const indisponiveis: Campo[] = [];
    const divergentes: Campo[] = [];
    // Lines by product, in the order they first appear.
    const linhas = new Map<number, { nome: string; preco: Cents; digital: boolean; quantidade: number }>();
    const campoDoProduto = (id: number) => `itens.${body.itens.findIndex((i) => i.produto.id === id)}.quantidade`;
    body.itens.forEach((item, i) => {
      const p = catalogo.get(item.produto.id);
      if (!p) {
        indisponiveis.push({ campo: `itens.${i}.produto.id`, mensagem: MSG.produtoNaoEncontrado });
        return;
      }
      // A gift line is the server's to decide (ADR 010): dropped here, added back below when earned.
      if (p.brinde) {
        if (difere(item.valor, 0))
          divergentes.push({ campo: `itens.${i}.valor`, mensagem: MSG_API.pedidoValorDivergente });
        return;
      }
      if (!p.ativo || !p.disponivel) {
        indisponiveis.push({ campo: `itens.${i}.produto.id`, mensagem: `${MSG.produtoIndisponivel}: ${p.nome}` });
        return;
      }
      if (difere(item.valor, p.preco)) {
        divergentes.push({ campo: `itens.${i}.valor`, mensagem: MSG_API.pedidoValorDivergente });
      }
      const linha = linhas.get(p.id);
      // A digital product is bought once (ADR 010): one unit whatever was asked.
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
    // RDC 6/2015 (ADR 037): a professional-use product is sold only to a customer with a CRO in the profile.
    const semCro = itensSemCro(
      [...linhas].map(([id, l]) => ({ id, nome: l.nome, usoProfissional: catalogo.get(id)!.usoProfissional })),
      dados.cro,
    );
    if (semCro.length > 0) {
      const texto = (nome: string) => MSG_ANVISA.pedidoSemCro.replace('{produto}', nome);
      throw unprocessable(texto(semCro[0]!.nome), {
        errors: semCro.map((i) => ({
          campo: `itens.${body.itens.findIndex((b) => b.produto.id === i.id)}.produto.id`,
          mensagem: texto(i.nome),
        })),
      });
    }
    const temProfissional = [...linhas.keys()].some((id) => catalogo.get(id)!.usoProfissional);
    if (divergentes.length) throw conflict(MSG_API.pedidoValorDivergente, { errors: divergentes });
    if (linhas.size === 0)
      throw unprocessable(MSG.pedidoSemItens, { errors: [{ campo: 'itens', mensagem: MSG.pedidoSemItens }] });

    const digitais = [...linhas].filter(([, l]) => l.digital).map(([id]) => id);
    const jaTem = new Set(digitais.filter((id) => catalogo.get(id)!.jaComprado));
    if (jaTem.size > 0) {
      const [id] = [...jaTem];
      const nome = linhas.get(id!)!.nome;
      throw conflict(MSG_API.produtoDigitalJaAdquirido.replace('{nome}', nome), {
        errors: [...jaTem].map((pid) => ({
          campo: `itens.${body.itens.findIndex((i) => i.produto.id === pid)}.produto.id`,
          mensagem: MSG_API.produtoDigitalJaAdquirido.replace('{nome}', linhas.get(pid)!.nome),
        })),
      });
    }

    // A course in another order whose payment is on its way (a PIX still payable, a card in review): one
    // checkout must not pay for it twice (ADR 010). An open order without a running charge does not block:
    // if both end up paid, the second approval is refunded (ADR 012).
    const emAberto = digitais.find((id) => catalogo.get(id)!.pedidoEmAberto !== null);
    if (emAberto !== undefined) {
      const texto = MSG_API.cursoEmPedidoAberto
        .replace('{nome}', linhas.get(emAberto)!.nome)
        .replace('{id}', String(catalogo.get(emAberto)!.pedidoEmAberto));
      throw conflict(texto, {
        errors: [
          { campo: `itens.${body.itens.findIndex((i) => i.produto.id === emAberto)}.produto.id`, mensagem: texto },
        ],
      });
    }

    // Stock (ADR 032): a physical line asking for more units than are free now is refused with how many remain. The
    // order's own statement reserves them (precificacao.repository.ts), which decides a race for the last units.
    const faltas = [...linhas]
      .filter(([id, l]) => !l.digital && l.quantidade > catalogo.get(id)!.restam)
      .map(([id, l]) => ({ produtoId: id, nome: l.nome, restam: catalogo.get(id)!.restam }));
    if (faltas.length > 0) throw semEstoque(faltas, campoDoProduto);

    const itens: NovoPedidoData['itens'] = [...linhas].map(([produtoId, l]) => ({
      produtoId,
      produtoNome: l.nome,
      quantidade: l.quantidade,
      valorUnitario: l.preco,
      valorTotal: l.preco * l.quantidade,
      brinde: false,
      digital: l.digital,
    }));

    // The coupon (ADR 028): evaluated again with the server's own data (the customer's uses and first purchase, the
    // lines as priced here, their categories and kinds). Its use is written inside the order's transaction
    // (registrarUso), which decides the race for its last uses.
    let cupom: NovoPedidoData['cupom'] = null;
    if (body.cupom) {
      const linhasDoCupom = itens.map((i) => ({ produtoId: i.produtoId, valor: i.valorTotal, brinde: false }));
      const avaliacao = await avaliarCupom({ codigo: body.cupom, clienteId: body.clienteId, linhas: linhasDoCupom });
      if (!avaliacao.ok) {
        throw conflict(avaliacao.mensagem, { errors: [{ campo: 'cupom', mensagem: avaliacao.mensagem }] });
      }
      cupom = {
        codigo: avaliacao.cupom.codigo,
        desconto: avaliacao.desconto,
        acumulaPix: avaliacao.cupom.acumulaPix,
        acumulaBrinde: avaliacao.cupom.acumulaBrinde,
        linhas: linhasDoCupom,
      };
    }

    // The gift (ADR 010): earned on the server's own subtotal and the active threshold; not with a coupon that does
    // not combine with it (ADR 025).
    const subtotal = orderTotals({ items: itens.map((i) => ({ unitCents: i.valorUnitario, quantity: i.quantidade })) });
    if (
      (cupom === null || cupom.acumulaBrinde) &&
      giftEarned(subtotal.itemsCents, dados.limiarBrinde, itens.length > 0)
    ) {
      const brinde = dados.brinde;
      // A physical gift with no unit left is not given: the order goes on without it, never refused for it (ADR 032).
      if (brinde && (brinde.digital || brinde.restam > 0)) {
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
    let freteGratis = false;
    const descontoCupom = cupom?.desconto ?? 0;

    if (enviaveis.length > 0 && !e) {
      throw unprocessable(MSG.pedidoEnderecoObrigatorio, {
        errors: [{ campo: 'enderecoEntrega', mensagem: MSG.pedidoEnderecoObrigatorio }],
      });
    }
    // The address is kept whenever something physical goes out (a physical gift included).
    if (e && temFisico) {
      if (!dados.municipioDaUf) {
        throw unprocessable(MSG_API.municipioForaDaUf, {
          errors: [{ campo: 'enderecoEntrega.municipioId', mensagem: MSG_API.municipioForaDaUf }],
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
        throw conflict(MSG_API.pedidoFreteIndisponivel, {
          errors: [{ campo: 'entrega.idMelhorEnvio', mensagem: MSG_API.pedidoFreteIndisponivel }],
        });
      }
      // Free shipping (ADR 024, ADR 028): judged on the products after the coupon, for the CEP's state and the
      // chosen service. The customer saw the option either free (0) or at its price.
      freteGratis = freeShippingApplies(dados.regras.freteGratis, {
        subtotal: subtotal.itemsCents - descontoCupom,
        uf: ufDaFaixa(e.cep),
        servico: opcao.id,
      });
      if (
        difere(body.entrega.customPrice, opcao.custom_price) &&
        !(freteGratis && !difere(body.entrega.customPrice, 0))
      ) {
        throw conflict(MSG_API.pedidoFreteDivergente, {
          errors: [{ campo: 'entrega.customPrice', mensagem: MSG_API.pedidoFreteDivergente }],
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
    const metodo = body.pagamento.tipoPagamento;
    const preco = precoParaMetodo(
      {
        itens: totais.itemsCents,
        cupom: descontoCupom,
        cupomAcumulaPix: cupom?.acumulaPix ?? false,
        frete: totais.freightCents,
        freteGratis,
      },
      metodo,
      dados.regras,
    );
    const totalDivergente: Campo[] = [];
    if (difere(body.valorTotal, preco.total)) {
      totalDivergente.push({ campo: 'valorTotal', mensagem: MSG_API.pedidoValorDivergente });
    }
    if (body.pagamento.valor !== undefined && difere(body.pagamento.valor, preco.total)) {
      totalDivergente.push({ campo: 'pagamento.valor', mensagem: MSG_API.pedidoValorDivergente });
    }
    if (totalDivergente.length) throw conflict(MSG_API.pedidoValorDivergente, { errors: totalDivergente });
    const plano =
      metodo === 'credit'
        ? await parcelamento.escolhido(
            preco.total,
            body.pagamento.parcelamento,
            body.pagamento.bin,
            dados.regras.parcelamento,
            'pagamento.parcelamento',
          )
        : null;

    const novo: NovoPedidoData = {
      reservas: itens
        .filter((i) => !i.digital && !i.brinde)
        .map((i) => ({ id: i.produtoId, q: i.quantidade }))
        .sort((a, b) => a.id - b.id),
      brindeReserva: itens.find((i) => i.brinde && !i.digital)?.produtoId ?? null,
      clienteId: body.clienteId,
      chaveCheckout,
      valorProdutos: preco.itens,
      valorFrete: preco.frete,
      descontoPix: preco.descontoPix,
      cupom: cupom && { ...cupom, desconto: preco.descontoCupom },
      freteGratis,
      valorTotal: preco.total,
      versaoTermos,
      nomeRecebedor: body.nomeRecebedor,
      telefoneRecebedor: body.telefoneRecebedor,
      dados: {
        nome: body.dadosPessoais.nome,
        email: body.dadosPessoais.email,
        telefone: body.dadosPessoais.telefone,
        documento: body.dadosPessoais.documento,
      },
      // The CRO the professional items were sold under (ADR 037): the invoice prints it.
      cro: temProfissional ? dados.cro : null,
      entrega,
      itens,
      endereco,
      pagamento: { tipo: metodo, paymentMethodId: body.pagamento.paymentMethodId, parcelamento: plano },
    };
    return { plano: novo };
  }

  return precificar;
}

export type Precificar = ReturnType<typeof createPrecificacao>;
