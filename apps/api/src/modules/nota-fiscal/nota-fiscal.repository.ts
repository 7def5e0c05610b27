import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { empresa } from '../empresa/empresa.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { pedidoEnderecosEntrega, pedidoItens, pedidos } from '../pedido/pedido.table.js';
import { produtos } from '../produto/produto.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { notasFiscais, type NotaFiscalRow, type ProvedorNota } from './nota-fiscal.table.js';

/** The rows an invoice is built from and the invoice's own row (ADR 031). */
export function createNotaFiscalRepository(db: Db) {
  return {
    porPedido: async (pedidoId: number, h: Db | Tx = db): Promise<NotaFiscalRow | undefined> =>
      (await h.select().from(notasFiscais).where(eq(notasFiscais.pedidoId, pedidoId)))[0],

    /** The order's owner (403 for another customer) and status; undefined for an unknown order. */
    async donoDoPedido(pedidoId: number) {
      const [row] = await db
        .select({ clienteId: pedidos.clienteId, situacao: pedidos.situacao })
        .from(pedidos)
        .where(eq(pedidos.id, pedidoId));
      return row;
    },

    /** The invoice row of the order, created pending once (the unique index keeps one per order). */
    async garantir(pedidoId: number, provedor: ProvedorNota): Promise<NotaFiscalRow> {
      await db.insert(notasFiscais).values({ pedidoId, provedor }).onConflictDoNothing();
      const row = await this.porPedido(pedidoId);
      if (!row) throw new Error(`nota do pedido ${pedidoId} não criada`);
      return row;
    },

    /** Writes the invoice's new state; `status` guards against another writer (a compare-and-set). */
    async atualizar(id: number, de: NotaFiscalRow['status'], valores: Partial<NotaFiscalRow>) {
      const [row] = await db
        .update(notasFiscais)
        .set({ ...valores, updatedAt: sql`now()` })
        .where(and(eq(notasFiscais.id, id), eq(notasFiscais.status, de)))
        .returning();
      return row;
    },

    /** What the invoice is built from: the paid order, its buyer, its delivery, its lines with their codes, the issuer. */
    async fontes(pedidoId: number) {
      const [pedido] = await db
        .select({
          id: pedidos.id,
          situacao: pedidos.situacao,
          valorProdutos: pedidos.valorProdutos,
          valorFrete: pedidos.valorFrete,
          valorTotal: pedidos.valorTotal,
          descontoPix: pedidos.descontoPix,
          descontoCupom: pedidos.descontoCupom,
          dadosNome: pedidos.dadosNome,
          dadosEmail: pedidos.dadosEmail,
          dadosDocumento: pedidos.dadosDocumento,
          dadosCroNumero: pedidos.dadosCroNumero,
          dadosCroUf: pedidos.dadosCroUf,
          juridica: clientes.juridica,
          nome: clientes.nome,
          razaoSocial: clientes.razaoSocial,
          cpf: clientes.cpf,
          cnpj: clientes.cnpj,
          inscricaoEstadual: clientes.inscricaoEstadual,
          email: usuarios.email,
        })
        .from(pedidos)
        .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
        .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
        .where(eq(pedidos.id, pedidoId));
      if (!pedido) return undefined;
      const itens = await db
        .select({
          produtoId: pedidoItens.produtoId,
          produtoNome: pedidoItens.produtoNome,
          quantidade: pedidoItens.quantidade,
          valorUnitario: pedidoItens.valorUnitario,
          valorTotal: pedidoItens.valorTotal,
          brinde: pedidoItens.brinde,
          digital: pedidoItens.digital,
          ncm: produtos.ncm,
          cfop: produtos.cfop,
        })
        .from(pedidoItens)
        .innerJoin(produtos, eq(produtos.id, pedidoItens.produtoId))
        .where(eq(pedidoItens.pedidoId, pedidoId))
        .orderBy(pedidoItens.id);
      const [entrega] = await db
        .select({
          logradouro: pedidoEnderecosEntrega.logradouro,
          numero: pedidoEnderecosEntrega.numero,
          complemento: pedidoEnderecosEntrega.complemento,
          bairro: pedidoEnderecosEntrega.bairro,
          cep: pedidoEnderecosEntrega.cep,
          codigoMunicipio: pedidoEnderecosEntrega.municipioId,
          municipio: municipios.nome,
          uf: ufs.sigla,
        })
        .from(pedidoEnderecosEntrega)
        .innerJoin(municipios, eq(municipios.id, pedidoEnderecosEntrega.municipioId))
        .innerJoin(ufs, eq(ufs.id, pedidoEnderecosEntrega.ufId))
        .where(eq(pedidoEnderecosEntrega.pedidoId, pedidoId));
      const [emitente] = await db
        .select({
          nome: empresa.nome,
          cnpj: empresa.cnpj,
          logradouro: empresa.logradouro,
          numero: empresa.numero,
          complemento: empresa.complemento,
          bairro: empresa.bairro,
          cep: empresa.cep,
          codigoMunicipio: empresa.municipioId,
          municipio: municipios.nome,
          codigoUf: empresa.ufId,
          uf: ufs.sigla,
        })
        .from(empresa)
        .leftJoin(municipios, eq(municipios.id, empresa.municipioId))
        .leftJoin(ufs, eq(ufs.id, empresa.ufId))
        .where(eq(empresa.id, 1));
      return { pedido, itens, entrega, emitente };
    },
  };
}

export type NotaFiscalRepository = ReturnType<typeof createNotaFiscalRepository>;
export type FontesNota = NonNullable<Awaited<ReturnType<NotaFiscalRepository['fontes']>>>;
