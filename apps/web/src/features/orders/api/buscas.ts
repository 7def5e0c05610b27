import { maskCpfCnpj } from '@clinica/shared/masks';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { callEndpoint } from '../../../lib/api-client';

/** A suggestion of the staff filters' searches. */
export interface Sugestao {
  id: number;
  nome: string;
  /** A second line (the client's CPF/CNPJ, 'Digital'). */
  detalhe?: string;
}

/** GET /cliente/buscaNome/{text} (staff): clients whose name or razão social contains the text. */
export const buscarClientes = async (texto: string, signal?: AbortSignal): Promise<Sugestao[]> =>
  (await callEndpoint(clienteAdminApi.buscaNome, { params: { text: texto }, signal })).map((c) => ({
    id: c.id,
    nome: c.nome,
    detalhe: c.cpfCnpj ? maskCpfCnpj(c.cpfCnpj) : undefined,
  }));

/** GET /produto/buscaNome/{text} (the store's search): active products whose name matches the text. */
export const buscarProdutos = async (texto: string, signal?: AbortSignal): Promise<Sugestao[]> =>
  (await callEndpoint(produtoApi.buscaNome, { params: { text: texto }, signal })).map((p) => ({
    id: p.id,
    nome: p.nome,
    detalhe: p.digital ? 'Digital' : 'Físico',
  }));
