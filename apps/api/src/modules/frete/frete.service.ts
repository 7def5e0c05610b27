import { freeShippingApplies, type FreeShippingRule } from '@clinica/shared/free-shipping';
import type { Cents } from '@clinica/shared/money';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { FreteItem, MelhorEnvioAuth, OpcaoFrete } from '@clinica/shared/schemas/frete';
import { ufDaFaixa } from '../../integrations/cep/offline-cep-provider.js';
import {
  FreteIndisponivelError,
  FreteRecusadoError,
  GrantRecusadoError,
  StateInvalidoError,
  type FreightProvider,
  type MelhorEnvioAuthService,
  type VolumeFrete,
} from '../../integrations/freight/index.js';
import { MEDIDAS_PADRAO } from '../../integrations/freight/local-freight-table.js';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors.js';
import type { FreteRepository, ProdutoFrete } from './frete.repository.js';

export type { OpcaoFrete };

/** A quote line as the orders module has it: product id and quantity. */
export type ItemFrete = Pick<FreteItem, 'id' | 'quantidade'>;

/**
 * What a quote reads, when the caller already read it in its own statement
 * (the orders module, with its prices: docs/quality.md P4): the products (of the
 * lines at least; unknown ids absent) and the company's CEP (or null).
 */
export interface DadosDaCotacao {
  produtos: readonly ProdutoFrete[];
  cepDaEmpresa: string | null;
}

const erroCampo = (campo: string, mensagem: string) => ({ errors: [{ campo, mensagem }] });

/** A measure of the catalogue (numeric string) or the default when blank or zero. */
const medida = (valor: string | null, padrao: number): number => {
  const n = valor === null ? NaN : Number(valor);
  return Number.isFinite(n) && n > 0 ? n : padrao;
};

function volumeDe(produto: ProdutoFrete, quantidade: number): VolumeFrete {
  return {
    id: produto.id,
    quantidade,
    pesoKg: medida(produto.peso, MEDIDAS_PADRAO.pesoKg),
    alturaCm: medida(produto.altura, MEDIDAS_PADRAO.alturaCm),
    larguraCm: medida(produto.largura, MEDIDAS_PADRAO.larguraCm),
    comprimentoCm: medida(produto.comprimento, MEDIDAS_PADRAO.comprimentoCm),
    valorUnitarioCents: produto.preco,
  };
}

export interface FreteServiceDeps {
  repository: FreteRepository;
  provider: FreightProvider;
  /** The Melhor Envio account (FREIGHT_PROVIDER=melhorenvio), or null with the local table. */
  melhorEnvio: MelhorEnvioAuthService | null;
  /** FREIGHT_ORIGIN_CEP (8 digits); by default the company's CEP. */
  cepOrigem?: string | undefined;
  /** The store's free-shipping rule in force (the commercial rules), for quotes given the bag's subtotal. */
  regraFreteGratis: () => Promise<FreeShippingRule>;
}

