import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor, type WireContent } from '../../test/test-utils';
import { TarefasPage } from './tarefas-page';

type TarefaWire = WireContent<typeof tarefaApi.detalhe>;

const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente' };
const LIST = 'GET /api/tarefa/listagem';
const RESUMO = 'GET /api/tarefa/resumo';

const MORTA: TarefaWire = {
  id: 12,
  tipo: 'pagamento.estornar',
  status: 'FALHOU',
  tentativas: 8,
  maxTentativas: 8,
  ultimoErro: 'Mercado Pago respondeu 503 (serviço indisponível)',
  executarEm: '2026-11-20T13:00:00.000Z',
  criadaEm: '2026-11-20T12:50:00.000Z',
  concluidaEm: null,
  chave: 'pagamento-estorno:5',
  payload: { pagamentoId: 5 },
};
const FALHANDO: TarefaWire = {
  ...MORTA,
  id: 13,
  tipo: 'email.enviar',
  status: 'PENDENTE',
  tentativas: 2,
  maxTentativas: 10,
  ultimoErro: 'ECONNREFUSED',
  executarEm: '2026-11-21T10:05:00.000Z',
  chave: null,
  payload: { emailId: 3 },
};

const listagem = (tarefas: TarefaWire[], page = 0) =>
  okFor(tarefaApi.listagem, { tarefas, totalPaginas: tarefas.length ? 1 : 0, totalRegistros: tarefas.length, page });
const resumo = okFor(tarefaApi.resumo, { falhando: 1, falhou: 1, dinheiro: { falhando: 0, falhou: 1 } });
const semHistorico = okFor(auditoriaApi.listar, { registros: [], totalPaginas: 0, totalRegistros: 0, page: 0 });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function renderTarefas(path = '/tarefas') {
  signInAs(ADMIN);
  return renderAt(path, { '/tarefas': <TarefasPage /> });
}

describe('/tarefas: tarefas em segundo plano com falha (Gerente)', () => {
  setupScreenTests();

  it('lista as tarefas com o tipo em palavras, a situação, as tentativas e o erro; mostra as contagens', async () => {
    const { calls } = mockApi({ [LIST]: listagem([FALHANDO, MORTA]), [RESUMO]: resumo });
    renderTarefas();
    expect(await screen.findByRole('heading', { level: 1, name: MSG_BO.tarefas })).toBeTruthy();
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    const morta = within(rows[1]!);
    expect(morta.getByRole('link', { name: 'Abrir a tarefa Estorno de pagamento #12' }).textContent).toBe(
      'Estorno de pagamento',
    );
    expect(morta.getByText('Falhou')).toBeTruthy();
    expect(morta.getByText('8 de 8')).toBeTruthy();
    expect(morta.getByText('Mercado Pago respondeu 503 (serviço indisponível)')).toBeTruthy();
    expect(within(rows[0]!).getByText('Falhando')).toBeTruthy();
    expect(within(rows[0]!).getByText('21/11/2026 às 07:05')).toBeTruthy();
    expect((await screen.findByText(/falhando ·/)).textContent).toBe('1 falhando · 1 falharam de vez');
    const list = calls.filter((c) => c.url.startsWith('/api/tarefa/listagem'));
    expect(queryOf(list[0]!.url)).toEqual({ page: '0', size: '10' });
  });

  it('os filtros vão para o endereço e para a API; sem resultado, "Limpar filtros"', async () => {
    const { calls } = mockApi({
      [LIST]: ({ url }) => listagem(queryOf(url).situacao ? [] : [MORTA]),
      [RESUMO]: resumo,
    });
    const { router } = renderTarefas();
    await screen.findAllByTestId('table-row');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'falhando' } });
    expect(await screen.findByText(MSG_BO.tarefasNenhumaEncontrada)).toBeTruthy();
    expect(router.state.location.search).toBe('?situacao=falhando');
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'pagamento.estornar' } });
    await waitFor(() => expect(router.state.location.search).toBe('?situacao=falhando&tipo=pagamento.estornar'));
    await waitFor(() =>
      expect(
        calls.some((c) => {
          const q = queryOf(c.url);
          return (
            c.url.startsWith('/api/tarefa/listagem') && q.situacao === 'falhando' && q.tipo === 'pagamento.estornar'
          );
        }),
      ).toBe(true),
    );
    click('Limpar filtros');
    expect(await screen.findAllByTestId('table-row')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('nenhuma tarefa com falha: o aviso de que está tudo rodando', async () => {
    mockApi({ [LIST]: listagem([]), [RESUMO]: resumo });
    renderTarefas();
    expect(await screen.findByText(MSG_BO.tarefasNenhumaComFalha)).toBeTruthy();
  });

  it("a linha abre a tarefa; 'Tentar novamente' a põe na fila, avisa, fecha e a lista é lida de novo", async () => {
    let tentou = false;
    const { calls } = mockApi({
      [LIST]: () => listagem(tentou ? [FALHANDO] : [FALHANDO, MORTA]),
      [RESUMO]: resumo,
      'GET /api/tarefa/12': okFor(tarefaApi.detalhe, MORTA),
      'GET /api/auditoria/tarefa/12': semHistorico,
      'PUT /api/tarefa/tentarnovamente/12': () => {
        tentou = true;
        return okFor(
          tarefaApi.tentarNovamente,
          { ...MORTA, status: 'PENDENTE', tentativas: 0, executarEm: '2026-11-21T10:00:00.000Z' },
          { message: MSG_BO.tarefaRepetida },
        );
      },
    });
    const { router } = renderTarefas();
    const rows = await screen.findAllByTestId('table-row');
    fireEvent.click(rows[1]!);
    const dialog = await screen.findByTestId('tarefa-dialog');
    expect(router.state.location.search).toBe('?tarefa=12');
    expect(await within(dialog).findByRole('heading', { name: 'Estorno de pagamento #12' })).toBeTruthy();
    expect(within(dialog).getByText('pagamento-estorno:5')).toBeTruthy();
    expect(within(dialog).getByText('pagamentoId: 5')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Último erro' }).textContent).toContain('respondeu 503');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(MSG_BO.tarefaRepetida)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('tarefa-dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/tarefa/tentarnovamente/12')).toBe(true);
  });

  it('uma recusa (409) vira aviso de erro e a tarefa fica aberta', async () => {
    mockApi({
      [LIST]: listagem([MORTA]),
      [RESUMO]: resumo,
      'GET /api/tarefa/12': okFor(tarefaApi.detalhe, MORTA),
      'GET /api/auditoria/tarefa/12': semHistorico,
      'PUT /api/tarefa/tentarnovamente/12': fail(409, MSG_BO.tarefaChaveOcupada),
    });
    renderTarefas('/tarefas?tarefa=12');
    const dialog = await screen.findByTestId('tarefa-dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(MSG_BO.tarefaChaveOcupada)).toBeTruthy();
    expect(screen.getByTestId('tarefa-dialog')).toBeTruthy();
  });

  it('uma tarefa sem falha (na fila, rodando, concluída) abre sem o botão', async () => {
    mockApi({
      [LIST]: listagem([]),
      [RESUMO]: resumo,
      'GET /api/tarefa/12': okFor(tarefaApi.detalhe, { ...MORTA, status: 'CONCLUIDA', tentativas: 1 }),
      'GET /api/auditoria/tarefa/12': semHistorico,
    });
    renderTarefas('/tarefas?tarefa=12');
    const dialog = await screen.findByTestId('tarefa-dialog');
    expect(await within(dialog).findByText('Concluída')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });
});
