/** Wire shapes (as the API answers them: money in reais) for the client screens' tests. */
import type { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import type { enderecoApi } from '@clinica/shared/schemas/endereco';
import type { pedidoApi } from '@clinica/shared/schemas/pedido';
import { CLIENTE_PF } from '../../test/account-fixtures';
import type { WireContent } from '../../test/test-utils';

type ListagemWire = WireContent<typeof clienteAdminApi.buscar>;
type ClienteWire = ListagemWire['clientes'][number];
type DetalheWire = WireContent<typeof clienteAdminApi.detalhe>;
type PedidosWire = WireContent<typeof pedidoApi.listagemAdmin>;
type PedidoResumoWire = PedidosWire['pedidos'][number];

export const USUARIO_SESSION = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe' };

export function clienteWire(id: number, patch: Partial<ClienteWire> = {}): ClienteWire {
  return {
    id,
    juridica: false,
    nome: 'Maria Cliente Silva',
    razaoSocial: null,
    nomeExibicao: 'Maria Cliente Silva',
    cpfCnpj: '52998224725',
    telefone: '11987654321',
    cidade: 'São Paulo',
    estado: 'SP',
    email: 'cliente@clinica.com.br',
    ...patch,
  };
}

export const EMPRESA_WIRE = clienteWire(8, {
  juridica: true,
  nome: null,
  razaoSocial: 'Consultório Odontológico Boa Vista Ltda.',
  nomeExibicao: 'Consultório Odontológico Boa Vista Ltda.',
  cpfCnpj: '11222333000181',
  telefone: '1133334444',
  cidade: 'Campinas',
  email: 'empresa@clinica.com.br',
});

export const buscarWire = (clientes: ClienteWire[], patch: Partial<ListagemWire> = {}): ListagemWire => ({
  clientes,
  totalPaginas: clientes.length === 0 ? 0 : 1,
  totalRegistros: clientes.length,
  totalRegistroPagina: clientes.length,
  page: 0,
  ...patch,
});

export function detalheWire(id: number, patch: Partial<DetalheWire> = {}): DetalheWire {
  return {
    // The same person as the customer screens' CLIENTE_PF, at another address.
    ...CLIENTE_PF,
    id,
    endereco: {
      id: 4,
      cep: '01310200',
      logradouro: 'Avenida Paulista',
      numero: '1578',
      complemento: 'Apto 42',
      bairro: 'Bela Vista',
      municipio: { id: 3550308, nome: 'São Paulo' },
      uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
    },
    usuario: { id: 3, email: 'cliente@clinica.com.br', confirmado: true },
    cadastradoEm: '2025-01-10T13:00:00.000Z',
    pedidos: { quantidade: 7, quantidadePagos: 5, valorPago: 1234.5, ultimoPedidoEm: '2025-03-05T15:00:00.000Z' },
    ...patch,
  };
}

export function pedidoResumoWire(id: number, patch: Partial<PedidoResumoWire> = {}): PedidoResumoWire {
  return {
    id,
    situacaoPedido: 'PAGO',
    cliente: { id: 1, nome: 'Maria Cliente Silva' },
    valor: 150,
    valorTotal: 150,
    dtPedido: '2025-03-05T15:00:00.000Z',
    dataPagamento: null,
    pagamento: null,
    produtos: [],
    ...patch,
  };
}

export const pedidosWire = (pedidos: PedidoResumoWire[], patch: Partial<PedidosWire> = {}): PedidosWire => ({
  pedidos,
  totalRegistroPagina: pedidos.length,
  totalRegistro: pedidos.length,
  totalPaginas: pedidos.length === 0 ? 0 : 1,
  page: 0,
  ...patch,
});

export const UFS: WireContent<typeof enderecoApi.ufs> = [
  { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
  { id: 35, sigla: 'SP', nome: 'São Paulo' },
];

export const CIDADES_SP: WireContent<typeof enderecoApi.municipios> = [
  { id: 3509502, nome: 'Campinas' },
  { id: 3550308, nome: 'São Paulo' },
];
