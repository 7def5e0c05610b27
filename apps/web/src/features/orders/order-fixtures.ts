/**
 * Orders as the API answers them (money in reais on the wire), for the tests
 * of this feature. Shapes follow apps/api/src/modules/pedido/pedido.test.ts.
 */
import type { z } from 'zod';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { notaFiscalApi, type NotaFiscal } from '@clinica/shared/schemas/nota-fiscal';
import type { pedidoResumoSchema, pedidoSchema, SituacaoPedido } from '@clinica/shared/schemas/pedido';
import { fail, okFor, type MockReply } from '../../test/test-utils';

export type PedidoWire = z.input<typeof pedidoSchema>;
export type PedidoResumoWire = z.input<typeof pedidoResumoSchema>;

export const CLIENTE_SESSION = { idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria Cliente Silva' } as const;

export function resumoWire(id: number, situacaoPedido: SituacaoPedido = 'PENDENTE'): PedidoResumoWire {
  return {
    id,
    situacaoPedido,
    cliente: { id: 3, nome: 'Maria Cliente Silva' },
    valor: 43.8,
    valorTotal: 43.8,
    dtPedido: '2025-03-05T17:32:00.000Z',
    dataPagamento: null,
    pagamento: null,
    produtos: [
      { produtoId: 1, produtoNome: 'Escova ultramacia', quantidade: 1, digital: false },
      { produtoId: 2, produtoNome: 'Espelho bucal', quantidade: 1, digital: false },
    ],
  };
}

export function pedidoWire(id: number, situacaoPedido: SituacaoPedido = 'PENDENTE'): PedidoWire {
  return {
    id,
    situacaoPedido,
    cliente: { id: 3, nome: 'Maria Cliente Silva' },
    valor: 58.8,
    valorTotal: 58.8,
    cro: null,
    valorProdutos: 43.8,
    valorFrete: 15,
    descontoPix: 0,
    cupom: null,
    freteGratis: false,
    versaoTermos: '2026-11-28',
    dtPedido: '2025-03-05T17:32:00.000Z',
    nomeRecebedor: 'Maria Cliente Silva',
    telefoneRecebedor: '11987654321',
    produtos: [
      {
        produtoId: 1,
        produtoNome: 'Escova ultramacia',
        quantidade: 1,
        valor: 18.9,
        valorTotal: 18.9,
        brinde: false,
        digital: false,
      },
      {
        produtoId: 2,
        produtoNome: 'Espelho bucal',
        quantidade: 1,
        valor: 24.9,
        valorTotal: 24.9,
        brinde: false,
        digital: false,
      },
      {
        produtoId: 9,
        produtoNome: 'Nécessaire de brinde',
        quantidade: 1,
        valor: 0,
        valorTotal: 0,
        brinde: true,
        digital: false,
      },
    ],
    enderecoEntrega: {
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Sala 1',
      bairro: 'Bela Vista',
      cep: '01310100',
      municipio: { id: 3550308, nome: 'São Paulo' },
      uf: { id: 35, sigla: 'SP' },
    },
    entrega: { idMelhorEnvio: 1, name: 'PAC', customPrice: 15, tempoEntrega: 7, transportadora: 'Correios' },
    pagamento: {
      id: 1,
      tipoPagamento: 'pix',
      status: situacaoPedido === 'PAGO' ? 'approved' : 'pending',
      valor: 58.8,
      createAt: [2025, 3, 5],
      dataPagamento: null,
      parcelamento: null,
    },
    pix: null,
    boleto: null,
    historico: [
      { de: null, para: 'PENDENTE', quem: 'SISTEMA', quemId: null, quando: '2025-03-05T17:32:00.000Z' },
      ...(situacaoPedido === 'PENDENTE'
        ? []
        : [
            {
              de: 'PENDENTE' as const,
              para: situacaoPedido,
              quem: 'SISTEMA' as const,
              quemId: null,
              quando: '2025-03-05T17:40:00.000Z',
            },
          ]),
    ],
    rastreio:
      situacaoPedido === 'ENVIADO' || situacaoPedido === 'ENTREGUE'
        ? {
            codigo: 'AA473124829BR',
            url: 'https://rastreamento.correios.com.br/app/index.php?objetos=AA473124829BR',
            enviadoEm: '2025-03-06T13:00:00.000Z',
            entregueEm: situacaoPedido === 'ENTREGUE' ? '2025-03-10T18:20:00.000Z' : null,
          }
        : null,
    // Old orders: the 7 days of the right of withdrawal are over (ADR 036).
    desistencia:
      situacaoPedido === 'PAGO' || situacaoPedido === 'ENVIADO' || situacaoPedido === 'ENTREGUE'
        ? {
            tipo: 'produtos',
            podeDesistir: false,
            prazo: situacaoPedido === 'ENTREGUE' ? '2025-03-18T03:00:00.000Z' : null,
            solicitadaEm: null,
            motivo: null,
            devolucaoRecebidaEm: null,
          }
        : null,
  };
}

/** A digital-only order: no address, no freight. */
export function pedidoDigitalWire(id: number): PedidoWire {
  return {
    ...pedidoWire(id),
    valor: 97,
    valorTotal: 97,
    valorProdutos: 97,
    valorFrete: 0,
    nomeRecebedor: null,
    telefoneRecebedor: null,
    produtos: [
      {
        produtoId: 20,
        produtoNome: 'Biossegurança no consultório',
        quantidade: 1,
        valor: 97,
        valorTotal: 97,
        brinde: false,
        digital: true,
      },
    ],
    enderecoEntrega: null,
    entrega: null,
  };
}

export const listagemWire = (
  pedidos: PedidoResumoWire[],
  page = 0,
  totalPaginas = 1,
  totalRegistros = pedidos.length,
) => ({
  pedidos,
  totalPaginas,
  totalRegistros,
  page,
});

/** The staff's session (USUARIO). */
export const EQUIPE_SESSION = { idUser: 5, permissao: 'USUARIO', nome: 'Equipe da Clínica' } as const;

/** GET /api/pedido/admin/listagem's content. */
export const listagemAdminWire = (
  pedidos: PedidoResumoWire[],
  page = 0,
  totalPaginas = 1,
  totalRegistro = pedidos.length,
) => ({
  pedidos,
  totalRegistroPagina: pedidos.length,
  totalRegistro,
  totalPaginas,
  page,
});

/** A row of the staff list, paid when PAGO or later. */
export function resumoPagoWire(id: number, situacaoPedido: SituacaoPedido = 'PAGO'): PedidoResumoWire {
  const pago = ['PAGO', 'ENVIADO', 'ENTREGUE'].includes(situacaoPedido);
  return {
    ...resumoWire(id, situacaoPedido),
    valor: 58.8,
    valorTotal: 58.8,
    dataPagamento: pago ? '2025-03-05T17:40:00.000Z' : null,
    pagamento: {
      createAt: [2025, 3, 5],
      status: pago ? 'approved' : 'pending',
      tipoPagamento: 'pix',
    },
  };
}

/** GET /api/cliente/buscaNome/{text}. */
export const CLIENTE_SUGESTOES = [
  { id: 3, nome: 'Maria Cliente Silva', cpfCnpj: '52998224725' },
  { id: 8, nome: 'Mariana Souza', cpfCnpj: '11144477735' },
];

/** GET /api/produto/buscaNome/{text}. */
export const PRODUTO_SUGESTOES = [
  { id: 2, nome: 'Espelho bucal', digital: false, pathImgDestaque: null },
  { id: 4, nome: 'Espelho de aumento', digital: false, pathImgDestaque: null },
];

/** The calls an order's screens make besides the order itself: the items' pictures (404: none) and order 12's empty audit trail. */
/** An order's NF-e as GET /pedido/{id}/nota-fiscal answers it: issued by the sandbox unless a test says otherwise. */
export function notaFiscalWire(patch: Partial<NotaFiscal> = {}): NotaFiscal {
  return {
    status: 'emitida',
    provedor: 'sandbox',
    numero: 42,
    serie: 1,
    chaveAcesso: '35250312345678000190550010000000421123456780',
    motivoFalha: null,
    tentativas: 1,
    emitidaEm: '2025-03-05T12:01:00.000Z',
    ...patch,
  };
}

/** The invoices of the orders the dialogs open (order 12 issued, 13 none). */
export const NOTA_FISCAL_CALLS: Record<string, MockReply> = {
  'GET /api/pedido/12/nota-fiscal': okFor(notaFiscalApi.daPedido, notaFiscalWire()),
  'GET /api/pedido/13/nota-fiscal': okFor(notaFiscalApi.daPedido, null),
};

export const ORDER_SCREEN_CALLS: Record<string, MockReply> = {
  ...NOTA_FISCAL_CALLS,
  'GET /api/produto/1': fail(404, 'Não encontrado.'),
  'GET /api/produto/2': fail(404, 'Não encontrado.'),
  'GET /api/produto/9': fail(404, 'Não encontrado.'),
  'GET /api/produto/20': fail(404, 'Não encontrado.'),
  'GET /api/auditoria/pedido/12': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};
