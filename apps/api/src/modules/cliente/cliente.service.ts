import type { EndpointParams, EndpointQuery } from '@clinica/shared/endpoint';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Cro } from '@clinica/shared/anvisa';
import type { Cliente, ClienteCreateData, PerfilData, Pessoa } from '@clinica/shared/schemas/cliente';
import {
  BUSCA_NOME_LIMITE,
  type ClienteDetalhe,
  type ClienteListagem,
  type ClienteSugestao,
  type clienteAdminApi,
} from '@clinica/shared/schemas/cliente-admin';
import { PERMISSAO } from '@clinica/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound, sqlConstraint, sqlState, unprocessable } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { CodigoService } from '../email/codigo.service.js';
import type { UsuarioRepository } from '../usuario/usuario.repository.js';
import { enderecoData, type ClienteProfileRow, type ClienteRepository } from './cliente.repository.js';

/** The message of a taken identity, by the unique constraint that refused it. */
const CONFLICT_BY_CONSTRAINT: Record<string, string> = {
  usuarios_email_lower_uq: MSG_API.emailEmUso,
  clientes_cpf_unique: MSG_API.cpfEmUso,
  clientes_cnpj_unique: MSG_API.cnpjEmUso,
};

const documentoEmUsoMessage = (p: Pessoa) => (p.juridica ? MSG_API.cnpjEmUso : MSG_API.cpfEmUso);

/** The client as its owner sees it (packages/shared/src/schemas/cliente.ts); never a password hash. */
function toCliente(row: ClienteProfileRow): Cliente {
  const { cliente, usuario, endereco, municipio, uf } = row;
  const address =
    endereco && municipio && uf
      ? {
          id: endereco.id,
          cep: endereco.cep,
          logradouro: endereco.logradouro,
          numero: endereco.numero,
          complemento: endereco.complemento,
          bairro: endereco.bairro,
          municipio,
          uf,
        }
      : null;
  return {
    id: cliente.id,
    juridica: cliente.juridica,
    nome: cliente.nome,
    cpf: cliente.cpf,
    razaoSocial: cliente.razaoSocial,
    cnpj: cliente.cnpj,
    inscricaoEstadual: cliente.inscricaoEstadual,
    telefone: cliente.telefone,
    cpfCnpj: (cliente.juridica ? cliente.cnpj : cliente.cpf) ?? '',
    cidade: address?.municipio.nome ?? '',
    estado: address?.uf.sigla ?? '',
    endereco: address,
    usuario,
    ofertasEmail: cliente.ofertasEmail,
    ofertasEmailEm: cliente.ofertasEmailEm ? new Date(cliente.ofertasEmailEm).toISOString() : null,
    cro: cliente.croNumero && cliente.croUf ? { numero: cliente.croNumero, uf: cliente.croUf } : null,
  };
}

