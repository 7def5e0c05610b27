import { LIMITE_ENDERECOS, cabeMaisUm, proximoPadrao } from '@clinica/shared/catalogo-enderecos';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import type { Catalogo, EnderecoCatalogo, EnderecoCatalogoData } from '@clinica/shared/schemas/catalogo-enderecos';
import type { Db, Tx } from '../../db/client.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { enderecoData } from '../cliente/cliente.repository.js';
import type { EnderecoRepository } from '../endereco/endereco.repository.js';
import type { CatalogoEnderecosRepository, DadosEnderecoCatalogo } from './catalogo-enderecos.repository.js';

const dadosDe = (data: EnderecoCatalogoData): DadosEnderecoCatalogo => ({
  nome: data.nome,
  endereco: enderecoData(data),
  nomeRecebedor: data.nomeRecebedor,
  telefoneRecebedor: data.telefoneRecebedor,
});

const naoEncontrado = () => notFound(MSG_ENDERECOS.naoEncontrado);

/**
 * The customer's address book (docs/behaviour/accounts-and-sign-in.md#address-book, ADR 033). Every write runs in a
 * transaction that first locks the client's row, so a client's book changes one write at a time: the limit is
 * counted and the default moved without a race. Customer writes are not audited (the audit log is the staff's,
 * ADR 016).
 */
export function createCatalogoEnderecosService(deps: {
  db: Db;
  repository: CatalogoEnderecosRepository;
  enderecos: EnderecoRepository;
}) {
  const { db, repository, enderecos } = deps;

  /** The city must belong to the state (the address foreign key requires it): 422 like the profile's. */
  async function checkAddress(data: EnderecoCatalogoData) {
    if (!(await enderecos.findMunicipio(data.municipio.id, data.uf.id))) {
      throw unprocessable(MSG_API.municipioForaDaUf, {
        errors: [{ campo: 'municipio.id', mensagem: MSG_API.municipioForaDaUf }],
      });
    }
  }

  /** Runs `write` with the client's row locked; 404 for an unknown client. */
  function naFila<T>(clienteId: number, write: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (!(await repository.travarCliente(clienteId, tx))) throw notFound(MSG_API.clienteNaoEncontrado);
      return write(tx);
    });
  }

  async function entrada(clienteId: number, id: number, tx: Tx): Promise<EnderecoCatalogo> {
    const found = (await repository.listar(clienteId, tx)).find((e) => e.id === id);
    if (!found) throw naoEncontrado();
    return found;
  }

  return {
    /** GET /cliente/{clientId}/enderecos: the book, the default first; 404 for an unknown client (staff). */
    async listar(clienteId: number): Promise<Catalogo> {
      const lista = await repository.listar(clienteId);
      if (lista.length === 0 && !(await repository.clienteExiste(clienteId))) {
        throw notFound(MSG_API.clienteNaoEncontrado);
      }
      return { enderecos: lista };
    },

    /** POST: one more address; 422 past the limit; the first of an empty book (or one without a default) is it. */
    async criar(clienteId: number, data: EnderecoCatalogoData): Promise<EnderecoCatalogo> {
      await checkAddress(data);
      return naFila(clienteId, async (tx) => {
        const { total, comPadrao } = await repository.contar(clienteId, tx);
        if (!cabeMaisUm(total)) {
          throw unprocessable(MSG_ENDERECOS.limite.replace('{n}', String(LIMITE_ENDERECOS)));
        }
        const id = await repository.inserir(clienteId, dadosDe(data), !comPadrao, tx);
        return entrada(clienteId, id, tx);
      });
    },

    /** PUT /{id}: replaces the address; the registered one changes the profile's address too. */
    async editar(clienteId: number, id: number, data: EnderecoCatalogoData): Promise<EnderecoCatalogo> {
      await checkAddress(data);
      return naFila(clienteId, async (tx) => {
        if (!(await repository.alterar(clienteId, id, dadosDe(data), tx))) throw naoEncontrado();
        return entrada(clienteId, id, tx);
      });
    },

    /** DELETE /{id}: the default moves to the registered address (else the oldest); the registered one stays: 422. */
    async excluir(clienteId: number, id: number): Promise<Catalogo> {
      return naFila(clienteId, async (tx) => {
        const entradas = await repository.entradas(clienteId, tx);
        const alvo = entradas.find((e) => e.id === id);
        if (!alvo) throw naoEncontrado();
        if (alvo.cadastro) throw unprocessable(MSG_ENDERECOS.cadastroNaoExclui);
        await repository.excluir(clienteId, id, tx);
        const proximo = proximoPadrao(entradas, id);
        if (proximo) await repository.tornarPadrao(clienteId, proximo.id, tx);
        return { enderecos: await repository.listar(clienteId, tx) };
      });
    },

    /** PUT /{id}/padrao: this address becomes the only default. */
    async tornarPadrao(clienteId: number, id: number): Promise<Catalogo> {
      return naFila(clienteId, async (tx) => {
        const entradas = await repository.entradas(clienteId, tx);
        if (!entradas.some((e) => e.id === id)) throw naoEncontrado();
        await repository.tornarPadrao(clienteId, id, tx);
        return { enderecos: await repository.listar(clienteId, tx) };
      });
    },
  };
}

export type CatalogoEnderecosService = ReturnType<typeof createCatalogoEnderecosService>;
