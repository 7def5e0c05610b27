import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@clinica/shared/money';
import type { Pessoa } from '@clinica/shared/schemas/cliente';
import type { EnderecoData } from '@clinica/shared/schemas/endereco';
import type { Db, Tx } from '../../db/client.js';
import { contemSemAcento, likeLiteral, semAcento } from '../../lib/texto-sql.js';
import { mudarOfertasEmail, registrarConsentimentoCadastro } from '../privacidade/consentimentos.js';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import { catalogoEnderecos } from '../catalogo-enderecos/catalogo-enderecos.table.js';
import { enderecos, type DadosEndereco } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { SITUACOES_COMPRADO } from '@clinica/shared/order-status';
import { pedidos } from '../pedido/pedido.table.js';
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

/** The name the staff see: the person's name or the company's razão social (the table keeps exactly one). */
const nomeExibicao = sql<string>`coalesce(${clientes.nome}, ${clientes.razaoSocial})`;
/** The CPF or the CNPJ, whichever the client has. */
const documento = sql<string>`coalesce(${clientes.cpf}, ${clientes.cnpj})`;

/** Filters of the staff's client list (GET /cliente/buscar), already validated. */
export interface FiltrosCliente {
  /** Contains, ignoring case and accents, over the name or razão social. */
  nome?: string | undefined;
  id?: number | undefined;
  /** Digits and upper-case letters only; contained in the CPF or the CNPJ. */
  cpfCnpj?: string | undefined;
  ufId?: number | undefined;
  municipioId?: number | undefined;
}

function filtrosSql(f: FiltrosCliente): SQL | undefined {
  const filtros: SQL[] = [];
  if (f.nome) filtros.push(contemSemAcento(nomeExibicao, f.nome));
  if (f.id !== undefined) filtros.push(eq(clientes.id, f.id));
  if (f.cpfCnpj) filtros.push(sql`${documento} LIKE '%' || ${likeLiteral(f.cpfCnpj)}::text || '%'`);
  if (f.ufId !== undefined) filtros.push(eq(enderecos.ufId, f.ufId));
  if (f.municipioId !== undefined) filtros.push(eq(enderecos.municipioId, f.municipioId));
  return filtros.length ? and(...filtros) : undefined;
}