export function createFreteService({
  repository,
  provider,
  melhorEnvio,
  cepOrigem,
  regraFreteGratis,
}: FreteServiceDeps) {
  /** 503 for the customer, the cause for the log. */
  const indisponivel = (cause: unknown, message: string = MSG_API.freteIndisponivel) =>
    Object.assign(new AppError(503, message), { cause });

  /** FREIGHT_ORIGIN_CEP, else the company's CEP (`cepDaEmpresa` when the caller read it, otherwise read here). */
  async function origem(cepDaEmpresa?: string | null): Promise<{ cep: string; uf: string }> {
    const cep = cepOrigem ?? (cepDaEmpresa !== undefined ? cepDaEmpresa : await repository.cepDaEmpresa());
    const uf = cep ? ufDaFaixa(cep) : null;
    if (!cep || !uf) {
      throw indisponivel(
        new Error('Sem CEP de origem do frete: cadastre o CEP da empresa ou defina FREIGHT_ORIGIN_CEP'),
      );
    }
    return { cep, uf };
  }

  /**
   * The parcel of a quote: the lines merged by product, reloaded from the
   * database (or taken from `lidos`, the caller's read). Unknown or inactive
   * products → 422 naming the line; digital products are left out (nothing to
   * ship); none left → 422.
   */
  async function volumes(itens: readonly ItemFrete[], lidos?: readonly ProdutoFrete[]): Promise<VolumeFrete[]> {
    const quantidades = new Map<number, { quantidade: number; linha: number }>();
    itens.forEach((item, linha) => {
      const atual = quantidades.get(item.id);
      quantidades.set(item.id, {
        quantidade: (atual?.quantidade ?? 0) + item.quantidade,
        linha: atual?.linha ?? linha,
      });
    });
    const produtos = lidos ?? (await repository.produtos([...quantidades.keys()]));
    const encontrados = new Map(produtos.map((p) => [p.id, p]));
    const erros: Array<{ campo: string; mensagem: string }> = [];
    const resultado: VolumeFrete[] = [];
    for (const [id, { quantidade, linha }] of quantidades) {
      const produto = encontrados.get(id);
      const campo = `pedidoProdutos.${linha}.id`;
      if (!produto) erros.push({ campo, mensagem: MSG.produtoNaoEncontrado });
      else if (!produto.ativo) erros.push({ campo, mensagem: MSG.produtoIndisponivel });
      else if (!produto.digital) resultado.push(volumeDe(produto, quantidade));
    }
    if (erros.length > 0) throw unprocessable(erros[0]?.mensagem, { errors: erros });
    if (resultado.length === 0) {
      throw unprocessable(MSG_API.freteSemProdutoFisico, erroCampo('pedidoProdutos', MSG_API.freteSemProdutoFisico));
    }
    return resultado;
  }

  /**
   * The freight options for a destination CEP (8 digits, hyphen allowed) and
   * the bag's lines, cheapest first, prices in cents, recomputed from the
   * database: what POST /frete/calcular answers and what an order is charged.
   * 400 malformed CEP; 422 CEP outside every state, unknown or inactive
   * product, nothing to ship, no service for the destination; 503 when the
   * freight service cannot answer. `lidos`: the products and company CEP
   * already read by the caller (no read of its own then).
   */
  async function cotar(cep: string, itens: readonly ItemFrete[], lidos?: DadosDaCotacao): Promise<OpcaoFrete[]> {
    const match = /^(\d{5})-?(\d{3})$/.exec(cep.trim());
    if (!match) throw badRequest(MSG.cep, erroCampo('cep', MSG.cep));
    const cepDestino = `${match[1]}${match[2]}`;
    const ufDestino = ufDaFaixa(cepDestino);
    if (!ufDestino) throw unprocessable(MSG.cepNaoEncontrado, erroCampo('cep', MSG.cepNaoEncontrado));
    const pacote = await volumes(itens, lidos?.produtos);
    const de = await origem(lidos?.cepDaEmpresa);
    let opcoes: OpcaoFrete[];
    try {
      opcoes = await provider.cotar({
        cepOrigem: de.cep,
        ufOrigem: de.uf,
        cepDestino,
        ufDestino,
        volumes: pacote,
      });
    } catch (err) {
      if (err instanceof FreteRecusadoError) throw Object.assign(unprocessable(MSG.freteSemOpcoes), { cause: err });
      if (err instanceof FreteIndisponivelError) throw indisponivel(err);
      throw err;
    }
    if (opcoes.length === 0) throw unprocessable(MSG.freteSemOpcoes);
    return opcoes;
  }

  /** The option `id` of a new quote (for the order's snapshot), or null when it is not offered. */
  async function opcao(
    cep: string,
    itens: readonly ItemFrete[],
    id: number,
    lidos?: DadosDaCotacao,
  ): Promise<OpcaoFrete | null> {
    return (await cotar(cep, itens, lidos)).find((o) => o.id === id) ?? null;
  }

  return {
    cotar,
    opcao,

    /**
     * POST /frete/calcular: the options for the bag's lines; given the bag's products after the coupon
     * (`subtotal`, cents), each option the store's free shipping covers (the CEP's state, the service, the spend:
     * freeShippingApplies, as the order's pricing decides) comes at 0 with `freteGratis` and its `precoOriginal`.
     */
    async cotarParaSacola(cep: string, itens: readonly ItemFrete[], subtotal?: Cents): Promise<OpcaoFrete[]> {
      const opcoes = await cotar(cep, itens);
      if (subtotal === undefined) return opcoes;
      const regra = await regraFreteGratis();
      const uf = ufDaFaixa(cep.replace(/\D/g, ''));
      return opcoes.map((o) =>
        freeShippingApplies(regra, { subtotal, uf, servico: o.id })
          ? { ...o, custom_price: 0, freteGratis: true, precoOriginal: o.custom_price }
          : { ...o, freteGratis: false },
      );
    },
    /** The price in cents the customer pays for option `id` (re-priced server-side), or null when not offered. */
    async precoDaOpcao(cep: string, itens: readonly ItemFrete[], id: number): Promise<Cents | null> {
      return (await opcao(cep, itens, id))?.custom_price ?? null;
    },

    /** GET /melhorenvio/auth: whether the store must connect its account, and the link (always false with the local table). */
    async statusMelhorEnvio(usuarioId: number): Promise<MelhorEnvioAuth> {
      if (!melhorEnvio) return { autenticar: false, urlAutheticar: null };
      return melhorEnvio.status(usuarioId);
    },

    /**
     * GET /melhorenvio/callback: checks the state, exchanges the code and
     * stores the grant. 404 with the local table; 422 forged or expired
     * link, refused authorization or code; 503 Melhor Envio down.
     */
    async conectarMelhorEnvio(query: {
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
    }) {
      if (!melhorEnvio) throw notFound(MSG_API.melhorEnvioInativo);
      try {
        melhorEnvio.validarState(query.state);
        if (query.error) throw unprocessable(MSG_API.melhorEnvioAutorizacaoNegada);
        if (!query.code)
          throw badRequest(MSG_API.melhorEnvioLinkInvalido, erroCampo('code', MSG_API.melhorEnvioLinkInvalido));
        await melhorEnvio.conectar(query.code, query.state);
      } catch (err) {
        if (err instanceof StateInvalidoError || err instanceof GrantRecusadoError) {
          throw Object.assign(unprocessable(MSG_API.melhorEnvioLinkInvalido), { cause: err });
        }
        if (err instanceof FreteIndisponivelError) throw indisponivel(err, MSG_API.servicoIndisponivel);
        throw err;
      }
      return { autenticar: false, urlAutheticar: null } satisfies MelhorEnvioAuth;
    },
  };
}

export type FreteService = ReturnType<typeof createFreteService>;
