import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { comercialAdminApi } from '@clinica/shared/schemas/comercial-admin';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import type { REGRAS_DEMO } from '../../test/comercial-fixtures';
import { regrasComerciais } from '../../test/comercial-fixtures';
import { EMPRESA_FIXTURE } from '../../test/empresa-fixture';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor, renderRoutes, type MockReply } from '../../test/test-utils';
import { CommercialRulesPage } from './commercial-rules-page';

const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };
const EQUIPE = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe Sorriso Pleno' };

/** The rules' audit trail (empty) and the demo store's rules. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/comercial/1': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
  'GET /api/condicoescomerciais/': regrasComerciais(),
};

function renderScreen() {
  signInAs(ADMIN);
  return renderAt('/condicoes-comerciais', { '/condicoes-comerciais': <CommercialRulesPage /> });
}

const previa = () => screen.getByTestId('commercial-preview');
const opcoes = () =>
  within(previa())
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const switchOf = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('/condicoes-comerciais', () => {
  setupScreenTests();

  it('shows the four groups locked, with the simulation of a R$ 1.000,00 purchase', async () => {
    mockApi(SCREEN_CALLS);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: MSG_BO.comercialTitulo })).toBeTruthy();
    await waitFor(() => expect(field(MSG_BO.comercialMaxParcelas).value).toBe('10'));
    expect(field(MSG_BO.comercialParcelasSemJuros).value).toBe('3');
    expect(field(MSG_BO.comercialJurosMensal).value).toBe('1,99');
    expect(field(MSG_BO.comercialParcelaMinima).value).toBe('30,00');
    expect(field(MSG_BO.comercialPixDesconto).value).toBe('5');
    expect(switchOf(MSG_BO.comercialBoletoAtivo).checked).toBe(true);
    expect(switchOf(MSG_BO.comercialBoletoEmpresa).checked).toBe(true);
    expect(field(MSG_BO.comercialFreteValorMinimo).value).toBe('300,00');
    expect(checkbox('SP').checked).toBe(true);
    expect(checkbox('BA').checked).toBe(false);
    expect(checkbox('Marcar todos do Sudeste').checked).toBe(true);
    expect(checkbox('PAC (Correios)').checked).toBe(true);
    expect(checkbox('SEDEX (Correios)').checked).toBe(false);
    expect(field(MSG_BO.comercialMaxParcelas).matches(':disabled')).toBe(true);
    expect(opcoes()).toHaveLength(10);
    expect(opcoes()[0]).toBe('À vista: R$ 1.000,00');
    expect(opcoes()[5]).toBe('6x de R$ 178,47 com juros (1,99% a.m.) — total R$ 1.070,79');
    expect(within(previa()).getByText('R$ 950,00 no PIX')).toBeTruthy();
    expect(screen.queryByRole('button', { name: MSG_BO.comercialSalvar })).toBeNull();
  });

  it('Editar: the simulation follows the form; a rule broken shows its message; Salvar sends the rules', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'POST /api/condicoescomerciais/': ({ body }) =>
        okFor(comercialAdminApi.salvar, JSON.parse(String(body)) as typeof REGRAS_DEMO),
    });
    renderScreen();
    await waitFor(() => expect(field(MSG_BO.comercialMaxParcelas).value).toBe('10'));
    click('Editar');
    typeInto(MSG_BO.comercialParcelasSemJuros, '11');
    expect(await screen.findByText(MSG_BO.parcelasSemJurosAcimaDoMaximo)).toBeTruthy();
    typeInto(MSG_BO.comercialJurosMensal, '1,999');
    expect(await screen.findByText('Informe um percentual de 0 a 20, com no máximo duas casas decimais.')).toBeTruthy();
    click(MSG_BO.comercialSalvar);
    await waitFor(() => expect(screen.getAllByText(MSG_BO.parcelasSemJurosAcimaDoMaximo).length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    typeInto(MSG_BO.comercialMaxParcelas, '12');
    typeInto(MSG_BO.comercialParcelasSemJuros, '6');
    typeInto(MSG_BO.comercialJurosMensal, '2,49');
    typeInto(MSG_BO.comercialPixDesconto, '7,5');
    await waitFor(() => expect(opcoes()).toHaveLength(12));
    expect(opcoes()[5]).toBe('6x de R$ 166,66 sem juros — total R$ 1.000,00');
    expect(within(previa()).getByText('R$ 925,00 no PIX')).toBeTruthy();
    fireEvent.click(checkbox('Marcar todos do Nordeste'));
    fireEvent.click(checkbox('SP'));
    expect((checkbox('Marcar todos do Sudeste') as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(checkbox('SEDEX (Correios)'));
    fireEvent.click(switchOf(MSG_BO.comercialBoletoEmpresa));
    click(MSG_BO.comercialSalvar);
    expect(await screen.findByText(MSG_BO.regrasComerciaisSalvas)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      parcelamento: { maxParcelas: 12, parcelasSemJuros: 6, jurosMensal: 2.49, parcelaMinima: 30 },
      pix: { desconto: 7.5 },
      boleto: { ativo: true, diasUteis: 3, diasTolerancia: 2, preSelecionadoEmpresa: false },
      freteGratis: {
        ativo: true,
        valorMinimo: 300,
        ufs: ['AL', 'BA', 'CE', 'ES', 'MA', 'MG', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RS', 'SC', 'SE'],
        servicos: [1, 2],
      },
    });
    await waitFor(() => expect(field(MSG_BO.comercialMaxParcelas).matches(':disabled')).toBe(true));
  });

  it("a refusal of the server shows its message; 'Cancelar' puts the saved rules back", async () => {
    mockApi({ ...SCREEN_CALLS, 'POST /api/condicoescomerciais/': fail(400, 'Regras inválidas.') });
    renderScreen();
    await waitFor(() => expect(field(MSG_BO.comercialMaxParcelas).value).toBe('10'));
    click('Editar');
    typeInto(MSG_BO.comercialMaxParcelas, '8');
    click(MSG_BO.comercialSalvar);
    expect(await screen.findByText('Regras inválidas.')).toBeTruthy();
    click('Cancelar');
    await waitFor(() => expect(field(MSG_BO.comercialMaxParcelas).value).toBe('10'));
  });

  it("is ADMIN only: USUARIO gets 'Página não encontrada!', and only the Gerente's menu has it", async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE),
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
        listProdutoDigital: [],
        listProdutoFisico: [],
      }),
    });
    signInAs(EQUIPE);
    const first = renderRoutes(routes, '/condicoes-comerciais');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    first.unmount();
    signInAs(ADMIN);
    renderRoutes(routes, '/condicoes-comerciais');
    expect(await screen.findByRole('heading', { level: 1, name: MSG_BO.comercialTitulo })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Gestão' });
    expect(within(menu).getByRole('link', { name: 'Comercial' }).getAttribute('aria-current')).toBe('page');
  });
});