export function createClienteRepository(db: Db) {
  return {
    /**
     * One page of the staff's client list (row, e-mail, city and state of the
     * address) by name (`ordem`, accents ignored) then id, and the number of
     * clients matching: two queries whatever the page size (no N+1).
     */
    async listar(f: FiltrosCliente, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const where = filtrosSql(f);
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(clientes).leftJoin(enderecos, eq(enderecos.clienteId, clientes.id)).where(where),
        db
          .select({
            id: clientes.id,
            juridica: clientes.juridica,
            nome: clientes.nome,
            razaoSocial: clientes.razaoSocial,
            nomeExibicao,
            cpfCnpj: documento,
            telefone: clientes.telefone,
            cidade: sql<string>`coalesce(${municipios.nome}, '')`,
            estado: sql<string>`coalesce(${ufs.sigla}, '')`,
            email: usuarios.email,
          })
          .from(clientes)
          .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
          .leftJoin(enderecos, eq(enderecos.clienteId, clientes.id))
          .leftJoin(municipios, eq(municipios.id, enderecos.municipioId))
          .leftJoin(ufs, eq(ufs.id, enderecos.ufId))
          .where(where)
          .orderBy(ordem(semAcento(nomeExibicao)), ordem(clientes.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /**
     * Up to `limite` clients whose name or razão social contains `texto`
     * (accents and case ignored, `%` and `_` literal): those starting with it
     * first, then by name and id.
     */
    async sugestoes(texto: string, limite: number) {
      const comeca = sql`f_unaccent(lower(${nomeExibicao})) LIKE f_unaccent(lower(${likeLiteral(texto)}::text)) || '%'`;
      return db
        .select({ id: clientes.id, nome: nomeExibicao, cpfCnpj: documento })
        .from(clientes)
        .where(contemSemAcento(nomeExibicao, texto))
        .orderBy(sql`${comeca} DESC`, asc(semAcento(nomeExibicao)), asc(clientes.id))
        .limit(limite);
    },

    /** How many orders the client has, how many were paid and for how much, and when the newest was placed. */
    async resumoPedidos(clienteId: number) {
      const pago = inArray(pedidos.situacao, [...SITUACOES_COMPRADO]);
      const [row] = await db
        .select({
          quantidade: count(),
          quantidadePagos: sql<number>`count(*) FILTER (WHERE ${pago})`.mapWith(Number),
          valorPago: sql<Cents>`coalesce(sum(${pedidos.valorTotal}) FILTER (WHERE ${pago}), 0)`.mapWith(
            pedidos.valorTotal,
          ),
          ultimoPedidoEm: sql<Date | null>`max(${pedidos.createdAt})`.mapWith(pedidos.createdAt),
        })
        .from(pedidos)
        .where(eq(pedidos.clienteId, clienteId));
      return row ?? { quantidade: 0, quantidadePagos: 0, valorPago: 0 as Cents, ultimoPedidoEm: null };
    },

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
        /** Marketing e-mails (ADR 034): the moment is recorded only when the customer ticked it. */
        ofertasEmail: boolean;
      },
      tx: Tx,
    ): Promise<{ usuarioId: number; clienteId: number }> {
      const [usuario] = await tx
        .insert(usuarios)
        .values({ ...data.usuario, ativo: true, confirmado: false })
        .returning({ id: usuarios.id });
      const [cliente] = await tx
        .insert(clientes)
        .values({
          usuarioId: usuario!.id,
          telefone: data.telefone,
          ...pessoaColumns(data.pessoa),
          ofertasEmail: data.ofertasEmail,
          ofertasEmailEm: data.ofertasEmail ? sql`now()` : null,
        })
        .returning({ id: clientes.id });
      // The opt-in given at sign-up is the first entry of the consent history (ADR 038).
      if (data.ofertasEmail) await registrarConsentimentoCadastro(tx, cliente!.id);
      await tx.insert(enderecos).values({ ...data.endereco, clienteId: cliente!.id });
      // The registered address opens the address book as its default (ADR 033).
      await tx.insert(catalogoEnderecos).values({
        ...data.endereco,
        clienteId: cliente!.id,
        nome: MSG_ENDERECOS.nomeCadastro,
        padrao: true,
        cadastro: true,
      });
      return { usuarioId: usuario!.id, clienteId: cliente!.id };
    },

    /** Sets (or, with null, removes) the client's CRO (ADR 037); false when the client does not exist. */
    async definirCro(clienteId: number, cro: { numero: string; uf: string } | null): Promise<boolean> {
      const rows = await db
        .update(clientes)
        .set({ croNumero: cro?.numero ?? null, croUf: cro?.uf ?? null, updatedAt: sql`now()` })
        .where(eq(clientes.id, clienteId))
        .returning({ id: clientes.id });
      return rows.length > 0;
    },

    /** Replaces the person/company data, phone and address of a client; the user's name follows. */
    async update(
      clienteId: number,
      usuarioId: number,
      data: { pessoa: Pessoa; telefone: string; endereco: DadosEndereco; ofertasEmail?: boolean | undefined },
      tx: Tx,
    ): Promise<void> {
      await tx
        .update(clientes)
        .set({ ...pessoaColumns(data.pessoa), telefone: data.telefone, updatedAt: sql`now()` })
        .where(eq(clientes.id, clienteId));
      // The opt-in changes only when sent (ADR 034), and is recorded in the history only when it really changes (ADR 038).
      if (data.ofertasEmail !== undefined) await mudarOfertasEmail(tx, clienteId, data.ofertasEmail, 'perfil');
      await tx
        .insert(enderecos)
        .values({ ...data.endereco, clienteId })
        .onConflictDoUpdate({ target: enderecos.clienteId, set: { ...data.endereco, updatedAt: sql`now()` } });
      // The book's registered address follows the profile's (ADR 033); a client that had none gets it, as the
      // default when the book has no default.
      await tx
        .insert(catalogoEnderecos)
        .values({
          ...data.endereco,
          clienteId,
          nome: MSG_ENDERECOS.nomeCadastro,
          cadastro: true,
          padrao: sql`NOT EXISTS (SELECT 1 FROM ${catalogoEnderecos} WHERE ${catalogoEnderecos.clienteId} = ${clienteId} AND ${catalogoEnderecos.padrao})`,
        })
        .onConflictDoUpdate({
          target: catalogoEnderecos.clienteId,
          targetWhere: sql`${catalogoEnderecos.cadastro}`,
          set: { ...data.endereco, updatedAt: sql`now()` },
        });
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
