import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { hojeNaClinica, somarDias } from '@clinica/shared/clinic-day';
import { dashboardApi } from '@clinica/shared/schemas/dashboard';
import { estoqueApi } from '@clinica/shared/schemas/estoque';
import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor, type WireContent } from '../../test/test-utils';
import { DashboardPage } from './dashboard-page';

const VENDAS = 'GET /api/dashboard/vendas';
const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente' };

type VendasWire = WireContent<typeof dashboardApi.vendas>;

/** A GET /dashboard/vendas answer (reais on the wire) for the asked days. */
function vendasWire(dataInicio: string, dataFim: string, patch: Partial<VendasWire> = {}): VendasWire {
  return {
    periodo: { dataInicio, dataFim },
    resumo: { receita: 1234.56, pedidosPagos: 3, ticketMedio: 411.52, pedidos: 4 },
    receitaPorDia: [
      { dia: dataInicio, receita: 1000, pedidos: 2 },
      { dia: dataFim, receita: 234.56, pedidos: 1 },
    ],
    pedidosPorSituacao: [
      { situacao: 'PENDENTE', quantidade: 1, valor: 50 },
      { situacao: 'PAGO', quantidade: 1, valor: 234.56 },
      { situacao: 'ENVIADO', quantidade: 1, valor: 500 },
      { situacao: 'ENTREGUE', quantidade: 1, valor: 500 },
      { situacao: 'CANCELADO', quantidade: 0, valor: 0 },
      { situacao: 'RECUSADO', quantidade: 0, valor: 0 },
    ],
    maisVendidos: [
      { produtoId: 10, produtoNome: 'Luvas de nitrilo', quantidade: 12, receita: 658.8 },
      { produtoId: 11, produtoNome: 'Curso de biossegurança', quantidade: 2, receita: 194 },
    ],
    porPagamento: [
      { tipoPagamento: 'pix', pedidos: 2, receita: 734.56 },
      { tipoPagamento: 'credit', pedidos: 1, receita: 500 },
    ],
    ...patch,
  };
}

const VAZIO: Partial<VendasWire> = {
  resumo: { receita: 0, pedidosPagos: 0, ticketMedio: 0, pedidos: 0 },
  receitaPorDia: [],
  pedidosPorSituacao: [],
  maisVendidos: [],
  porPagamento: [
    { tipoPagamento: 'pix', pedidos: 0, receita: 0 },
    { tipoPagamento: 'credit', pedidos: 0, receita: 0 },
  ],
};

/** A button by its text (role queries over the charts' SVG are slow in jsdom). */
const button = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

const RESUMO = 'GET /api/tarefa/resumo';
const BAIXO = 'GET /api/produto/estoque/baixo';
const baixoWire = (total: number) =>
  okFor(estoqueApi.baixo, { listaProduto: [], page: 0, totalPaginas: total, totalRegistros: total });
const SEM_FALHAS: WireContent<typeof tarefaApi.resumo> = {
  falhando: 0,
  falhou: 0,
  dinheiro: { falhando: 0, falhou: 0 },
};

/** Answers with the asked days (so every period gets its own figures); `calls` are the calls of the figures. */
function mockVendas(patch: Partial<VendasWire> = {}, resumo = SEM_FALHAS, estoqueBaixo = 0) {
  const calls: Array<{ url: string }> = [];
  mockApi({
    [VENDAS]: ({ url }) => {
      calls.push({ url });
      const q = queryOf(url);
      return okFor(dashboardApi.vendas, vendasWire(q.dataInicio!, q.dataFim!, patch));
    },
    [RESUMO]: okFor(tarefaApi.resumo, resumo),
    [BAIXO]: baixoWire(estoqueBaixo),
  });
  return { calls };
}

function renderDashboard(path = '/dashboard') {
  signInAs(ADMIN);
  return renderAt(path, { '/dashboard': <DashboardPage /> });
}

