import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor, type WireContent } from '../../test/test-utils';
import { ADMIN, cupomWire, EQUIPE } from './coupon-fixtures';
import { CouponsPage } from './coupons-page';

type Item = WireContent<typeof cupomAdminApi.listagem>['listaCupom'][number];
const item = (id: number, over: Partial<Item> = {}): Item => {
  const {
    id: _id,
    codigo,
    descricao,
    tipo,
    valor,
    escopo,
    inicio,
    fim,
    limiteUsos,
    ativo,
    usos,
    situacao,
  } = cupomWire(id, over);
  return { id, codigo, descricao, tipo, valor, escopo, inicio, fim, limiteUsos, ativo, usos, situacao };
};
const LIST = 'GET /api/cupom/listagem';
const listagem = (rows: Item[]) =>
  okFor(cupomAdminApi.listagem, {
    listaCupom: rows,
    totalPaginas: rows.length ? 1 : 0,
    totalRegistros: rows.length,
    page: 0,
  });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

const BEMVINDO = item(1);
const NATAL = item(2, {
  codigo: 'NATAL2025',
  descricao: 'Natal 2025',
  valor: 15,
  inicio: '2025-12-01',
  fim: '2025-12-26',
  usos: 0,
  situacao: 'EXPIRADO',
});
const FIXO = item(3, {
  codigo: 'CURSO20',
  descricao: 'R$ 20 nos cursos',
  tipo: 'FIXO',
  valor: 20,
  escopo: 'DIGITAIS',
  limiteUsos: 50,
  usos: 12,
  ativo: false,
  situacao: 'INATIVO',
});

function renderCupons(user: typeof ADMIN | typeof EQUIPE = ADMIN, path = '/cupons') {
  signInAs(user);
  return renderAt(path, { '/cupons': <CouponsPage />, '/cupons/novo': <p>Novo</p>, '/cupons/:id/usos': <p>Usos</p> });
}

describe('/cupons: lista de cupons', () => {
  setupScreenTests();

  it('lista código, desconto, onde vale, validade, usos e situação; a linha abre o cupom e a ação os usos', async () => {
    const { calls } = mockApi({ [LIST]: listagem([BEMVINDO, NATAL, FIXO]) });
    const { router } = renderCupons();
    expect(await screen.findByRole('heading', { level: 1, name: MSG_BO.cupons })).toBeTruthy();
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(3);
    const natal = within(rows[1]!);
    expect(natal.getByRole('link', { name: 'Abrir o cupom NATAL2025' }).getAttribute('href')).toBe('/cupons/2');
    expect(natal.getAllByText('15% de desconto').length).toBeGreaterThan(0);
    expect(natal.getByText('De 01/12/2025 a 26/12/2025')).toBeTruthy();
    expect(natal.getAllByText('Expirado').length).toBeGreaterThan(0);
    const fixo = within(rows[2]!);
    expect(fixo.getAllByText('R$ 20,00 de desconto').length).toBeGreaterThan(0);
    expect(fixo.getByText('Cursos digitais')).toBeTruthy();
    expect(fixo.getByText('12 de 50')).toBeTruthy();
    expect(fixo.getAllByText('Desativado').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText('Sem prazo')).toBeTruthy();
    expect(queryOf(calls[0]!.url)).toEqual({ page: '0', size: '10' });
    fireEvent.click(natal.getByRole('link', { name: 'Usos do cupom NATAL2025' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cupons/2/usos'));
  });

  it("o Gerente tem 'Novo cupom'; a equipe não", async () => {
    mockApi({ [LIST]: listagem([BEMVINDO]) });
    renderCupons(ADMIN);
    expect((await screen.findByRole('link', { name: 'Novo cupom' })).getAttribute('href')).toBe('/cupons/novo');
  });

  it('a equipe vê a lista sem o botão de cadastrar', async () => {
    mockApi({ [LIST]: listagem([BEMVINDO]) });
    renderCupons(EQUIPE);
    await screen.findAllByTestId('coupon-row');
    expect(screen.queryByRole('link', { name: 'Novo cupom' })).toBeNull();
  });

  it('os filtros vão para o endereço e para a API; sem resultado, "Limpar filtros"', async () => {
    const { calls } = mockApi({ [LIST]: ({ url }) => listagem(queryOf(url).codigo ? [] : [BEMVINDO]) });
    const { router } = renderCupons();
    await screen.findAllByTestId('coupon-row');
    typeInto('Código', 'natal');
    fireEvent.change(screen.getByLabelText('Vigência'), { target: { value: 'false' } });
    click('Filtrar');
    expect(await screen.findByText(MSG_BO.cuponsNenhumEncontrado)).toBeTruthy();
    expect(router.state.location.search).toBe('?codigo=natal&vigente=false');
    expect(queryOf(calls.at(-1)!.url)).toEqual({ codigo: 'natal', vigente: 'false', page: '0', size: '10' });
    click('Limpar filtros');
    expect(await screen.findAllByTestId('coupon-row')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('nenhum cupom ainda: o convite a cadastrar o primeiro', async () => {
    mockApi({ [LIST]: listagem([]) });
    renderCupons();
    expect(await screen.findByText(MSG_BO.cuponsNenhumCadastrado)).toBeTruthy();
    expect(screen.getByText(MSG_BO.cuponsNenhumCadastradoTexto)).toBeTruthy();
  });

  it('uma falha da lista mostra o motivo', async () => {
    mockApi({ [LIST]: fail(500, 'Banco fora do ar') });
    renderCupons();
    expect(await screen.findByText(`${MSG_BO.erroListaCupons}Banco fora do ar`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
