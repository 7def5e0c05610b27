import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor, type MockReply } from '../../../test/test-utils';
import { descontoWire, EQUIPE } from '../test/unitarios-fixtures';
import { DescontoPage } from './desconto-page';

/** The discount's audit trail, empty. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/desconto/4': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};

function renderDesconto(path: string) {
  signInAs(EQUIPE);
  return renderAt(path, {
    '/newDiscount': <DescontoPage />,
    '/editDiscount/:id': <DescontoPage />,
    '/unitarys': <p>Hub de unitários</p>,
  });
}

const VALOR = 'Valor mínimo de compras';
const ativo = () => screen.getByRole('switch', { name: /Condição ativa/ }) as HTMLInputElement;

describe('/newDiscount and /editDiscount/:id', () => {
  setupScreenTests();

  it("'Cadastro de descontos': description and value rules, the value in reais with the cents mask, sent as reais", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'POST /api/condicaodesconto/': okFor(descontoApi.criar, descontoWire(4, { valor: 1234.5 }), { status: 201 }),
    });
    const { router } = renderDesconto('/newDiscount');
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de descontos' })).toBeTruthy();
    expect(screen.getByText(/Em reais: quando os produtos da sacola somam este valor/)).toBeTruthy();
    click('Cadastrar desconto');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    expect(screen.getByText(MSG.naoVazio)).toBeTruthy();
    typeInto(VALOR, '0');
    expect(await screen.findByText(MSG_BO.condicaoDescontoValorZero)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    typeInto('Descrição', 'Brinde de inverno');
    // Typed as in Brazilian admin tools (the cents mask): digits fill from the right, the field shows what is saved.
    const typeKeys = (keys: string) => {
      for (const key of keys) fireEvent.change(field(VALOR), { target: { value: field(VALOR).value + key } });
    };
    typeKeys('12345');
    expect(field(VALOR).value).toBe('123,45');
    typeKeys('0');
    expect(field(VALOR).value).toBe('1.234,50');
    // Pasted, an amount is read as written.
    typeInto(VALOR, '');
    typeInto(VALOR, 'R$ 1.234,5x');
    expect(field(VALOR).value).toBe('1.234,50');
    click('Cadastrar desconto');
    expect(await screen.findByText(MSG_BO.condicaoDescontoCadastrada)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      descricao: 'Brinde de inverno',
      valor: 1234.5,
      ativo: false,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=descontos'));
  });

  it('a second active condition: the 409 message, nothing else changes', async () => {
    mockApi({ ...SCREEN_CALLS, 'POST /api/condicaodesconto/': fail(409, MSG_BO.condicaoDescontoAtivaDuplicada) });
    const { router } = renderDesconto('/newDiscount');
    typeInto('Descrição', 'Outra ativa');
    typeInto(VALOR, '150');
    fireEvent.click(ativo());
    click('Cadastrar desconto');
    expect(await screen.findByText(MSG_BO.condicaoDescontoAtivaDuplicada)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/newDiscount');
    expect(ativo().checked).toBe(true);
  });

  it('edits a condition: locked with the value as money, then PUT and the toast', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/condicaodesconto/4': okFor(descontoApi.buscar, descontoWire(4, { valor: 300 })),
      'PUT /api/condicaodesconto/4': okFor(descontoApi.editar, descontoWire(4, { valor: 250.9 })),
    });
    renderDesconto('/editDiscount/4');
    expect(await screen.findByDisplayValue('300,00')).toBeTruthy();
    expect(field(VALOR).matches(':disabled')).toBe(true);
    click('Editar');
    typeInto(VALOR, '250,9');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.condicaoDescontoAtualizada)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 4,
      descricao: 'Condição 4',
      valor: 250.9,
      ativo: false,
    });
    await waitFor(() => expect(field(VALOR).value).toBe('250,90'));
    expect(field(VALOR).matches(':disabled')).toBe(true);
  });

  it("deletes after confirmation ('deletado com sucesso') and returns to the hub", async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/condicaodesconto/4': okFor(descontoApi.buscar, descontoWire(4)),
      'DELETE /api/condicaodesconto/delete/4': okFor(descontoApi.excluir, null),
    });
    const { router } = renderDesconto('/editDiscount/4');
    await screen.findByDisplayValue('Condição 4');
    click('Excluir desconto');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.condicaoDescontoDeletada)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitarys'));
  });
});
