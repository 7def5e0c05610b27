import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { RegistroAuditoria } from '@clinica/shared/schemas/auditoria';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resumirMudancas, formatarValor, rotuloCampo } from '../../lib/backoffice/audit-format';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { AuditTrail } from './audit-trail';

const EQUIPE = { id: 2, nome: 'Ana Lima', permissao: 'USUARIO' };
const GERENTE = { id: 1, nome: 'Gerente da Clínica', permissao: 'ADMIN' };

let seq = 100;
function registro(patch: Partial<RegistroAuditoria>): RegistroAuditoria {
  return {
    id: ++seq,
    entidade: 'produto',
    entidadeId: 12,
    acao: 'EDITAR',
    usuario: EQUIPE,
    quando: '2026-03-05T17:32:00.000Z',
    antes: null,
    depois: null,
    ...patch,
  };
}

const pagina = (registros: RegistroAuditoria[], page = 0, totalRegistros = registros.length, size = 10) => ({
  registros,
  page,
  totalRegistros,
  totalPaginas: Math.ceil(totalRegistros / size),
});

function renderTrail(defaultOpen = true) {
  signInAs({ idUser: 1, permissao: 'ADMIN', nome: 'Gerente da Clínica' });
  return renderAt('/editProduct/12', {
    '/editProduct/:id': <AuditTrail entidade="produto" entidadeId={12} defaultOpen={defaultOpen} />,
  });
}

describe('audit-format', () => {
  it('lists only the fields that differ, with labels, money in R$ and Sim/Não', () => {
    const r = resumirMudancas({
      antes: { id: 12, nome: 'Resina', preco: 8990, ativo: true, updatedAt: 'x', tags: ['A'] },
      depois: { id: 12, nome: 'Resina', preco: 9990, ativo: false, updatedAt: 'y', tags: ['A', 'B'] },
    });
    expect(r.tipo).toBe('alteracao');
    expect(r.itens).toEqual([
      { campo: 'preco', rotulo: 'Preço', antes: 'R$ 89,90', depois: 'R$ 99,90' },
      { campo: 'ativo', rotulo: 'Ativo', antes: 'Sim', depois: 'Não' },
      { campo: 'tags', rotulo: 'Tags', antes: 'A', depois: 'A; B' },
    ]);
  });

  it('a creation lists its initial values, a deletion the removed record (empty and hidden fields left out)', () => {
    const criado = resumirMudancas({ antes: null, depois: { id: 3, nome: 'Dra. Ana', sobre: null, pathImg: '/x' } });
    expect(criado).toEqual({ tipo: 'inicial', itens: [{ campo: 'nome', rotulo: 'Nome', depois: 'Dra. Ana' }] });
    const removido = resumirMudancas({
      antes: { id: 3, descricao: 'Brinde', valor: 30000, ativo: false },
      depois: null,
    });
    expect(removido.tipo).toBe('removido');
    expect(removido.itens.map((i) => [i.rotulo, i.antes])).toEqual([
      ['Descrição', 'Brinde'],
      ['Valor', 'R$ 300,00'],
      ['Ativo', 'Não'],
    ]);
  });

  it('lists known fields in a fixed order, whatever the order of the stored keys', () => {
    const r = resumirMudancas({
      antes: null,
      depois: { peso: '0.05', ativo: true, nome: 'Espelho', preco: 990, zeta: 1 },
    });
    expect(r.itens.map((i) => i.campo)).toEqual(['nome', 'preco', 'peso', 'ativo', 'zeta']);
  });

  it('formats sheets, decimals and instants; unknown fields get a readable name', () => {
    expect(formatarValor('fichaTecnica', [{ descricao: 'Cor', valor: 'A2' }])).toBe('Cor: A2');
    expect(formatarValor('altura', '10.50')).toBe('10,5');
    expect(formatarValor('enviadoEm', '2026-03-05T17:32:00.000Z')).toBe('05/03/2026 às 14:32');
    expect(formatarValor('nome', '')).toBe('—');
    expect(rotuloCampo('valorSeguroExtra')).toBe('Valor seguro extra');
    // Users and orders: roles and statuses in words.
    expect(formatarValor('permissao', { id: 2, nome: 'USUARIO' })).toBe('Equipe');
    expect(formatarValor('permissao', 'ADMIN')).toBe('Gerente');
    expect(formatarValor('situacao', 'ENVIADO')).toBe('Enviado');
    expect(formatarValor('categoria', { id: 3, nome: 'Resinas' })).toBe('Resinas');
  });

  it("reads a coupon's entry: the code, a percentage as a number, the fixed and minimum amounts in reais", () => {
    const r = resumirMudancas({
      antes: { cupom: 'NATAL', percentual: 10, valorFixo: null, valorMinimo: null, escopo: 'LOJA' },
      depois: { cupom: 'NATAL2025', percentual: null, valorFixo: 2590, valorMinimo: 15000, escopo: 'LOJA' },
    });
    expect(r.itens.map((i) => `${i.rotulo}: ${i.antes} → ${i.depois}`)).toEqual([
      'Código: NATAL → NATAL2025',
      'Percentual (%): 10 → —',
      'Desconto fixo: — → R$ 25,90',
      'Valor mínimo em produtos: — → R$ 150,00',
    ]);
    expect(formatarValor('fim', '2026-12-31')).toBe('31/12/2026');
  });
});