// Drawing the charts in jsdom is slow on a busy machine: these tests get more time (nothing here waits on a clock).
describe('/dashboard (painel de vendas)', { timeout: 20_000 }, () => {
  setupScreenTests();
  beforeEach(() => {
    // jsdom has no layout (every size is 0): without a ResizeObserver, recharts' ResponsiveContainer
    // keeps its initialDimension and draws the charts.
    vi.stubGlobal('ResizeObserver', undefined);
  });

  it('abre nos últimos 30 dias: indicadores em R$, gráficos com nome e tabela, mais vendidos', async () => {
    const { calls } = mockVendas();
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de vendas' })).toBeTruthy();
    const hoje = hojeNaClinica();
    await screen.findByTestId('kpi-receita');
    expect(queryOf(calls[0]!.url)).toEqual({ dataInicio: somarDias(hoje, -29), dataFim: hoje });

    expect(within(screen.getByTestId('kpi-receita')).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-pagos')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-pagos')).getByText('75% dos pedidos')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-ticket')).getByText('R$ 411,52')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-pedidos')).getByText('4')).toBeTruthy();
    expect(button('30 dias').getAttribute('aria-pressed')).toBe('true');

    // Each chart is an image with a name, drawn as SVG, and its numbers are in a table.
    // (Queries by attribute: role queries over the charts' SVG are slow in jsdom.)
    const charts = screen.getAllByTestId('dashboard-chart');
    expect(charts.map((c) => c.getAttribute('role'))).toEqual(['img', 'img', 'img']);
    const [receita, situacao, meio] = charts.map((c) => c.getAttribute('aria-label') ?? '');
    expect(receita).toMatch(/^Gráfico de barras da receita por dia, de .*: R\$ 1\.234,56 no período\.$/);
    expect(situacao).toMatch(/^Gráfico de barras dos pedidos por situação: Pendente 1, Pago 1, Enviado 1/);
    expect(meio).toBe('Gráfico de rosca da receita por meio de pagamento: PIX R$ 734,56, Cartão R$ 500,00.');
    // The charts arrive in their own chunk, after the figures.
    await waitFor(() => {
      for (const c of charts) expect(c.querySelector('svg.recharts-surface')).toBeTruthy();
    });
    // Their numbers are in tables named by their captions.
    const captions = [...document.querySelectorAll('caption')].map((c) => c.textContent);
    expect(captions).toEqual(['Receita por dia', 'Pedidos por situação', 'PIX × cartão', 'Mais vendidos']);
    const situacoes = document.querySelectorAll('table')[1]!;
    expect(within(situacoes).getByText('Enviado').tagName).toBe('TH');
    expect(within(situacoes).getAllByText('R$ 500,00')).toHaveLength(2);
    expect(within(document.querySelectorAll('table')[2]!).getByText('R$ 734,56')).toBeTruthy();
    // The donut's legend: the share of each type.
    expect(screen.getByText('59%')).toBeTruthy();
    expect(screen.getByText('41%')).toBeTruthy();

    const top = screen.getAllByTestId('best-seller');
    expect(top.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Luvas de nitrilo',
      'Curso de biossegurança',
    ]);
    expect(within(top[0]!).getByText('R$ 658,80')).toBeTruthy();
    expect(within(top[0]!).getByText('12')).toBeTruthy();
  });

  it('"Ver tabela" mostra na tela a tabela do gráfico (que antes só o leitor de tela lia)', async () => {
    mockVendas();
    renderDashboard();
    await screen.findByTestId('kpi-receita');
    const wrap = document.querySelector('table')!.parentElement!;
    expect(wrap.className).toBe('visually-hidden');
    const [toggle] = screen.getAllByText('Ver tabela').map((t) => t.closest('button')!);
    expect(toggle!.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle!);
    expect(wrap.className).not.toBe('visually-hidden');
    expect(button('Ocultar tabela').getAttribute('aria-expanded')).toBe('true');
  });

  it('os atalhos de período vão para o endereço e pedem os dias certos', async () => {
    const { calls } = mockVendas();
    const { router } = renderDashboard();
    await screen.findByTestId('kpi-receita');
    fireEvent.click(button('7 dias'));
    await waitFor(() => expect(router.state.location.search).toBe('?dias=7'));
    const hoje = hojeNaClinica();
    await waitFor(() => expect(queryOf(calls.at(-1)!.url)).toEqual({ dataInicio: somarDias(hoje, -6), dataFim: hoje }));
    expect(button('7 dias').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('90 dias'));
    await waitFor(() => expect(router.state.location.search).toBe('?dias=90'));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).dataInicio).toBe(somarDias(hoje, -89)));
    fireEvent.click(button('30 dias'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('período escolhido: lido do endereço, conferido antes de aplicar e gravado no endereço', async () => {
    const { calls } = mockVendas();
    const { router } = renderDashboard('/dashboard?dataInicio=2026-01-01&dataFim=2026-01-31');
    await screen.findByTestId('kpi-receita');
    expect(queryOf(calls[0]!.url)).toEqual({ dataInicio: '2026-01-01', dataFim: '2026-01-31' });
    expect(button('Personalizado').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('01/01/2026 a 31/01/2026 · 31 dias')).toBeTruthy();
    const inicio = screen.getByLabelText('Data de início') as HTMLInputElement;
    const fim = screen.getByLabelText('Data de fim') as HTMLInputElement;
    expect([inicio.value, fim.value]).toEqual(['2026-01-01', '2026-01-31']);

    fireEvent.change(inicio, { target: { value: '2026-02-10' } });
    fireEvent.change(fim, { target: { value: '2026-02-01' } });
    fireEvent.click(button('Aplicar'));
    expect(await screen.findByText(MSG.periodoInvalido)).toBeTruthy();
    expect(router.state.location.search).toBe('?dataInicio=2026-01-01&dataFim=2026-01-31');

    fireEvent.change(inicio, { target: { value: '2024-01-01' } });
    fireEvent.change(fim, { target: { value: '2026-02-01' } });
    fireEvent.click(button('Aplicar'));
    expect(await screen.findByText(MSG_BO.painelPeriodoLongo)).toBeTruthy();

    fireEvent.change(inicio, { target: { value: '2026-01-15' } });
    fireEvent.click(button('Aplicar'));
    await waitFor(() => expect(router.state.location.search).toBe('?dataInicio=2026-01-15&dataFim=2026-02-01'));
    await waitFor(() =>
      expect(queryOf(calls.at(-1)!.url)).toEqual({ dataInicio: '2026-01-15', dataFim: '2026-02-01' }),
    );
    expect(screen.queryByText(MSG_BO.painelPeriodoLongo)).toBeNull();
  });

  it('sem vendas: os indicadores zerados e "Nenhuma venda no período." no lugar dos gráficos', async () => {
    mockVendas(VAZIO);
    renderDashboard();
    expect(await screen.findByText(MSG_BO.painelSemVendas)).toBeTruthy();
    expect(within(screen.getByTestId('kpi-receita')).getByText('R$ 0,00')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-pagos')).getByText('Nenhum pedido')).toBeTruthy();
    expect(screen.queryAllByTestId('dashboard-chart')).toHaveLength(0);
    expect(screen.queryAllByTestId('best-seller')).toHaveLength(0);
  });

  it('pedidos sem nenhuma venda: o aviso e o gráfico das situações', async () => {
    mockVendas({
      ...VAZIO,
      resumo: { receita: 0, pedidosPagos: 0, ticketMedio: 0, pedidos: 2 },
      pedidosPorSituacao: [
        { situacao: 'PENDENTE', quantidade: 1, valor: 50 },
        { situacao: 'CANCELADO', quantidade: 1, valor: 80 },
      ],
    });
    renderDashboard();
    expect(await screen.findByText(MSG_BO.painelSemVendas)).toBeTruthy();
    expect(screen.getAllByTestId('dashboard-chart')).toHaveLength(1);
    expect(screen.getByTestId('dashboard-chart').getAttribute('aria-label')).toMatch(
      /pedidos por situação: Pendente 1, Cancelado 1; 2 no total/,
    );
  });

  it('erro: a mensagem do servidor e "Tentar novamente" pede de novo', async () => {
    let vezes = 0;
    mockApi({
      [RESUMO]: okFor(tarefaApi.resumo, SEM_FALHAS),
      [BAIXO]: baixoWire(0),
      [VENDAS]: ({ url }) => {
        vezes++;
        if (vezes === 1) return fail(500, 'Falha no servidor.');
        const q = queryOf(url);
        return okFor(dashboardApi.vendas, vendasWire(q.dataInicio!, q.dataFim!));
      },
    });
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${MSG_BO.painelErro}Falha no servidor.`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('kpi-receita')).toBeTruthy();
    expect(vezes).toBe(2);
  });

  it("produtos com estoque baixo: 'N produtos com estoque baixo' leva à lista; sem nenhum, nenhum aviso", async () => {
    mockVendas({}, SEM_FALHAS, 3);
    const { unmount } = renderDashboard();
    const aviso = await screen.findByTestId('low-stock-notice');
    expect(aviso.textContent).toContain('3 produtos com estoque baixo');
    expect(
      within(aviso)
        .getByRole('link', { name: /Ver estoque baixo/ })
        .getAttribute('href'),
    ).toBe('/estoque-baixo');
    unmount();
    mockVendas();
    renderDashboard();
    expect(await screen.findByTestId('kpi-receita')).toBeTruthy();
    expect(screen.queryByTestId('low-stock-notice')).toBeNull();
  });

  it('tarefas de pagamento falhando ou mortas: um aviso com as contagens e o caminho para as Tarefas', async () => {
    mockVendas({}, { falhando: 3, falhou: 2, dinheiro: { falhando: 2, falhou: 1 } });
    renderDashboard();
    const aviso = await screen.findByTestId('jobs-notice');
    expect(aviso.textContent).toContain(MSG_BO.painelTarefasDinheiro);
    expect(aviso.textContent).toContain('2 tarefas de pagamento estão falhando e 1 falhou de vez.');
    expect(
      within(aviso)
        .getByRole('link', { name: /Ver tarefas/ })
        .getAttribute('href'),
    ).toBe('/tarefas');
  });

  it('sem falhas de pagamento (mesmo com e-mails falhando), nenhum aviso', async () => {
    mockVendas({}, { falhando: 4, falhou: 1, dinheiro: { falhando: 0, falhou: 0 } });
    renderDashboard();
    await screen.findByTestId('kpi-receita');
    await waitFor(() => expect(screen.queryByTestId('jobs-notice')).toBeNull());
  });
});
