import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { ADMIN, cupomWire, EQUIPE, semHistorico } from './coupon-fixtures';
import { CouponPage } from './coupon-page';

function renderCupom(path: string, user: typeof ADMIN | typeof EQUIPE = ADMIN) {
  signInAs(user);
  return renderAt(path, {
    '/cupons': <p>Lista de cupons</p>,
    '/cupons/novo': <CouponPage />,
    '/cupons/:id': <CouponPage />,
    '/cupons/:id/usos': <p>Usos</p>,
  });
}

const sw = (name: RegExp) => screen.getByRole('switch', { name }) as HTMLInputElement;
const categorias = okFor(categoriaApi.todas, [
  { id: 1, nome: 'Escovação', digital: false },
  { id: 2, nome: 'Cursos de estética', digital: true },
]);

describe('/cupons/novo e /cupons/:id', () => {
  setupScreenTests();

  it('o Gerente cadastra: regras com as mensagens, categorias escolhidas, e o corpo em reais e percentuais', async () => {
    const { calls } = mockApi({
      'GET /api/categoria/': categorias,
      'POST /api/cupom/': okFor(cupomAdminApi.criar, cupomWire(7, { codigo: 'ESTETICA15' }), { status: 201 }),
    });
    const { router } = renderCupom('/cupons/novo');
    expect(screen.getByRole('heading', { level: 1, name: 'Novo cupom' })).toBeTruthy();
    typeInto('Percentual', '');
    click('Cadastrar cupom');
    expect(await screen.findByText(MSG_BO.cupomCodigoFormato)).toBeTruthy();
    expect(screen.getByText(MSG.min3)).toBeTruthy();
    expect(screen.getByText(MSG.naoVazio)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    typeInto('Código', 'estetica15');
    typeInto('Descrição', 'Cursos de estética com 15,5%');
    typeInto('Percentual', '15,5');
    fireEvent.change(screen.getByLabelText(/Vale para/), { target: { value: 'CATEGORIAS' } });
    click('Cadastrar cupom');
    expect(await screen.findByText(MSG_BO.cupomSemCategorias)).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Cursos de estética/ }));
    typeInto('Vale até', '2026-12-31');
    typeInto('Limite de usos', '100');
    fireEvent.click(sw(/Acumula com o desconto do PIX/));
    click('Cadastrar cupom');
    expect(await screen.findByText(MSG_BO.cupomCadastrado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      codigo: 'ESTETICA15',
      descricao: 'Cursos de estética com 15,5%',
      tipo: 'PERCENTUAL',
      valor: 15.5,
      valorMinimo: null,
      inicio: null,
      fim: '2026-12-31',
      limiteUsos: 100,
      limitePorCliente: null,
      primeiraCompra: false,
      escopo: 'CATEGORIAS',
      categoriaIds: [2],
      produtoIds: [],
      acumulaPix: false,
      acumulaBrinde: true,
      ativo: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cupons'));
  });

  it('um código já usado: a mensagem do servidor e o formulário fica como estava', async () => {
    mockApi({ 'POST /api/cupom/': fail(409, MSG_BO.cupomCodigoEmUso) });
    const { router } = renderCupom('/cupons/novo');
    typeInto('Código', 'BEMVINDO10');
    typeInto('Descrição', 'Outro');
    click('Cadastrar cupom');
    expect(await screen.findByText(MSG_BO.cupomCodigoEmUso)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cupons/novo');
    expect(field('Código').value).toBe('BEMVINDO10');
  });

  it('valor fixo e produtos escolhidos pela busca', async () => {
    const { calls } = mockApi({
      'GET /api/produto/listagem': okFor(produtoAdminApi.listagem, {
        listaProduto: [
          {
            id: 9,
            nome: 'Resina composta A2',
            descricao: null,
            preco: 89.9,
            digital: false,
            categoria: { id: 1, nome: 'Resinas' },
            ativo: true,
            produtoExibidoSite: false,
            disponivel: true,
            brinde: false,
            pathImgDestaque: null,
          },
        ],
        totalPaginas: 1,
        totalRegistros: 1,
        page: 0,
      }),
      'POST /api/cupom/': okFor(cupomAdminApi.criar, cupomWire(8), { status: 201 }),
    });
    renderCupom('/cupons/novo');
    typeInto('Código', 'RESINA20');
    typeInto('Descrição', 'R$ 20 na resina');
    fireEvent.change(screen.getByLabelText(/Tipo de desconto/), { target: { value: 'FIXO' } });
    typeInto('Valor do desconto', '20,00');
    fireEvent.change(screen.getByLabelText(/Vale para/), { target: { value: 'PRODUTOS' } });
    typeInto('Buscar produto', 'resina');
    fireEvent.click(await screen.findByRole('button', { name: /Resina composta A2/ }));
    const escolhidos = screen.getByRole('list', { name: 'Produtos escolhidos' });
    expect(within(escolhidos).getByText('Resina composta A2')).toBeTruthy();
    const busca = calls.find((c) => c.url.startsWith('/api/produto/listagem'))!;
    expect(Object.fromEntries(new URL(busca.url, 'http://x').searchParams)).toMatchObject({ nome: 'resina' });
    click('Cadastrar cupom');
    expect(await screen.findByText(MSG_BO.cupomCadastrado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      tipo: 'FIXO',
      valor: 20,
      escopo: 'PRODUTOS',
      produtoIds: [9],
      categoriaIds: [],
    });
  });

  it('edita: começa travado com os valores gravados, salva o cupom inteiro e trava de novo', async () => {
    const { calls } = mockApi({
      'GET /api/cupom/4': okFor(cupomAdminApi.buscar, cupomWire(4, { valorMinimo: 150 })),
      'GET /api/auditoria/cupom/4': semHistorico,
      'PUT /api/cupom/4': okFor(cupomAdminApi.editar, cupomWire(4, { valor: 12, valorMinimo: 150 })),
    });
    renderCupom('/cupons/4');
    expect(await screen.findByDisplayValue('BEMVINDO10')).toBeTruthy();
    expect(screen.getByText('Vigente · 3 usos · R$ 45,90 descontados')).toBeTruthy();
    expect(field('Percentual').value).toBe('10');
    expect(field('Valor mínimo em produtos').value).toBe('150,00');
    expect(field('Percentual').matches(':disabled')).toBe(true);
    click('Editar');
    typeInto('Percentual', '12');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.cupomAtualizado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      id: 4,
      codigo: 'BEMVINDO10',
      valor: 12,
      valorMinimo: 150,
      primeiraCompra: true,
      limitePorCliente: 1,
      acumulaPix: false,
    });
    await waitFor(() => expect(field('Percentual').matches(':disabled')).toBe(true));
    expect(field('Percentual').value).toBe('12');
  });

  it('desativa depois de confirmar e volta à lista', async () => {
    const { calls } = mockApi({
      'GET /api/cupom/4': okFor(cupomAdminApi.buscar, cupomWire(4)),
      'GET /api/auditoria/cupom/4': semHistorico,
      'PUT /api/cupom/desativar/4': okFor(cupomAdminApi.desativar, cupomWire(4, { ativo: false, situacao: 'INATIVO' })),
    });
    const { router } = renderCupom('/cupons/4');
    await screen.findByDisplayValue('BEMVINDO10');
    click('Desativar cupom');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/O cupom BEMVINDO10 deixará de valer em novos pedidos/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(MSG_BO.cupomDesativadoComSucesso)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/cupom/desativar/4')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cupons'));
  });

  it("a equipe vê o cupom travado, sem 'Editar' nem 'Desativar', com o link dos usos", async () => {
    mockApi({
      'GET /api/cupom/4': okFor(cupomAdminApi.buscar, cupomWire(4)),
      'GET /api/auditoria/cupom/4': semHistorico,
    });
    renderCupom('/cupons/4', EQUIPE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cupom' })).toBeTruthy();
    await screen.findByDisplayValue('BEMVINDO10');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Desativar cupom' })).toBeNull();
    expect(field('Código').matches(':disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Ver usos' }).getAttribute('href')).toBe('/cupons/4/usos');
  });
});