describe('<AuditTrail>', () => {
  setupScreenTests();

  it('shows each entry: action, who with the role, when in Brasília time and "campo: antes → depois"', async () => {
    mockApi({
      'GET /api/auditoria/produto/12': okFor(
        auditoriaApi.listar,
        pagina([
          registro({ acao: 'EDITAR', antes: { preco: 8990, nome: 'Resina' }, depois: { preco: 9990, nome: 'Resina' } }),
          registro({
            acao: 'CRIAR',
            usuario: GERENTE,
            quando: '2026-03-01T12:00:00.000Z',
            depois: { nome: 'Resina', preco: 8990, ativo: true },
          }),
        ]),
      ),
    });
    renderTrail();
    const lista = await screen.findByRole('list');
    const [editado, criado] = within(lista).getAllByRole('listitem');
    expect(editado!.textContent).toContain('Edição');
    expect(editado!.textContent).toContain('Ana Lima');
    expect(editado!.textContent).toContain('Equipe');
    expect(editado!.textContent).toContain('05/03/2026 às 14:32');
    expect(editado!.querySelector('[data-campo="preco"]')!.textContent).toBe('PreçoR$ 89,90→R$ 99,90');
    // The unchanged name is not listed.
    expect(editado!.querySelector('[data-campo="nome"]')).toBeNull();
    expect(criado!.textContent).toContain('Cadastro');
    expect(criado!.textContent).toContain('Gerente da Clínica');
    expect(criado!.textContent).toContain('Gerente');
    expect(criado!.textContent).toContain('Valores iniciais');
    expect(criado!.querySelector('[data-campo="ativo"]')!.textContent).toBe('AtivoSim');
    // The header sums it up.
    expect(screen.getByRole('button', { name: /Histórico de alterações/ }).textContent).toContain(
      '2 alterações · última em 05/03/2026 às 14:32 por Ana Lima (Equipe)',
    );
  });

  it('is closed by default and opens with its header button', async () => {
    mockApi({
      'GET /api/auditoria/produto/12': okFor(
        auditoriaApi.listar,
        pagina([registro({ antes: { nome: 'A' }, depois: { nome: 'B' } })]),
      ),
    });
    renderTrail(false);
    const toggle = screen.getByRole('button', { name: /Histórico de alterações/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(toggle.textContent).toContain('1 alteração'));
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list').textContent).toContain('A→B');
  });

  it("says 'Nenhuma alteração registrada.' when there is none", async () => {
    mockApi({ 'GET /api/auditoria/produto/12': okFor(auditoriaApi.listar, pagina([])) });
    renderTrail();
    expect(await screen.findByText(MSG_BO.auditoriaVazia, { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: MSG_BO.auditoriaCarregarMais })).toBeNull();
  });

  it('shows the error with the server message and tries again', async () => {
    let chamadas = 0;
    mockApi({
      'GET /api/auditoria/produto/12': () => {
        chamadas += 1;
        return chamadas === 1
          ? fail(500, 'Erro interno do servidor.')
          : okFor(auditoriaApi.listar, pagina([registro({ antes: { nome: 'A' }, depois: { nome: 'B' } })]));
      },
    });
    renderTrail();
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toContain(`${MSG_BO.auditoriaErro}Erro interno do servidor.`);
    fireEvent.click(within(alerta).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list')).toBeTruthy();
    expect(chamadas).toBe(2);
  });

  it("'Carregar mais' asks for the next zero-based page and appends it", async () => {
    const primeira = Array.from({ length: 10 }, (_, i) =>
      registro({ antes: { nome: `N${i + 1}` }, depois: { nome: `N${i}` } }),
    );
    const segunda = [registro({ antes: { nome: 'X' }, depois: { nome: 'N10' } })];
    const { calls } = mockApi({
      'GET /api/auditoria/produto/12': ({ url }) =>
        url.includes('page=1')
          ? okFor(auditoriaApi.listar, pagina(segunda, 1, 11))
          : okFor(auditoriaApi.listar, pagina(primeira, 0, 11)),
    });
    renderTrail();
    await screen.findByRole('list');
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('10 de 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG_BO.auditoriaCarregarMais }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(11));
    expect(screen.queryByRole('button', { name: MSG_BO.auditoriaCarregarMais })).toBeNull();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/auditoria/'))).toEqual([
      '/api/auditoria/produto/12?page=0&size=10',
      '/api/auditoria/produto/12?page=1&size=10',
    ]);
  });

  it("a long creation shows six fields and 'Ver todos os campos'", async () => {
    const depois = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`campo${i}`, `v${i}`]));
    mockApi({
      'GET /api/auditoria/produto/12': okFor(auditoriaApi.listar, pagina([registro({ acao: 'CRIAR', depois })])),
    });
    renderTrail();
    await screen.findByRole('list');
    const item = screen.getByRole('listitem');
    expect(item.querySelectorAll('[data-campo]')).toHaveLength(6);
    fireEvent.click(within(item).getByRole('button', { name: 'Ver todos os campos (9)' }));
    expect(item.querySelectorAll('[data-campo]')).toHaveLength(9);
  });
});
