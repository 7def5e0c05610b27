/**
 * The holder's rights under the LGPD (ADR 038): the marketing consent, the export of everything the store holds about
 * a customer, and the account's closure with its personal data anonymised. Every table of the schema is classified
 * here (`TABELAS`): it holds data about a customer and is exported (and anonymised or kept, as the ADR says), or it
 * holds none. The tests walk the database's tables, so a new table without a classification fails them.
 */
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { DADOS_MANTIDOS_APOS_EXCLUSAO, SITUACOES_VENDA, iniciaisDoNome } from '@clinica/shared/privacidade';
import type { Consentimentos, ExportacaoDados } from '@clinica/shared/schemas/privacidade';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { conflict, notFound } from '../../lib/errors.js';
import { historicoConsentimentos, mudarOfertasEmail } from './consentimentos.js';

/** Whom a request is about: the client, its user and its identifiers (lower-case e-mail, CPF or CNPJ). */
interface Titular {
  clienteId: number;
  usuarioId: number;
  email: string;
  documento: string | null;
  nome: string;
  anonimizadoEm: Date | null;
}

/** A table with data about a customer: how to find its rows, and the columns never exported (secrets, blobs). */
interface TabelaPessoal {
  linhas: (t: Titular) => SQL;
  omitir?: readonly string[];
}

/** The customer's orders, for the tables that hang on them. */
const pedidosDo = (t: Titular) => sql`(select id from pedidos where cliente_id = ${t.clienteId})`;

/**
 * Every table of the schema. `TabelaPessoal`: rows about the person, exported. A string: why the table holds no
 * personal data of a customer.
 */