/** Sign-up and the customer's own profile. */
export function createClienteService(deps: {
  db: Db;
  repository: ClienteRepository;
  usuarios: UsuarioRepository;
  codigos: CodigoService;
}) {
  const { db, repository, usuarios, codigos } = deps;

  /** A unique violation that slipped past the checks (a concurrent sign-up) is a 409 with its message. */
  function rethrowConflict(err: unknown): never {
    if (sqlState(err) === '23505') {
      throw conflict(CONFLICT_BY_CONSTRAINT[sqlConstraint(err) ?? ''] ?? MSG_API.conflito);
    }
    throw err;
  }

  async function checkAddress(endereco: { municipio: { id: number }; uf: { id: number } }) {
    if (!(await repository.municipioDaUf(endereco.municipio.id, endereco.uf.id))) {
      throw unprocessable(MSG_API.municipioForaDaUf, {
        errors: [{ campo: 'endereco.municipio.id', mensagem: MSG_API.municipioForaDaUf }],
      });
    }
  }

  async function profile(by: { usuarioId: number } | { clienteId: number }): Promise<Cliente> {
    const row = await repository.findProfile(by);
    if (!row) throw notFound(MSG_API.clienteNaoEncontrado);
    return toCliente(row);
  }

  return {
    /**
     * POST /cliente/create: a CLIENTE user, the client and the address, with
     * the confirmation code mailed, in one transaction. The account works at
     * once; `confirmado` stays false until the code comes back.
     */
    async create(data: ClienteCreateData): Promise<Cliente> {
      await checkAddress(data.endereco);
      if (await usuarios.emailEmUso(data.usuario.email)) throw conflict(MSG_API.emailEmUso);
      if (await repository.documentoEmUso(data.pessoa)) throw conflict(documentoEmUsoMessage(data.pessoa));
      const senhaHash = await hashPassword(data.usuario.password);
      const nome = data.pessoa.juridica ? data.pessoa.razaoSocial : data.pessoa.nome;
      const { usuarioId } = await db
        .transaction(async (tx) => {
          const ids = await repository.create(
            {
              usuario: { nome, email: data.usuario.email, senhaHash, permissaoId: PERMISSAO.CLIENTE },
              pessoa: data.pessoa,
              telefone: data.telefone,
              endereco: enderecoData(data.endereco),
              ofertasEmail: data.ofertasEmail,
            },
            tx,
          );
          await codigos.enviar(
            {
              usuario: { id: ids.usuarioId, nome, email: data.usuario.email },
              finalidade: 'CONFIRMACAO',
              modelo: 'boas-vindas',
              contarLimite: false,
            },
            tx,
          );
          return ids;
        })
        .catch(rethrowConflict);
      return profile({ usuarioId });
    },

    /** GET /profile/{userId}. */
    perfil: (usuarioId: number) => profile({ usuarioId }),

    /** PUT /profile/editar/{clientId}: the owner's person/company data, phone and address. */
    async editar(clienteId: number, data: PerfilData): Promise<Cliente> {
      const current = await repository.findProfile({ clienteId });
      if (!current) throw notFound(MSG_API.clienteNaoEncontrado);
      await checkAddress(data.endereco);
      if (await repository.documentoEmUso(data.pessoa, clienteId)) throw conflict(documentoEmUsoMessage(data.pessoa));
      await db
        .transaction((tx) =>
          repository.update(
            clienteId,
            current.usuario.id,
            {
              pessoa: data.pessoa,
              telefone: data.telefone,
              endereco: enderecoData(data.endereco),
              ofertasEmail: data.ofertasEmail,
            },
            tx,
          ),
        )
        .catch(rethrowConflict);
      return profile({ clienteId });
    },

    /**
     * PUT /cliente/{clientId}/cro (ADR 037): the owner's CRO, or null to remove it. Orders already placed keep the
     * CRO they were placed with (pedidos.dados_cro_*).
     */
    async editarCro(clienteId: number, cro: Cro | null): Promise<Cliente> {
      if (!(await repository.definirCro(clienteId, cro))) throw notFound(MSG_API.clienteNaoEncontrado);
      return profile({ clienteId });
    },

    /**
     * GET /cliente/buscar (staff): one page of clients with the totals. A city
     * of another state is a malformed filter: 400 at `municipioId`.
     */
    async buscar(q: EndpointQuery<typeof clienteAdminApi.buscar>): Promise<ClienteListagem> {
      if (q.ufId !== undefined && q.municipioId !== undefined) {
        if (!(await repository.municipioDaUf(q.municipioId, q.ufId))) {
          throw badRequest(MSG_API.municipioForaDaUf, {
            errors: [{ campo: 'municipioId', mensagem: MSG_API.municipioForaDaUf }],
          });
        }
      }
      const { total, rows } = await repository.listar(
        { nome: q.nome, id: q.id, cpfCnpj: q.cpfCnpj, ufId: q.ufId, municipioId: q.municipioId },
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return {
        clientes: rows,
        totalPaginas: Math.ceil(total / q.size),
        totalRegistros: total,
        totalRegistroPagina: rows.length,
        page: q.page,
      };
    },

    /** GET /cliente/buscar/{id} (staff): the client, its sign-up date and its orders at a glance; 404 unknown. */
    async detalhe(clienteId: number): Promise<ClienteDetalhe> {
      const [row, resumo] = await Promise.all([
        repository.findProfile({ clienteId }),
        repository.resumoPedidos(clienteId),
      ]);
      if (!row) throw notFound(MSG_API.clienteNaoEncontrado);
      return {
        ...toCliente(row),
        cadastradoEm: row.cliente.createdAt.toISOString(),
        anonimizadoEm: row.cliente.anonimizadoEm ? new Date(row.cliente.anonimizadoEm).toISOString() : null,
        pedidos: { ...resumo, ultimoPedidoEm: resumo.ultimoPedidoEm?.toISOString() ?? null },
      };
    },

    /** GET /cliente/buscaNome/{text} (staff): suggestions for autocompletes. */
    async buscaNome({ text }: EndpointParams<typeof clienteAdminApi.buscaNome>): Promise<ClienteSugestao[]> {
      return repository.sugestoes(text, BUSCA_NOME_LIMITE);
    },
  };
}

export type ClienteService = ReturnType<typeof createClienteService>;
