/**
 * The holder's rights (ADR 038) on both databases: the consent history (sign-up, profile, one click, unsubscribe
 * link); the export of a customer who touched every table, checked against the schema (every table of the database
 * is classified, so a new table without a classification fails here, and every table with personal data shows the
 * customer's rows); the account's closure leaving no name, e-mail, document or phone anywhere but in what the tax law
 * keeps, with order totals unchanged, the session ended and the sign-in refused; the ADMIN's path audited; another
 * customer refused with 403.
 */
import { cpf as geradorCpf } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { VERSAO_TEXTO_OFERTAS } from '@clinica/shared/privacidade';
import { clienteApi, type ClienteCreateInput } from '@clinica/shared/schemas/cliente';
import { privacidadeApi } from '@clinica/shared/schemas/privacidade';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  loginToken,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { tokenDescadastro } from '../sacola/descadastro-token.js';
import { TABELAS } from './privacidade.service.js';

let seq = 0;

function cadastro(nome: string, email: string, cpf: string, telefone: string, ofertasEmail?: boolean) {
  return {
    nome,
    cpf,
    cnpj: null,
    razaoSocial: null,
    inscricaoEstadual: null,
    juridica: false,
    telefone,
    usuario: { email, password: 'segredo123' },
    endereco: {
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Sala 12',
      bairro: 'Bela Vista',
      municipio: { id: 3550308 },
      uf: { id: 35 },
    },
    ...(ofertasEmail === undefined ? {} : { ofertasEmail }),
  } as ClienteCreateInput;
}