export const TABELAS: Readonly<Record<string, TabelaPessoal | string>> = {
  usuarios: { linhas: (t) => sql`select * from usuarios where id = ${t.usuarioId}`, omitir: ['senha_hash'] },
  clientes: { linhas: (t) => sql`select * from clientes where id = ${t.clienteId}` },
  enderecos: { linhas: (t) => sql`select * from enderecos where cliente_id = ${t.clienteId}` },
  catalogo_enderecos: {
    linhas: (t) => sql`select * from catalogo_enderecos where cliente_id = ${t.clienteId} order by id`,
  },
  consentimentos: {
    linhas: (t) => sql`select * from consentimentos where cliente_id = ${t.clienteId} order by quando, id`,
  },
  sacolas: { linhas: (t) => sql`select * from sacolas where cliente_id = ${t.clienteId}` },
  notificacoes: {
    linhas: (t) => sql`select * from notificacoes where cliente_id = ${t.clienteId} order by id`,
  },
  favoritos: {
    linhas: (t) => sql`select * from favoritos where cliente_id = ${t.clienteId} order by criado_em, produto_id`,
  },
  pedidos: {
    linhas: (t) => sql`select * from pedidos where cliente_id = ${t.clienteId} order by id`,
    omitir: ['chave_checkout'],
  },
  pedido_itens: { linhas: (t) => sql`select * from pedido_itens where pedido_id in ${pedidosDo(t)} order by id` },
  pedido_enderecos_entrega: {
    linhas: (t) => sql`select * from pedido_enderecos_entrega where pedido_id in ${pedidosDo(t)} order by id`,
  },
  pedido_historico: {
    linhas: (t) => sql`select * from pedido_historico where pedido_id in ${pedidosDo(t)} order by id`,
  },
  // Never card data: the table holds only the method and the last four digits, shown masked.
  pagamentos: {
    linhas: (t) => sql`select id, pedido_id, tipo, status, status_detalhe, provedor, valor, parcelas, valor_parcela,
      total_cobrado, boleto_linha, boleto_vencimento, payment_method_id,
      case when last_four is null then null else '**** ' || last_four end as cartao, aprovado_em, created_at
      from pagamentos where pedido_id in ${pedidosDo(t)} order by id`,
  },
  notas_fiscais: {
    linhas: (t) => sql`select id, pedido_id, status, numero, serie, chave_acesso, dados, emitida_em, created_at
      from notas_fiscais where pedido_id in ${pedidosDo(t)} order by id`,
  },
  cupom_usos: { linhas: (t) => sql`select * from cupom_usos where cliente_id = ${t.clienteId} order by id` },
  avaliacoes: { linhas: (t) => sql`select * from avaliacoes where cliente_id = ${t.clienteId} order by id` },
  progresso_conteudos: {
    linhas: (t) => sql`select * from progresso_conteudos where usuario_id = ${t.usuarioId} order by conteudo_id`,
  },
  certificados: { linhas: (t) => sql`select * from certificados where cliente_id = ${t.clienteId} order by id` },
  emails_saida: {
    linhas: (t) => sql`select id, para, assunto, texto, status, created_at, enviado_em
      from emails_saida where lower(para) = ${t.email} order by id`,
  },
  codigos_email: {
    linhas: (t) => sql`select id, finalidade, email_destino, expira_em, usado_em, created_at
      from codigos_email where usuario_id = ${t.usuarioId} order by id`,
  },
  mensagens_contato: {
    linhas: (t) => sql`select * from mensagens_contato where lower(email) = ${t.email} order by id`,
  },
  estoque_avisos: {
    linhas: (t) =>
      sql`select * from estoque_avisos where usuario_id = ${t.usuarioId} or email = ${t.email} order by id`,
  },
  auditoria: {
    linhas: (t) => sql`select * from auditoria
      where (entidade = 'cliente' and entidade_id = ${t.clienteId})
         or (entidade = 'usuario' and entidade_id = ${t.usuarioId})
         or (entidade = 'pedido' and entidade_id in ${pedidosDo(t)})
         or usuario_id = ${t.usuarioId}
      order by id`,
  },
  chaves_idempotencia: {
    linhas: (t) => sql`select id, rota, status, created_at from chaves_idempotencia where usuario_id = ${t.usuarioId}`,
  },
  limites_requisicao: {
    linhas: (t) => sql`select * from limites_requisicao where lower(chave) like ${`%${t.email}%`}
      ${t.documento ? sql`or upper(chave) like ${`%${t.documento}%`}` : sql``}`,
  },
  tokens_revogados: {
    linhas: (t) => sql`select jti, expira_em, revogado_em from tokens_revogados where usuario_id = ${t.usuarioId}`,
  },
  sessoes_revogadas: { linhas: (t) => sql`select * from sessoes_revogadas where usuario_id = ${t.usuarioId}` },

  permissoes: 'Os papéis de acesso (ADMIN, CLIENTE, USUARIO).',
  ufs: 'Estados do Brasil.',
  municipios: 'Municípios do Brasil.',
  empresa: 'Os dados da própria clínica.',
  categorias: 'Catálogo.',
  autores: 'Autores dos cursos (profissionais que publicam, não clientes).',
  produtos: 'Catálogo.',
  imagens: 'Imagens do catálogo.',
  produto_imagens: 'Catálogo.',
  fichas_tecnicas: 'Catálogo.',
  tags: 'Catálogo.',
  produto_tags: 'Catálogo.',
  produto_autores: 'Catálogo.',
  catalogo_versao: 'Versão do catálogo (cache).',
  conteudos_produto: 'Aulas dos cursos.',
  condicoes_desconto: 'Regras de desconto da loja.',
  regras_comerciais: 'Regras comerciais da loja.',
  cupons: 'Cupons da loja (o uso de cada cliente está em cupom_usos).',
  cupom_categorias: 'Cupons da loja.',
  cupom_produtos: 'Cupons da loja.',
  estoque_movimentos: 'Quantidades de estoque por produto; o pedido ligado é exportado em pedidos.',
  pagamento_eventos: 'Avisos do provedor de pagamento: só identificadores de pagamento.',
  sandbox_cartoes:
    'Simulação do provedor de cartões (modo sandbox): cartões de teste, sem ligação com uma conta da loja.',
  sandbox_pagamentos:
    'Simulação do provedor de pagamentos (modo sandbox): o registro do "banco"; os pagamentos da loja são exportados em pagamentos.',
  tarefas: 'Fila de tarefas: apenas identificadores (pedido, produto).',
  melhor_envio_tokens: 'Credenciais da loja no Melhor Envio.',
  cotacoes_frete: 'Cotações de frete em cache, por CEP e itens, sem ligação com uma pessoa.',
  ceps_consultados: 'Cache da consulta de CEP (endereços públicos dos Correios).',
};

const linhasDe = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** JSON-safe rows (dates as ISO strings) without the omitted columns. */
function limpar(rows: Record<string, unknown>[], omitir: readonly string[] = []): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (omitir.includes(k)) continue;
      out[k] = v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v;
    }
    return out;
  });
}

