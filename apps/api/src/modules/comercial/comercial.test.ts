import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { comercialApi, type RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { RegrasComerciaisInput } from '@clinica/shared/schemas/comercial-admin';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { bearer, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

/** The demo store's rules as the API writes them on the wire (reais, percent). */
const DEMO_NO_FIO = {
  parcelamento: { maxParcelas: 10, parcelasSemJuros: 3, jurosMensal: 1.99, parcelaMinima: 30 },
  pix: { desconto: 5 },
  boleto: { ativo: true, diasUteis: 3, diasTolerancia: 2, preSelecionadoEmpresa: true },
  freteGratis: { ativo: true, valorMinimo: 300, ufs: ['ES', 'MG', 'PR', 'RJ', 'RS', 'SC', 'SP'], servicos: [1] },
} satisfies RegrasComerciaisInput;

describe.each(testDatabaseTargets())('Condições comerciais (%s)', (kind) => {
  let t: TestApp;
  const tk = {} as Record<'admin' | 'equipe' | 'cliente', string>;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tk.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tk.equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tk.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
  });
  afterAll(() => t?.dispose());

  const ler = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/condicoescomerciais/' });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const salvar = (payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/condicoescomerciais/',
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });
  const versao = async () =>
    Number((await t.database.raw<{ versao: number }>('SELECT versao FROM catalogo_versao'))[0]!.versao);

  it('a leitura é pública e traz as regras da loja de demonstração, em reais e percentuais', async () => {
    const res = await ler();
    expect(res.json().content).toEqual(DEMO_NO_FIO);
    const regras: RegrasComerciais = contentOf(comercialApi.get, res);
    expect(regras.parcelamento.parcelaMinima).toBe(3000);
    expect(regras.freteGratis.valorMinimo).toBe(30000);
  });

  it('só o Gerente grava: anônimo 401, CLIENTE 403, USUARIO 403, e nada muda', async () => {
    const outra = { ...DEMO_NO_FIO, pix: { desconto: 10 } };
    expect((await salvar(outra)).statusCode).toBe(401);
    expect((await salvar(outra, tk.cliente)).statusCode).toBe(403);
    expect((await salvar(outra, tk.equipe)).statusCode).toBe(403);
    expect((await ler()).json().content.pix.desconto).toBe(5);
  });

  it('o Gerente grava: a leitura muda na hora, a versão do catálogo sobe e a auditoria guarda o antes e o depois', async () => {
    const antes = await versao();
    const nova = {
      parcelamento: { maxParcelas: 12, parcelasSemJuros: 6, jurosMensal: 2.49, parcelaMinima: 50.5 },
      pix: { desconto: 7.5 },
      boleto: { ativo: false, diasUteis: 5, diasTolerancia: 0, preSelecionadoEmpresa: false },
      freteGratis: { ativo: true, valorMinimo: 499.9, ufs: ['SP', 'RJ', 'SP'], servicos: [2, 1, 2] },
    };
    const res = await salvar(nova, tk.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG_BO.regrasComerciaisSalvas);
    const esperado = { ...nova, freteGratis: { ...nova.freteGratis, ufs: ['RJ', 'SP'], servicos: [1, 2] } };
    expect(res.json().content).toEqual(esperado);
    expect((await ler()).json().content).toEqual(esperado);
    expect(await versao()).toBeGreaterThan(antes);
    const [linha] = await t.database.raw<{
      antes: { pixDescontoCentesimos: number };
      depois: { pixDescontoCentesimos: number };
    }>("SELECT antes, depois FROM auditoria WHERE entidade = 'comercial' ORDER BY id DESC LIMIT 1");
    expect(linha?.antes.pixDescontoCentesimos).toBe(500);
    expect(linha?.depois.pixDescontoCentesimos).toBe(750);
    expect((await salvar(DEMO_NO_FIO, tk.admin)).statusCode).toBe(200);
    expect((await ler()).json().content).toEqual(DEMO_NO_FIO);
  });

  it('recusa regras inválidas com 400 e a mensagem no campo, sem mudar nada', async () => {
    const casos: Array<[unknown, string]> = [
      [
        { ...DEMO_NO_FIO, parcelamento: { ...DEMO_NO_FIO.parcelamento, parcelasSemJuros: 11 } },
        MSG_BO.parcelasSemJurosAcimaDoMaximo,
      ],
      [
        { ...DEMO_NO_FIO, parcelamento: { ...DEMO_NO_FIO.parcelamento, maxParcelas: 25 } },
        'Informe um número inteiro de 1 a 24.',
      ],
      [
        { ...DEMO_NO_FIO, parcelamento: { ...DEMO_NO_FIO.parcelamento, jurosMensal: 1.999 } },
        'Informe um percentual de 0 a 20, com no máximo duas casas decimais.',
      ],
      [
        { ...DEMO_NO_FIO, pix: { desconto: -1 } },
        'Informe um percentual de 0 a 50, com no máximo duas casas decimais.',
      ],
      [{ ...DEMO_NO_FIO, freteGratis: { ...DEMO_NO_FIO.freteGratis, ufs: ['XX'] } }, MSG_BO.ufInvalida],
      [{ ...DEMO_NO_FIO, boleto: { ...DEMO_NO_FIO.boleto, diasUteis: 0 } }, 'Informe um número inteiro de 1 a 30.'],
    ];
    for (const [payload, mensagem] of casos) {
      const res = await salvar(payload, tk.admin);
      expect(res.statusCode, mensagem).toBe(400);
      expect(JSON.stringify(res.json())).toContain(mensagem);
    }
    expect((await ler()).json().content).toEqual(DEMO_NO_FIO);
  });

  it('sem a linha (banco sem migração de dados), a leitura devolve as regras neutras: só à vista, sem desconto', async () => {
    await t.database.raw('DELETE FROM regras_comerciais');
    try {
      expect((await ler()).json().content).toMatchObject({
        parcelamento: { maxParcelas: 1, parcelasSemJuros: 1, jurosMensal: 0 },
        pix: { desconto: 0 },
        freteGratis: { ativo: false },
      });
      expect((await salvar(DEMO_NO_FIO, tk.admin)).statusCode).toBe(200);
      expect((await ler()).json().content).toEqual(DEMO_NO_FIO);
    } finally {
      await salvar(DEMO_NO_FIO, tk.admin);
    }
  });
});