describe.each(testDatabaseTargets())('privacidade: LGPD (%s)', (kind) => {
  let t: TestApp;
  const raw = <T>(text: string, params: unknown[] = []) => t.database.raw<T>(text, params);
  const one = async <T>(text: string, params: unknown[] = []) => (await raw<T>(text, params))[0]!;
  let adminHeaders: Record<string, string>;
  let adminId: number;

  /** A customer signed up through the API, signed in (a real session). */
  async function cliente(ofertasEmail?: boolean) {
    seq += 1;
    const nome = `Valéria Quintanilha Zorzi ${String.fromCharCode(65 + seq)}`;
    const email = `valeria.zorzi.${seq}.${process.pid}@exemplo.com.br`;
    const cpf = geradorCpf.generate();
    const telefone = `119${String(70000000 + ((process.pid * 37 + seq * 7919) % 29999999)).padStart(8, '0')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/create',
      payload: cadastro(nome, email, cpf, telefone, ofertasEmail) as object,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = contentOf(clienteApi.create, res);
    const token = await loginToken(t.app, { email, password: 'segredo123' });
    return { nome, email, cpf, telefone, clienteId: c.id, usuarioId: c.usuario.id, token, headers: bearer(token) };
  }
  type Cliente = Awaited<ReturnType<typeof cliente>>;

  const exportar = (clienteId: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/privacidade/exportar/${clienteId}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const admin = await createUser(t.database, {
      email: `admin.lgpd.${process.pid}@exemplo.com.br`,
      password: 'admin123',
      permissao: 'ADMIN',
    });
    adminId = admin.id;
    adminHeaders = bearer(await t.issueToken({ id: admin.id, permissao: 'ADMIN', idCliente: null }));
  });
  afterAll(() => t?.dispose());

  /** Makes the customer touch every table the classification says holds data about a person. */
  async function tocarTudo(c: Cliente) {
    const produto = await one<{ id: number; nome: string }>(
      'SELECT id, nome FROM produtos WHERE NOT digital AND NOT brinde ORDER BY id LIMIT 1',
    );
    const curso = await one<{ id: number; nome: string }>(
      'SELECT id, nome FROM produtos WHERE digital ORDER BY id LIMIT 1',
    );
    let conteudo = (
      await raw<{ id: number }>('SELECT id FROM conteudos_produto WHERE produto_id = $1 LIMIT 1', [curso.id])
    )[0];
    conteudo ??= await one<{ id: number }>(
      `INSERT INTO conteudos_produto (produto_id, ordem, titulo, duracao, arquivo, video, tipo, tamanho)
       VALUES ($1, 99, 'Aula', '00:10:00', 'private/x.mp4', true, 'video/mp4', 1) RETURNING id`,
      [curso.id],
    );
    await raw(`INSERT INTO sacolas (cliente_id, itens, versao) VALUES ($1, $2::jsonb, 1)`, [
      c.clienteId,
      JSON.stringify([{ produtoId: produto.id, quantidade: 2 }]),
    ]);
    await raw('INSERT INTO favoritos (cliente_id, produto_id) VALUES ($1, $2)', [c.clienteId, produto.id]);
    const pedido = async (situacao: string) =>
      (
        await one<{ id: number }>(
          `INSERT INTO pedidos (cliente_id, situacao, valor_produtos, valor_frete, valor_total, nome_recebedor,
             telefone_recebedor, dados_nome, dados_email, dados_telefone, dados_documento)
           VALUES ($1, $2, 100.00, 23.45, 123.45, $3, $4, $3, $5, $4, $6) RETURNING id`,
          [c.clienteId, situacao, c.nome, c.telefone, c.email, c.cpf],
        )
      ).id;
    const pago = await pedido('ENTREGUE');
    const cancelado = await pedido('CANCELADO');
    for (const p of [pago, cancelado]) {
      await raw(
        `INSERT INTO pedido_itens (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total)
         VALUES ($1, $2, $3, 2, 50.00, 100.00)`,
        [p, produto.id, produto.nome],
      );
      await raw(
        `INSERT INTO pedido_enderecos_entrega (pedido_id, cep, logradouro, numero, complemento, bairro, municipio_id, uf_id)
         VALUES ($1, '01310100', 'Avenida Paulista', '1000', $2, 'Bela Vista', 3550308, 35)`,
        [p, `aos cuidados de ${c.nome}`],
      );
      await raw(
        `INSERT INTO pedido_historico (pedido_id, de, para, quem, quem_id) VALUES ($1, null, 'PENDENTE', 'CLIENTE', $2)`,
        [p, c.clienteId],
      );
      await raw(
        `INSERT INTO pagamentos (pedido_id, tipo, status, provedor, provider_id, valor, last_four, payment_method_id)
         VALUES ($1, 'credit', 'approved', 'sandbox', $2, 123.45, '6351', 'master')`,
        [p, `sbx-lgpd-${p}`],
      );
      await raw(
        `INSERT INTO sandbox_pagamentos (id, tipo, status, valor, chave, pagador) VALUES ($1, 'boleto', 'approved', 123.45, $1, $2)`,
        [`sbx-lgpd-${p}`, c.nome],
      );
    }
    await raw(
      `INSERT INTO notas_fiscais (pedido_id, provedor, status, numero, serie, chave_acesso, dados)
       VALUES ($1, 'sandbox', 'emitida', $2, 1, $3, $4::jsonb)`,
      [
        pago,
        pago,
        String(pago).padStart(44, '3'),
        JSON.stringify({ destinatario: { nome: c.nome, documento: { tipo: 'CPF', numero: c.cpf }, email: c.email } }),
      ],
    );
    await raw(
      `INSERT INTO notificacoes (cliente_id, tipo, texto, status_pagamento, pedido_id) VALUES ($1, 'pagamento', $2, 'approved', $3)`,
      [c.clienteId, `Pagamento do pedido #${pago} aprovado, ${c.nome}`, pago],
    );
    const cupom = await one<{ id: number }>(
      `INSERT INTO cupons (codigo, descricao, tipo, valor) VALUES ($1, 'LGPD', 'FIXO', 5.00) RETURNING id`,
      [`LGPD${c.clienteId}X${process.pid % 1000}`],
    );
    await raw(`INSERT INTO cupom_usos (cupom_id, pedido_id, cliente_id, desconto) VALUES ($1, $2, $3, 5.00)`, [
      cupom.id,
      pago,
      c.clienteId,
    ]);
    await raw(`INSERT INTO avaliacoes (produto_id, cliente_id, nota, comentario) VALUES ($1, $2, 4.5, 'Muito bom')`, [
      produto.id,
      c.clienteId,
    ]);
    await raw(
      `INSERT INTO progresso_conteudos (usuario_id, conteudo_id, concluido, concluido_em, posicao_segundos)
       VALUES ($1, $2, true, now(), 600)`,
      [c.usuarioId, conteudo.id],
    );
    await raw(
      `INSERT INTO certificados (codigo, cliente_id, produto_id, nome_cliente, curso, carga_horaria, concluido_em)
       VALUES ($1, $2, $3, $4, $5, '10 horas', now())`,
      [
        `CERT${String(c.clienteId).padStart(4, '0')}${String(process.pid % 1000000).padStart(6, '0')}`,
        c.clienteId,
        curso.id,
        c.nome,
        curso.nome,
      ],
    );
    await raw(
      `INSERT INTO mensagens_contato (nome, email, telefone, assunto, mensagem) VALUES ($1, $2, $3, 'outro', $4)`,
      [c.nome, c.email, c.telefone, `Sou ${c.nome}, CPF ${c.cpf}`],
    );
    await raw(`INSERT INTO estoque_avisos (produto_id, email, usuario_id) VALUES ($1, $2, $3)`, [
      produto.id,
      c.email,
      c.usuarioId,
    ]);
    await raw(
      `INSERT INTO auditoria (usuario_id, permissao, entidade, entidade_id, acao, antes, depois)
       VALUES ($1, 'ADMIN', 'pedido', $2, 'ENVIAR', '{"situacao":"PAGO"}', '{"situacao":"ENVIADO"}')`,
      [adminId, pago],
    );
    await raw(
      `INSERT INTO chaves_idempotencia (chave, usuario_id, rota, hash_corpo, status, resposta)
       VALUES ($1, $2, '/api/pedido/create', 'x', 'CONCLUIDA', $3::jsonb)`,
      [`chave-${seq}`, c.usuarioId, JSON.stringify({ dadosNome: c.nome, dadosEmail: c.email })],
    );
    // A renewal (tokens_revogados) and another session's logout (sessoes_revogadas).
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/usuario/auth/atualizatoken/${c.usuarioId}`, headers: c.headers }))
        .statusCode,
    ).toBe(200);
    const outra = bearer(await loginToken(t.app, { email: c.email, password: 'segredo123' }));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/usuario/logout/${c.usuarioId}`, headers: outra })).statusCode,
    ).toBe(200);
    // A wrong password leaves the sign-in counters, keyed by the e-mail.
    await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      payload: { email: c.email, password: 'errada1' },
    });
    return { pago, cancelado };
  }

  it('classifies every table of the database, and exports each table with personal data with the customer’s rows only', async () => {
    const tabelasDoBanco = (
      await raw<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
    )
      .map((r) => r.table_name)
      .filter((n) => !n.startsWith('__drizzle'));
    const semClassificacao = tabelasDoBanco.filter((n) => !(n in TABELAS));
    expect(semClassificacao, 'tabelas sem classificação LGPD em privacidade.service.ts (TABELAS)').toEqual([]);
    expect(Object.keys(TABELAS).filter((n) => !tabelasDoBanco.includes(n))).toEqual([]);

    const c = await cliente(true);
    const outro = await cliente(true);
    await tocarTudo(c);
    await tocarTudo(outro);

    const res = await exportar(c.clienteId, c.headers);
    expect(res.headers['content-disposition']).toContain('attachment');
    const e = contentOf(privacidadeApi.exportar, res);
    const pessoais = Object.entries(TABELAS)
      .filter(([, v]) => typeof v !== 'string')
      .map(([k]) => k);
    expect(Object.keys(e.tabelas).sort()).toEqual([...pessoais].sort());
    const vazias = pessoais.filter((n) => (e.tabelas[n] ?? []).length === 0);
    expect(vazias, 'tabelas com dados pessoais sem as linhas do cliente na exportação').toEqual([]);
    const json = JSON.stringify(e);
    for (const dado of [c.nome, c.email, c.cpf, c.telefone]) expect(json).toContain(dado);
    for (const dado of [outro.nome, outro.email, outro.cpf, outro.telefone]) expect(json).not.toContain(dado);
    // Never the password hash; the card only masked.
    expect(json).not.toMatch(/senha_hash|\$argon2/);
    expect(e.tabelas.pagamentos![0]).toMatchObject({ cartao: '**** 6351' });
    expect(e.tabelas.pagamentos![0]).not.toHaveProperty('last_four');
    // The consent given at sign-up is in the history, with the text's version.
    expect(e.tabelas.consentimentos).toEqual([
      expect.objectContaining({
        finalidade: 'ofertas_email',
        concedido: true,
        origem: 'cadastro',
        versao_texto: VERSAO_TEXTO_OFERTAS,
      }),
    ]);

    // The readable summary has the same rows.
    const resumo = await t.app.inject({
      method: 'GET',
      url: `/api/privacidade/exportar/${c.clienteId}/resumo`,
      headers: c.headers,
    });
    expect(resumo.statusCode).toBe(200);
    expect(resumo.headers['content-type']).toContain('text/html');
    expect(resumo.body).toContain(c.email);
    expect(resumo.body).toContain('Certificados');
    expect(resumo.body).not.toContain(outro.email);
  });

  it('refuses another customer’s data with 403, and a staff USUARIO too; only the owner closes the own account', async () => {
    const a = await cliente();
    const b = await cliente();
    for (const url of [
      `/api/privacidade/exportar/${b.clienteId}`,
      `/api/privacidade/exportar/${b.clienteId}/resumo`,
      `/api/privacidade/consentimento/${b.clienteId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).statusCode).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/privacidade/consentimento/${b.clienteId}`,
          headers: a.headers,
          payload: { ofertasEmail: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/privacidade/excluir/${b.clienteId}`,
          headers: a.headers,
          payload: { senha: 'segredo123' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/privacidade/equipe/anonimizar/${b.clienteId}`,
          headers: a.headers,
        })
      ).statusCode,
    ).toBe(403);
    const usuario = await createUser(t.database, {
      email: `staff.lgpd.${process.pid}@exemplo.com.br`,
      password: 'x1234',
      permissao: 'USUARIO',
    });
    const staff = bearer(await t.issueToken({ id: usuario.id, permissao: 'USUARIO', idCliente: null }));
    expect((await exportar(b.clienteId, staff)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/privacidade/equipe/anonimizar/${b.clienteId}`, headers: staff }))
        .statusCode,
    ).toBe(403);
    // Nothing changed for b.
    expect(
      (await one<{ a: unknown }>('SELECT anonimizado_em AS a FROM clientes WHERE id = $1', [b.clienteId])).a,
    ).toBeNull();
  });

  it('records each consent choice with its version and origin: unticked by default, one click each way, the unsubscribe link', async () => {
    const c = await cliente();
    const url = `/api/privacidade/consentimento/${c.clienteId}`;
    let r = contentOf(privacidadeApi.consentimentos, await t.app.inject({ method: 'GET', url, headers: c.headers }));
    expect(r).toEqual({ ofertasEmail: false, ofertasEmailEm: null, historico: [] });

    const dar = () => t.app.inject({ method: 'PUT', url, headers: c.headers, payload: { ofertasEmail: true } });
    r = contentOf(privacidadeApi.consentir, await dar());
    expect(r.ofertasEmail).toBe(true);
    expect(r.historico).toEqual([
      expect.objectContaining({ concedido: true, origem: 'perfil', versaoTexto: VERSAO_TEXTO_OFERTAS }),
    ]);
    // A double click records once.
    r = contentOf(privacidadeApi.consentir, await dar());
    expect(r.historico).toHaveLength(1);

    r = contentOf(
      privacidadeApi.consentir,
      await t.app.inject({ method: 'PUT', url, headers: c.headers, payload: { ofertasEmail: false } }),
    );
    expect(r.ofertasEmail).toBe(false);
    expect(r.historico.map((h) => [h.concedido, h.origem])).toEqual([
      [false, 'perfil'],
      [true, 'perfil'],
    ]);

    // Given again on the profile's editor, withdrawn by the e-mail's unsubscribe link: both recorded.
    await dar();
    const token = tokenDescadastro(t.config.JWT_SECRET!, c.clienteId);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/email/descadastrar?token=${encodeURIComponent(token)}` }))
        .statusCode,
    ).toBe(200);
    r = contentOf(privacidadeApi.consentimentos, await t.app.inject({ method: 'GET', url, headers: c.headers }));
    expect(r.ofertasEmail).toBe(false);
    expect(r.historico[0]).toMatchObject({ concedido: false, origem: 'descadastro' });
    expect(r.historico).toHaveLength(4);

    // A malformed choice is a 400, nothing written.
    const bad = await t.app.inject({ method: 'PUT', url, headers: c.headers, payload: { ofertasEmail: 'sim' } });
    expect(bad.statusCode).toBe(400);
  });

  it('closes the own account with the password: no personal datum left outside what tax law keeps, totals kept, session ended, sign-in refused, e-mail and CPF free again', async () => {
    const c = await cliente(true);
    const { pago, cancelado } = await tocarTudo(c);
    // A dentist's CRO (ADR 037) on the profile, on the sale and on the cancelled order.
    await raw(`UPDATE clientes SET cro_numero = '98765', cro_uf = 'SP' WHERE id = $1`, [c.clienteId]);
    await raw(`UPDATE pedidos SET dados_cro_numero = '98765', dados_cro_uf = 'SP' WHERE cliente_id = $1`, [
      c.clienteId,
    ]);
    const totais = await raw<{ id: number; valor_total: string }>(
      'SELECT id, valor_total FROM pedidos WHERE cliente_id = $1 ORDER BY id',
      [c.clienteId],
    );
    const url = `/api/privacidade/excluir/${c.clienteId}`;

    const errada = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { senha: 'errada99' } });
    expect(errada.statusCode).toBe(422);
    expect(body(errada).message).toBe(MSG.senhaAtualIncorreta);
    const vazia = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { senha: '' } });
    expect(vazia.statusCode).toBe(400);
    expect(
      (await one<{ a: unknown }>('SELECT anonimizado_em AS a FROM clientes WHERE id = $1', [c.clienteId])).a,
    ).toBeNull();

    const res = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { senha: 'segredo123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(MSG_PRIVACIDADE.contaExcluida);

    // The session ends at once; a second request is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/usuario/${c.usuarioId}`, headers: c.headers })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { senha: 'segredo123' } })).statusCode,
    ).toBe(401);
    // Every text column of every table: the name, e-mail, CPF and phone appear only where the tax law keeps them.
    const colunas = await raw<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')
       ORDER BY table_name, column_name`,
    );
    expect(colunas.length).toBeGreaterThan(50);
    const achados: string[] = [];
    for (const { table_name: tabela, column_name: coluna } of colunas) {
      if (tabela.startsWith('__drizzle')) continue;
      for (const dado of [c.nome, c.email, c.cpf, c.telefone]) {
        const linhas = await raw<{ id: unknown }>(
          `SELECT ${tabela === 'pedidos' ? 'id' : ['notas_fiscais', 'pedido_enderecos_entrega'].includes(tabela) ? 'pedido_id' : 'NULL'} AS id FROM "${tabela}" WHERE lower("${coluna}"::text) LIKE $1`,
          [`%${dado.toLowerCase()}%`],
        );
        for (const l of linhas)
          achados.push(
            `${tabela}.${coluna}${l.id === null ? '' : `#${String(l.id)}`}:${dado === c.nome ? 'nome' : dado === c.email ? 'email' : dado === c.cpf ? 'cpf' : 'telefone'}`,
          );
      }
    }
    expect(achados.sort()).toEqual(
      [
        `notas_fiscais.dados#${pago}:cpf`,
        `notas_fiscais.dados#${pago}:email`,
        `notas_fiscais.dados#${pago}:nome`,
        `pedidos.dados_documento#${pago}:cpf`,
        `pedidos.dados_nome#${pago}:nome`,
        `pedido_enderecos_entrega.complemento#${pago}:nome`,
      ].sort(),
    );
    // The cancelled order lost its buyer and address; the sale kept its address.
    expect(
      await one('SELECT dados_nome, dados_documento, dados_email FROM pedidos WHERE id = $1', [cancelado]),
    ).toEqual({
      dados_nome: null,
      dados_documento: null,
      dados_email: null,
    });
    expect(await raw('SELECT id FROM pedido_enderecos_entrega WHERE pedido_id = $1', [cancelado])).toEqual([]);
    expect(await raw('SELECT id FROM pedido_enderecos_entrega WHERE pedido_id = $1', [pago])).toHaveLength(1);
    // The CRO leaves the profile and the cancelled order; the sale keeps it with its invoice.
    expect(await raw('SELECT cro_numero, cro_uf FROM clientes WHERE id = $1', [c.clienteId])).toEqual([
      { cro_numero: null, cro_uf: null },
    ]);
    expect(await raw('SELECT dados_cro_numero AS n FROM pedidos WHERE id = $1', [cancelado])).toEqual([{ n: null }]);
    expect(await raw('SELECT dados_cro_numero AS n FROM pedidos WHERE id = $1', [pago])).toEqual([{ n: '98765' }]);
    // Totals stay.
    expect(await raw('SELECT id, valor_total FROM pedidos WHERE cliente_id = $1 ORDER BY id', [c.clienteId])).toEqual(
      totais,
    );
    // The certificate stays verifiable, with the initials.
    const cert = await one<{ nome_cliente: string }>('SELECT nome_cliente FROM certificados WHERE cliente_id = $1', [
      c.clienteId,
    ]);
    expect(cert.nome_cliente).toMatch(/^V\. Q\. Z\. [A-Z]\.$/);
    // The review stays, its author anonymous.
    expect(await raw('SELECT id FROM avaliacoes WHERE cliente_id = $1', [c.clienteId])).toHaveLength(1);
    // The self-service closure is recorded, without personal data.
    const audit = await one<{ acao: string; permissao: string; depois: unknown }>(
      "SELECT acao, permissao, depois FROM auditoria WHERE entidade = 'cliente' AND entidade_id = $1",
      [c.clienteId],
    );
    expect(audit).toMatchObject({ acao: 'EXCLUIR_CONTA', permissao: 'CLIENTE' });

    // Signing in fails, by e-mail and by CPF.
    for (const payload of [
      { email: c.email, password: 'segredo123' },
      { cpf: c.cpf, password: 'segredo123' },
    ]) {
      const login = await t.app.inject({ method: 'POST', url: '/api/usuario/cliente/auth', payload });
      expect(login.statusCode).toBe(401);
    }

    // The e-mail and the CPF are free for a new account.
    seq += 1;
    const novo = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/create',
      payload: cadastro('Nova Pessoa', c.email, c.cpf, '11999990000') as object,
    });
    expect(novo.statusCode, novo.body).toBe(201);
  });

  it('lets the ADMIN export and anonymise for a request received by other means, both audited; the customer’s session ends', async () => {
    const c = await cliente();
    const e = contentOf(privacidadeApi.exportar, await exportar(c.clienteId, adminHeaders));
    expect(e.titular.email).toBe(c.email.toLowerCase());
    const url = `/api/privacidade/equipe/anonimizar/${c.clienteId}`;
    const res = await t.app.inject({ method: 'POST', url, headers: adminHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(MSG_PRIVACIDADE.equipeAnonimizado);
    // Twice: 409, nothing more written.
    const again = await t.app.inject({ method: 'POST', url, headers: adminHeaders });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(MSG_PRIVACIDADE.contaJaExcluida);
    const entradas = await raw<{ acao: string; usuario_id: number; permissao: string }>(
      "SELECT acao, usuario_id, permissao FROM auditoria WHERE entidade = 'cliente' AND entidade_id = $1 ORDER BY id",
      [c.clienteId],
    );
    expect(entradas).toEqual([
      { acao: 'EXPORTAR_DADOS', usuario_id: adminId, permissao: 'ADMIN' },
      { acao: 'EXCLUIR_CONTA', usuario_id: adminId, permissao: 'ADMIN' },
    ]);
    // The audit log's screen reads them.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/auditoria/cliente/${c.clienteId}`,
      headers: adminHeaders,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/usuario/${c.usuarioId}`, headers: c.headers })).statusCode,
    ).toBe(401);
    // An unknown client: 404.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/privacidade/equipe/anonimizar/999999', headers: adminHeaders }))
        .statusCode,
    ).toBe(404);
  });
});