export function createPrivacidadeService(deps: {
  db: Db;
  /** The current password check of the account (usuario.service.ts): 422 when wrong, 429 past its limit. */
  conferirSenha: (usuarioId: number, senha: string) => Promise<void>;
}) {
  const { db, conferirSenha } = deps;

  async function titular(clienteId: number, tx: Db | Tx = db): Promise<Titular> {
    const [row] = linhasDe<{
      usuario_id: number;
      email: string;
      documento: string | null;
      nome: string | null;
      anonimizado_em: Date | string | null;
    }>(
      await tx.execute(sql`select c.usuario_id, lower(u.email) as email, coalesce(c.cpf, c.cnpj) as documento,
        coalesce(c.nome, c.razao_social) as nome, c.anonimizado_em
        from clientes c join usuarios u on u.id = c.usuario_id where c.id = ${clienteId}`),
    );
    if (!row) throw notFound(MSG_API.clienteNaoEncontrado);
    return {
      clienteId,
      usuarioId: Number(row.usuario_id),
      email: row.email,
      documento: row.documento,
      nome: row.nome ?? '',
      anonimizadoEm: row.anonimizado_em ? new Date(row.anonimizado_em) : null,
    };
  }

  async function consentimentos(clienteId: number): Promise<Consentimentos> {
    const [row] = linhasDe<{ ofertas_email: boolean; ofertas_email_em: Date | string | null }>(
      await db.execute(sql`select ofertas_email, ofertas_email_em from clientes where id = ${clienteId}`),
    );
    if (!row) throw notFound(MSG_API.clienteNaoEncontrado);
    return {
      ofertasEmail: row.ofertas_email,
      ofertasEmailEm: row.ofertas_email_em ? new Date(row.ofertas_email_em).toISOString() : null,
      historico: await historicoConsentimentos(db, clienteId),
    };
  }

  /**
   * Closes the account and anonymises the person's data, in one transaction (ADR 038). The client's row is locked
   * first, so two requests at once close it once (the second gets 409).
   */
  async function anonimizar(
    clienteId: number,
    quem: QuemAudita,
  ): Promise<{ clienteId: number; anonimizadoEm: string }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from clientes where id = ${clienteId} for update`);
      const t = await titular(clienteId, tx);
      if (t.anonimizadoEm) throw conflict(MSG_PRIVACIDADE.contaJaExcluida);
      const emailAnonimo = `excluido-${t.usuarioId}@anonimo.invalid`;
      const venda = sql.raw(SITUACOES_VENDA.map((s) => `'${s}'`).join(', '));
      const pedidosMantidos = sql`(select id from pedidos where cliente_id = ${clienteId}
        and (situacao in (${venda}) or exists (select 1 from notas_fiscais n where n.pedido_id = pedidos.id)))`;

      // The e-mails first: they are found by the address the account still has.
      await tx.execute(sql`update emails_saida set para = ${emailAnonimo}, assunto = ${MSG_PRIVACIDADE.nomeAnonimo},
        texto = '', html = null, responder_para = null, cabecalhos = null,
        status = case when status in ('PENDENTE', 'ENVIANDO') then 'FALHOU' else status end,
        ultimo_erro = case when status in ('PENDENTE', 'ENVIANDO') then 'conta excluída' else ultimo_erro end
        where lower(para) = ${t.email}`);
      await tx.execute(sql`update mensagens_contato set nome = ${MSG_PRIVACIDADE.nomeAnonimo},
        email = ${emailAnonimo}, telefone = '0000000000', mensagem = '' where lower(email) = ${t.email}`);
      await tx.execute(sql`delete from estoque_avisos where usuario_id = ${t.usuarioId} or email = ${t.email}`);
      await tx.execute(sql`delete from limites_requisicao where lower(chave) like ${`%${t.email}%`}
        ${t.documento ? sql`or upper(chave) like ${`%${t.documento}%`}` : sql``}`);
      await tx.execute(sql`delete from codigos_email where usuario_id = ${t.usuarioId}`);
      await tx.execute(sql`delete from chaves_idempotencia where usuario_id = ${t.usuarioId}`);
      await tx.execute(sql`delete from progresso_conteudos where usuario_id = ${t.usuarioId}`);
      await tx.execute(sql`delete from sacolas where cliente_id = ${clienteId}`);
      await tx.execute(sql`delete from notificacoes where cliente_id = ${clienteId}`);
      await tx.execute(sql`delete from favoritos where cliente_id = ${clienteId}`);
      await tx.execute(sql`delete from consentimentos where cliente_id = ${clienteId}`);
      await tx.execute(sql`delete from catalogo_enderecos where cliente_id = ${clienteId}`);
      await tx.execute(sql`delete from enderecos where cliente_id = ${clienteId}`);

      // Orders: the contact data always goes; the buyer's name, document and delivery address stay only on sales
      // (the tax law's records, ADR 038), and the invoices (notas_fiscais) are kept as issued.
      // The reason given when withdrawing (ADR 036) is the customer's own words: it goes too.
      await tx.execute(sql`update pedidos set dados_email = null, dados_telefone = null, telefone_recebedor = null,
        nome_recebedor = null, desistencia_motivo = null, updated_at = now() where cliente_id = ${clienteId}`);
      // The buyer's CRO (ADR 037) is printed on the sale's invoice: kept with it, like the name and document.
      await tx.execute(sql`update pedidos set dados_nome = null, dados_documento = null, dados_cro_numero = null,
        dados_cro_uf = null where cliente_id = ${clienteId} and id not in ${pedidosMantidos}`);
      await tx.execute(sql`delete from pedido_enderecos_entrega
        where pedido_id in ${pedidosDo(t)} and pedido_id not in ${pedidosMantidos}`);
      // The sandbox's "bank" keeps the boleto's payer; the simulation forgets it like the store does.
      await tx.execute(sql`update sandbox_pagamentos set pagador = null
        where id in (select provider_id from pagamentos where pedido_id in ${pedidosDo(t)})`);

      // Certificates stay verifiable by their code, with the holder's initials only.
      const certificados = linhasDe<{ id: number; nome_cliente: string }>(
        await tx.execute(sql`select id, nome_cliente from certificados where cliente_id = ${clienteId}`),
      );
      for (const c of certificados) {
        await tx.execute(
          sql`update certificados set nome_cliente = ${iniciaisDoNome(c.nome_cliente)} where id = ${c.id}`,
        );
      }

      // The account: no name, document or phone; the e-mail and the document are free for a new account; the
      // password can never match; inactive, and every token stops at once (sessao_versao, ADR 002).
      const [feito] = linhasDe<{ anonimizado_em: Date | string }>(
        await tx.execute(sql`update clientes set nome = ${MSG_PRIVACIDADE.nomeAnonimo}, cpf = null,
          razao_social = null, cnpj = null, inscricao_estadual = null, telefone = '', ofertas_email = false,
          ofertas_email_em = null, cro_numero = null, cro_uf = null, anonimizado_em = now(), updated_at = now()
          where id = ${clienteId} returning anonimizado_em`),
      );
      await tx.execute(sql`update usuarios set nome = ${MSG_PRIVACIDADE.nomeAnonimo}, email = ${emailAnonimo},
        senha_hash = ${`!excluido!${randomBytes(24).toString('hex')}`}, ativo = false, confirmado = false,
        sessao_versao = sessao_versao + 1, updated_at = now() where id = ${t.usuarioId}`);

      // The record of the request: who asked and when, no personal data (ADR 038).
      await registrarAuditoria(tx, quem, {
        entidade: 'cliente',
        entidadeId: clienteId,
        acao: 'EXCLUIR_CONTA',
        depois: { clienteId, usuarioId: t.usuarioId, certificados: certificados.length },
      });
      return { clienteId, anonimizadoEm: new Date(feito!.anonimizado_em).toISOString() };
    });
  }

  return {
    consentimentos,

    /** PUT /privacidade/consentimento/{clientId}: one click gives or withdraws it; the same choice twice changes nothing. */
    async consentir(clienteId: number, ofertasEmail: boolean): Promise<Consentimentos> {
      const t = await titular(clienteId);
      if (t.anonimizadoEm) throw conflict(MSG_PRIVACIDADE.contaJaExcluida);
      await mudarOfertasEmail(db, clienteId, ofertasEmail, 'perfil');
      return consentimentos(clienteId);
    },

    /** GET /privacidade/exportar/{clientId}: every table's rows about the person; an ADMIN's export is audited. */
    async exportar(clienteId: number, quem: QuemAudita): Promise<ExportacaoDados> {
      const t = await titular(clienteId);
      const tabelas: Record<string, Record<string, unknown>[]> = {};
      const semDadosPessoais: Record<string, string> = {};
      for (const [nome, c] of Object.entries(TABELAS)) {
        if (typeof c === 'string') semDadosPessoais[nome] = c;
        else tabelas[nome] = limpar(linhasDe<Record<string, unknown>>(await db.execute(c.linhas(t))), c.omitir);
      }
      if (quem.permissao !== 'CLIENTE') {
        await registrarAuditoria(db, quem, {
          entidade: 'cliente',
          entidadeId: clienteId,
          acao: 'EXPORTAR_DADOS',
          depois: { clienteId, tabelas: Object.keys(tabelas).length },
        });
      }
      return {
        geradoEm: new Date().toISOString(),
        titular: { clienteId, usuarioId: t.usuarioId, email: t.email },
        tabelas,
        semDadosPessoais,
        dadosMantidosAposExclusao: [...DADOS_MANTIDOS_APOS_EXCLUSAO],
      };
    },

    /** POST /privacidade/excluir/{clientId}: the owner's own closure, confirmed by the password. */
    async excluirConta(clienteId: number, senha: string, quem: QuemAudita) {
      const t = await titular(clienteId);
      if (t.anonimizadoEm) throw conflict(MSG_PRIVACIDADE.contaJaExcluida);
      await conferirSenha(t.usuarioId, senha);
      return anonimizar(clienteId, quem);
    },

    /** POST /privacidade/equipe/anonimizar/{clientId}: the ADMIN's, for a request received by other means. */
    anonimizar,
  };
}

export type PrivacidadeService = ReturnType<typeof createPrivacidadeService>;
