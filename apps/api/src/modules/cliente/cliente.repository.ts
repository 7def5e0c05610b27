import { and, eq, ne, sql } from 'drizzle-orm';
import type { Pessoa } from '@clinica/shared/schemas/cliente';
import type { EnderecoData } from '@clinica/shared/schemas/endereco';
import type { Db, Tx } from '../../db/client.js';
import { enderecos, type DadosEndereco } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { clientes } from './cliente.table.js';

/** An address of the contract (`{ municipio: { id }, uf: { id } }`) as table columns. */
export const enderecoData = (e: EnderecoData): DadosEndereco => ({
  cep: e.cep,
  logradouro: e.logradouro,
  numero: e.numero,
  complemento: e.complemento,
  bairro: e.bairro,
  municipioId: e.municipio.id,
  ufId: e.uf.id,
});

/** The columns of `clientes` for an individual or a company (the other side null). */
const pessoaColumns = (p: Pessoa) =>
  p.juridica
    ? {
        juridica: true,
        nome: null,
        cpf: null,
        razaoSocial: p.razaoSocial,
        cnpj: p.cnpj,
        inscricaoEstadual: p.inscricaoEstadual,
      }
    : { juridica: false, nome: p.nome, cpf: p.cpf, razaoSocial: null, cnpj: null, inscricaoEstadual: null };

export function createClienteRepository(db: Db) {
  return {
    /**
     * A client with its user (e-mail, confirmation) and its address with city
     * and state names, in one query; by user id or by client id.
     */
    async findProfile(by: { usuarioId: number } | { clienteId: number }, tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          cliente: clientes,
          usuario: { id: usuarios.id, email: usuarios.email, confirmado: usuarios.confirmado },
          endereco: enderecos,
          municipio: { id: municipios.id, nome: municipios.nome },
          uf: { id: ufs.id, sigla: ufs.sigla, nome: ufs.nome },
        })
        .from(clientes)
        .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
        .leftJoin(enderecos, eq(enderecos.clienteId, clientes.id))
        .leftJoin(municipios, eq(municipios.id, enderecos.municipioId))
        .leftJoin(ufs, eq(ufs.id, enderecos.ufId))
        .where('usuarioId' in by ? eq(clientes.usuarioId, by.usuarioId) : eq(clientes.id, by.clienteId))
        .limit(1);
      return row;
    },

    /** Which of the unique identities are taken by someone other than `exceptClienteId`. */
    async documentoEmUso(p: Pessoa, exceptClienteId?: number, tx: Db | Tx = db): Promise<boolean> {
      const where = p.juridica ? eq(clientes.cnpj, p.cnpj) : eq(clientes.cpf, p.cpf);
      const [row] = await tx
        .select({ id: clientes.id })
        .from(clientes)
        .where(exceptClienteId === undefined ? where : and(where, ne(clientes.id, exceptClienteId)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether the municipality belongs to the state (the address foreign key requires it). */
    async municipioDaUf(municipioId: number, ufId: number, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: municipios.id })
        .from(municipios)
        .where(and(eq(municipios.id, municipioId), eq(municipios.ufId, ufId)))
        .limit(1);
      return row !== undefined;
    },

    /** Creates the user (CLIENTE), the client and its address; returns the ids. */
    async create(
      data: {
        usuario: { nome: string; email: string; senhaHash: string; permissaoId: number };
        pessoa: Pessoa;
        telefone: string;
        endereco: DadosEndereco;
      },
      tx: Tx,
    ): Promise<{ usuarioId: number; clienteId: number }> {
      const [usuario] = await tx
        .insert(usuarios)
        .values({ ...data.usuario, ativo: true, confirmado: false })
        .returning({ id: usuarios.id });
      const [cliente] = await tx
        .insert(clientes)
        .values({ usuarioId: usuario!.id, telefone: data.telefone, ...pessoaColumns(data.pessoa) })
        .returning({ id: clientes.id });
      await tx.insert(enderecos).values({ ...data.endereco, clienteId: cliente!.id });
      return { usuarioId: usuario!.id, clienteId: cliente!.id };
    },

    /** Replaces the person/company data, phone and address of a client; the user's name follows. */
    async update(
      clienteId: number,
      usuarioId: number,
      data: { pessoa: Pessoa; telefone: string; endereco: DadosEndereco },
      tx: Tx,
    ): Promise<void> {
      await tx
        .update(clientes)
        .set({ ...pessoaColumns(data.pessoa), telefone: data.telefone, updatedAt: sql`now()` })
        .where(eq(clientes.id, clienteId));
      await tx
        .insert(enderecos)
        .values({ ...data.endereco, clienteId })
        .onConflictDoUpdate({ target: enderecos.clienteId, set: { ...data.endereco, updatedAt: sql`now()` } });
      const nome = data.pessoa.juridica ? data.pessoa.razaoSocial : data.pessoa.nome;
      await tx
        .update(usuarios)
        .set({ nome, updatedAt: sql`now()` })
        .where(eq(usuarios.id, usuarioId));
    },
  };
}

export type ClienteRepository = ReturnType<typeof createClienteRepository>;
export type ClienteProfileRow = NonNullable<Awaited<ReturnType<ClienteRepository['findProfile']>>>;
