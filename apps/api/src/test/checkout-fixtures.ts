/**
 * What the checkout's API tests send: a card token from the sandbox tokenizer and a creation payload
 * priced as the server prices it (catalogue prices, a real freight quote when something ships).
 */
import type { FastifyInstance } from 'fastify';
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { fromCents, type Cents } from '@clinica/shared/money';
import { pixDiscount } from '@clinica/shared/pix-discount';
import { freteApi, type OpcaoFrete } from '@clinica/shared/schemas/frete';
import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { contentOf } from './harness.js';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

/**
 * Sets the store's PIX discount to none and turns free shipping off, for the tests of orders and payments whose
 * totals are the products plus the freight by either method; the discount and free shipping have their own tests
 * (modules/checkout/parcelamento.test.ts, modules/checkout/cupom-frete.test.ts).
 */
export async function semDescontoPixNemFreteGratis(database: {
  raw: (sql: string) => Promise<unknown>;
}): Promise<void> {
  await database.raw('UPDATE regras_comerciais SET pix_desconto_centesimos = 0, frete_gratis_ativo = false');
}

/** Mercado Pago's test cards (the sandbox follows them; the holder name decides the answer: APRO, OTHE…). */
export const CARTOES = { master: '5031433215406351', visa: '4235647728025682' } as const;

/** The CEP and city every test delivers to (São Paulo, Avenida Paulista). */
const CEP_ENTREGA = '01310-100';
const ENDERECO_ENTREGA = {
  ufId: 35,
  municipioId: 3550308,
  bairro: 'Bela Vista',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  cep: CEP_ENTREGA,
  complemento: null,
};

/** The demo customer's personal data as the checkout sends them. */
const DADOS_MARIA = {
  nome: 'Maria Cliente Silva',
  email: 'cliente@clinica.com.br',
  telefone: '(11) 9 8765-4321',
  documento: '529.982.247-25',
};

/** A sandbox card token for `titular` (the sandbox's tokenizer, as the browser calls it). */
export async function tokenDeCartao(app: FastifyInstance, titular: string, numero: string = CARTOES.master) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sandbox/cartao/token',
    payload: {
      cardNumber: numero,
      cardholderName: titular,
      cardExpirationMonth: '11',
      cardExpirationYear: '2030',
      securityCode: '123',
      identificationType: 'CPF',
      identificationNumber: '12345678909',
    },
  });
  return contentOf(sandboxPagamentoApi.cartaoToken, res);
}

/** The cheapest freight option quoted for `linhas` to `cep` (CEP_ENTREGA by default). */
export async function cotarFrete(
  app: FastifyInstance,
  linhas: ReadonlyArray<{ id: number; quantidade: number }>,
  cep: string = CEP_ENTREGA,
): Promise<OpcaoFrete> {
  return (await cotarFretes(app, linhas, cep))[0]!;
}

/** Every freight option quoted for `linhas` to `cep`, cheapest first. */
export async function cotarFretes(
  app: FastifyInstance,
  linhas: ReadonlyArray<{ id: number; quantidade: number }>,
  cep: string = CEP_ENTREGA,
): Promise<OpcaoFrete[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/frete/calcular',
    payload: { cep, pedidoProdutos: linhas },
    remoteAddress: '10.66.0.1',
  });
  return contentOf(freteApi.calcular, res);
}

/**
 * The `pagamento` part of a creation: PIX, or a card's token (null: the order is created and not charged) with
 * its installments (absent: 1x) and BIN.
 */
export type PagamentoDoCorpo =
  | { tipoPagamento: 'pix' }
  | { tipoPagamento: 'boleto' }
  | {
      tipoPagamento: 'credit';
      token: string | null;
      paymentMethodId?: string;
      parcelamento?: InstallmentPlan;
      bin?: string;
    };

/** An installment plan in cents as the wire carries it (reais). */
export const parcelamentoNoFio = (p: InstallmentPlan) => ({
  parcelas: p.parcelas,
  valorParcela: fromCents(p.valorParcela),
  total: fromCents(p.total),
});

/**
 * A creation payload for `clienteId`: one unit of each of `itens` at its catalogue price, with `opcao` as the
 * freight (null: nothing ships), delivered to `endereco` (ENDERECO_ENTREGA by default), the totals the server will
 * compute: less `cupom.desconto` with the coupon's code, by PIX `pixPercent` off the products after the coupon (the
 * store's discount, none unless given; not with a coupon that does not combine with it), and no freight when
 * `freteGratis` (the option then sent at 0, as the quote shows it).
 */
export function corpoDoPedido(p: {
  clienteId: number;
  itens: ReadonlyArray<{ id: number; preco: Cents; quantidade?: number }>;
  opcao: OpcaoFrete | null;
  pagamento: PagamentoDoCorpo;
  pixPercent?: number;
  cupom?: { codigo: string; desconto: Cents; acumulaPix: boolean };
  freteGratis?: boolean;
  endereco?: typeof ENDERECO_ENTREGA;
}) {
  const frete = p.freteGratis ? 0 : (p.opcao?.custom_price ?? 0);
  const produtos = p.itens.reduce((s, i) => s + i.preco * (i.quantidade ?? 1), 0);
  const cupom = p.cupom?.desconto ?? 0;
  const comPix = p.pagamento.tipoPagamento === 'pix' && (!p.cupom || p.cupom.acumulaPix);
  const desconto = comPix ? pixDiscount(produtos - cupom, p.pixPercent ?? 0) : 0;
  const total = produtos - cupom - desconto + frete;
  return {
    valorTotal: fromCents(total),
    clienteId: p.clienteId,
    nomeRecebedor: DADOS_MARIA.nome,
    telefoneRecebedor: '11987654321',
    itens: p.itens.map((i) => ({
      produto: { id: i.id },
      quantidade: i.quantidade ?? 1,
      valor: fromCents(i.preco),
      valorTotal: fromCents(i.preco * (i.quantidade ?? 1)),
    })),
    enderecoEntrega: p.endereco ?? ENDERECO_ENTREGA,
    dadosPessoais: DADOS_MARIA,
    versaoTermos: VERSAO_TERMOS,
    ...(p.cupom ? { cupom: p.cupom.codigo } : {}),
    entrega: p.opcao
      ? {
          idMelhorEnvio: p.opcao.id,
          name: p.opcao.name,
          customPrice: fromCents(frete),
          tempoEntrega: p.opcao.delivery_range.max,
          transportadora: p.opcao.company.name,
        }
      : null,
    pagamento: {
      nome: DADOS_MARIA.nome,
      email: DADOS_MARIA.email,
      valor: fromCents(total),
      ...(p.pagamento.tipoPagamento === 'pix'
        ? { tipoPagamento: 'pix', paymentMethodId: 'pix', token: null }
        : p.pagamento.tipoPagamento === 'boleto'
          ? { tipoPagamento: 'boleto', paymentMethodId: 'bolbradesco', token: null }
          : {
              tipoPagamento: 'credit',
              paymentMethodId: p.pagamento.paymentMethodId ?? 'master',
              token: p.pagamento.token,
              ...(p.pagamento.parcelamento ? { parcelamento: parcelamentoNoFio(p.pagamento.parcelamento) } : {}),
              ...(p.pagamento.bin ? { bin: p.pagamento.bin } : {}),
            }),
    },
  };
}
