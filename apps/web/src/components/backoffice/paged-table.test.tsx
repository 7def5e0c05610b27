import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/test-utils';
import { PagedTable, type SortOrder, type TableColumn } from './paged-table';
import { TableAvatar, TablePill } from './table-parts';

interface Pessoa {
  id: number;
  nome: string;
  cidade: string;
}

const PESSOAS: Pessoa[] = [
  { id: 1, nome: 'Ana Lima', cidade: 'Recife' },
  { id: 2, nome: 'Bruno Reis', cidade: 'Natal' },
];

const COLUMNS: TableColumn<Pessoa>[] = [
  { header: 'Código', cell: (p) => `#${p.id}` },
  {
    header: 'Nome',
    opens: true,
    grow: true,
    cell: (p) => p.nome,
    avatar: () => <TableAvatar>AL</TableAvatar>,
    after: (p) => (p.id === 1 ? <TablePill tone="primary">Você</TablePill> : null),
    details: (p) => <span>{p.cidade}</span>,
  },
];

const rows = () => screen.getAllByTestId('table-row');

describe('PagedTable', () => {
  afterEach(cleanup);

  it('rows with an address: the marked column holds the link with its picture, mark and details; a click on the row goes there', async () => {
    const { router } = renderWithRouter(
      <PagedTable
        caption="Pessoas"
        columns={COLUMNS}
        rows={PESSOAS}
        rowKey={(p) => p.id}
        rowHref={(p) => `/pessoa/${p.id}`}
        rowState={{ aberta: true }}
        rowLabel={(p) => `Abrir ${p.nome}`}
      />,
    );
    const link = screen.getByRole('link', { name: 'Abrir Ana Lima' });
    expect(link.getAttribute('href')).toBe('/pessoa/1');
    expect(link.getAttribute('title')).toBe('Ana Lima');
    const [first] = rows();
    // The link is in the 'Nome' column, not in the first one; the avatar is hidden from screen readers.
    const [codigo, nome] = within(first!).getAllByRole('cell');
    expect(within(codigo!).queryByRole('link')).toBeNull();
    expect(nome!.textContent).toBe('AL' + 'Ana Lima' + 'Você' + 'Recife');
    expect(within(nome!).getByText('AL').getAttribute('aria-hidden')).toBe('true');
    // A chevron closes each row (no actions).
    expect(screen.getByRole('columnheader', { name: 'Abrir' })).not.toBeNull();

    fireEvent.click(within(rows()[1]!).getByText('Natal'));
    expect(router.state.location.pathname).toBe('/pessoa/2');
    expect(router.state.location.state).toEqual({ aberta: true });
  });

  it('rows that open a dialog: the first column is a button, and a click on the row or the button opens it once', () => {
    const onRowOpen = vi.fn();
    renderWithRouter(
      <PagedTable
        caption="Pessoas"
        columns={[{ header: 'Código', cell: (p: Pessoa) => `#${p.id}` }]}
        rows={PESSOAS}
        rowKey={(p) => p.id}
        onRowOpen={onRowOpen}
      />,
    );
    const button = screen.getByRole('button', { name: '#1' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenLastCalledWith(PESSOAS[0]);
    fireEvent.click(within(rows()[1]!).getAllByRole('cell')[0]!.parentElement!);
    expect(onRowOpen).toHaveBeenLastCalledWith(PESSOAS[1]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a sorted column: aria-sort on its header, whose button turns the order', () => {
    const onChange = vi.fn();
    const table = (order: SortOrder) => (
      <PagedTable
        caption="Pessoas"
        columns={[{ header: 'Nome', sort: { order, onChange }, cell: (p: Pessoa) => p.nome }]}
        rows={PESSOAS}
        rowKey={(p) => p.id}
        rowHref={(p) => `/pessoa/${p.id}`}
      />
    );
    const { unmount } = renderWithRouter(table('asc'));
    const header = screen.getByRole('columnheader', { name: /Nome/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const button = within(header).getByRole('button', { name: /^Nome\s*\(de A a Z\)$/ });
    expect(button.getAttribute('title')).toBe('Ordenar de Z a A');
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledWith('desc');
    unmount();

    renderWithRouter(table('desc'));
    expect(screen.getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /^Nome\s*\(de Z a A\)$/ }));
    expect(onChange).toHaveBeenLastCalledWith('asc');
  });

  it('the actions column replaces the chevron, and its clicks do not open the row', () => {
    const onRowOpen = vi.fn();
    const remove = vi.fn();
    renderWithRouter(
      <PagedTable
        caption="Pessoas"
        columns={[{ header: 'Código', cell: (p: Pessoa) => `#${p.id}` }]}
        rows={PESSOAS}
        rowKey={(p) => p.id}
        rowTestId="pessoa"
        onRowOpen={onRowOpen}
        actions={{
          header: 'Ações',
          hideHeader: true,
          cell: (p) => (
            <button type="button" onClick={() => remove(p.id)}>
              Excluir
            </button>
          ),
        }}
      />,
    );
    expect(screen.getAllByTestId('pessoa')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: 'Abrir' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Ações' })).not.toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Excluir' })[1]!);
    expect(remove).toHaveBeenCalledWith(2);
    expect(onRowOpen).not.toHaveBeenCalled();
  });

  it('rows that open nothing: no link, no button, no chevron; a click on a row does nothing', () => {
    const { router } = renderWithRouter(
      <PagedTable caption="Pessoas" columns={COLUMNS} rows={PESSOAS} rowKey={(p) => p.id} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    fireEvent.click(screen.getByText('Ana Lima'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('phone cards: each cell keeps its label for the card, and the rows are marked busy while another page loads', () => {
    renderWithRouter(
      <PagedTable
        caption="Pessoas"
        cards
        stale
        columns={[
          { header: 'Código', cell: (p: Pessoa) => `#${p.id}` },
          { header: 'Cidade', cardLabel: 'Mora em', cell: (p: Pessoa) => p.cidade },
        ]}
        rows={PESSOAS}
        rowKey={(p) => p.id}
        rowHref={(p) => `/pessoa/${p.id}`}
      />,
    );
    expect(screen.getByText('Recife').getAttribute('data-label')).toBe('Mora em');
    expect(screen.getByRole('table').parentElement!.getAttribute('aria-busy')).toBe('true');
  });
});
