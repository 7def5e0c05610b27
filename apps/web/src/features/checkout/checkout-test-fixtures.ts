import type { pedidoApi } from '@clinica/shared/schemas/pedido';
import type { WireContent } from '../../test/test-utils';

/** The checkout's test orders, as the API sends them. */
export type PedidoWire = WireContent<typeof pedidoApi.create>;
/** The order's payment after a refused card (R$ 63,30). */
export const CARTAO_RECUSADO = {
  id: 5,
  tipoPagamento: 'credit',
  status: 'rejected',
  valor: 63.3,
  createAt: [2026, 1, 10],
  dataPagamento: null,
  parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
} as const satisfies NonNullable<PedidoWire['pagamento']>;

/** Order 41 of client 3, pending, R$ 63,30 with R$ 25,50 of freight; `patch` changes what a test needs. */
export const pedidoWire = (patch: Partial<PedidoWire> = {}): PedidoWire => ({
  id: 41,
  situacaoPedido: 'PENDENTE',
  cliente: { id: 3, nome: 'Maria Cliente Silva' },
  cro: null,
  valor: 63.3,
  valorTotal: 63.3,
  valorProdutos: 37.8,
  valorFrete: 25.5,
  descontoPix: 0,
  cupom: null,
  freteGratis: false,
  versaoTermos: '2026-11-28',
  dtPedido: '2026-01-10T12:00:00.000Z',
  nomeRecebedor: 'Maria Cliente Silva',
  telefoneRecebedor: '11987654321',
  produtos: [],
  enderecoEntrega: null,
  entrega: null,
  pagamento: null,
  pix: null,
  boleto: null,
  historico: [],
  rastreio: null,
  desistencia: null,
  ...patch,
});

/** An order of one course (R$ 97,00, no freight): the patch of `pedidoWire`. */
export const TOTAIS_CURSO = { valor: 97, valorTotal: 97, valorProdutos: 97, valorFrete: 0 } as const;

/** The body of order 41's card paid again from the checkout (POST /pagamento/processar), with the test card's token. */
export const PAGAR_DE_NOVO = {
  idPedido: 41,
  tipoPagamento: 'credit',
  token: 'tok_123',
  paymentMethodId: 'visa',
  valor: 63.3,
  email: 'cliente@clinica.com.br',
  origem: 'checkout',
  parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
  bin: null,
} as const;
