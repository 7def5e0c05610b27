import { cartNeedsShipping } from '@clinica/shared/cart';
import { onlyAlphanumeric, onlyDigits } from '@clinica/shared/documents';
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { fromCents } from '@clinica/shared/money';
import { cartOrderTotals, orderItemsFromCart } from '@clinica/shared/order-total';
import type { CartLine } from '@clinica/shared/schemas/cart';
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { OpcaoFrete } from '@clinica/shared/schemas/frete';
import type { PedidoCreateBody, TipoPagamento } from '@clinica/shared/schemas/pedido';
import type { AddressValues } from '../../components/address/address-schema';
import { planOnWire, priceForMethod } from '../../lib/payment/order-price';
import { pessoaKind, type EmailValues, type PessoaValues, type RecebedorValues } from './checkout-schemas';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

export interface OrderInput {
  clienteId: number;
  items: readonly CartLine[];
  email: EmailValues;
  pessoa: PessoaValues;
  recebedor: RecebedorValues;
  endereco: AddressValues;
  /** The chosen freight option (ignored when nothing ships). */
  frete: OpcaoFrete | null;
  metodo: TipoPagamento;
  /** The card's token and brand (credit only): the number never reaches the API. */
  cartao?: { token: string; paymentMethodId: string } | null;
  /** The commercial rules the total is priced with (the PIX discount by PIX). */
  regras: RegrasComerciais;
  /** The bag's coupon as the server checked it (docs/behaviour/bag-and-checkout.md#coupons), or null. */
  cupom?: { codigo: string; desconto: number; acumulaPix: boolean } | null;
  /** Credit: the installments chosen, and the card's BIN their offer came for (Mercado Pago). */
  parcelamento?: InstallmentPlan | null;
  bin?: string | null;
}

/**
 * `POST /pedido/create` body (docs/behaviour/bag-and-checkout.md#order-creation). Money is cents
 * in code and reais on the wire; the server recomputes every amount (a
 * difference over 1 cent is refused), the total for the method chosen (the PIX
 * discount by PIX) and a card's installments. An order of digital items only
 * has no `entrega` nor `enderecoEntrega` (freight 0, nothing to deliver).
 */
export function buildPedidoBody(input: OrderInput): PedidoCreateBody {
  const ships = cartNeedsShipping(input.items);
  const frete = ships ? input.frete : null;
  const totals = cartOrderTotals(input.items, frete?.custom_price ?? 0);
  // A free option was quoted at 0 (`freteGratis`): the freight is what the option says.
  const preco = priceForMethod(
    { itens: totals.itemsCents, frete: totals.freightCents, cupom: input.cupom, freteGratis: frete?.freteGratis },
    input.metodo,
    input.regras,
  );
  const credit = input.metodo === 'credit';
  const company = pessoaKind(input.pessoa.documento) === 'cnpj';
  const nome = (company ? input.pessoa.razaoSocial : input.pessoa.nome).trim();
  const email = input.email.email.trim().toLowerCase();
  const { endereco } = input;
  return {
    valorTotal: fromCents(preco.total),
    clienteId: input.clienteId,
    nomeRecebedor: input.recebedor.recebedor.trim() || null,
    telefoneRecebedor: onlyDigits(input.recebedor.telefoneRecebedor) || null,
    itens: orderItemsFromCart(input.items).map((item) => ({
      ...item,
      valor: fromCents(item.valor),
      valorTotal: fromCents(item.valorTotal),
    })),
    enderecoEntrega: ships
      ? {
          ufId: Number(endereco.uf),
          municipioId: Number(endereco.municipio),
          bairro: endereco.bairro.trim(),
          logradouro: endereco.logradouro.trim(),
          numero: endereco.numero.trim(),
          cep: onlyDigits(endereco.cep),
          complemento: endereco.complemento.trim() || null,
        }
      : null,
    cupom: input.cupom?.codigo ?? null,
    // The terms of purchase the payment step showed (ADR 035); the API refuses another version.
    versaoTermos: VERSAO_TERMOS,
    dadosPessoais: {
      nome,
      email,
      telefone: onlyDigits(input.pessoa.telefone),
      documento: onlyAlphanumeric(input.pessoa.documento),
    },
    entrega: frete
      ? {
          idMelhorEnvio: frete.id,
          name: frete.name,
          customPrice: fromCents(frete.custom_price),
          tempoEntrega: frete.delivery_range.max,
          transportadora: frete.company.name,
        }
      : null,
    pagamento: {
      tipoPagamento: input.metodo,
      paymentMethodId:
        input.metodo === 'pix'
          ? 'pix'
          : input.metodo === 'boleto'
            ? 'bolbradesco'
            : (input.cartao?.paymentMethodId ?? null),
      nome,
      email,
      valor: fromCents(preco.total),
      token: credit ? (input.cartao?.token ?? null) : null,
      parcelamento: credit && input.parcelamento ? planOnWire(input.parcelamento) : null,
      bin: credit ? (input.bin ?? null) : null,
    },
  };
}
