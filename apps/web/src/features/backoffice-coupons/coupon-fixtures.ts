import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import type { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { okFor, type WireContent } from '../../test/test-utils';

/** A coupon as GET /cupom/{id} sends it (percentages and reais on the wire). */
export const cupomWire = (
  id: number,
  over: Partial<WireContent<typeof cupomAdminApi.buscar>> = {},
): WireContent<typeof cupomAdminApi.buscar> => ({
  id,
  codigo: 'BEMVINDO10',
  descricao: 'Boas-vindas: 10% na primeira compra',
  tipo: 'PERCENTUAL',
  valor: 10,
  escopo: 'LOJA',
  inicio: null,
  fim: null,
  limiteUsos: null,
  ativo: true,
  usos: 3,
  situacao: 'VIGENTE',
  valorMinimo: null,
  limitePorCliente: 1,
  primeiraCompra: true,
  categorias: [],
  produtos: [],
  acumulaPix: false,
  acumulaBrinde: true,
  totalDescontado: 45.9,
  ...over,
});

export const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente' };
export const EQUIPE = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe' };

/** A coupon's empty audit trail. */
export const semHistorico = okFor(auditoriaApi.listar, { registros: [], totalPaginas: 0, totalRegistros: 0, page: 0 });
