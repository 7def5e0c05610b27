import { describe, expect, it } from 'vitest';
import {
  estadoDe,
  listagemQuery,
  openTarefaOf,
  podeTentarNovamente,
  rotuloTipo,
  searchFromTarefaFilters,
  tarefaFiltersFromSearch,
  tentativasTexto,
  tipoOptions,
} from './tarefa-filters';

const search = (qs: string) => new URLSearchParams(qs);

describe('filtros de /tarefas no endereço', () => {
  it('lê situação, tipo, página, tamanho e a tarefa aberta; ignora o que não vale', () => {
    expect(tarefaFiltersFromSearch(search('situacao=falhou&tipo=pagamento.estornar&page=2&size=20'))).toEqual({
      situacao: 'falhou',
      tipo: 'pagamento.estornar',
      page: 2,
      size: 20,
    });
    expect(tarefaFiltersFromSearch(search('situacao=morta&tipo=%27%3B+drop&page=-1&size=7'))).toEqual({
      page: 0,
      size: 10,
    });
    expect(openTarefaOf(search('tarefa=42'))).toBe(42);
    expect(openTarefaOf(search('tarefa=0'))).toBeNull();
    expect(openTarefaOf(search('tarefa=abc'))).toBeNull();
  });

  it('grava só o que difere do padrão, e a tarefa aberta quando pedida', () => {
    expect(searchFromTarefaFilters({ page: 0, size: 10 }).toString()).toBe('');
    expect(searchFromTarefaFilters({ situacao: 'falhando', page: 1, size: 15 }, 7).toString()).toBe(
      'situacao=falhando&page=1&size=15&tarefa=7',
    );
    const ida = { situacao: 'falhou' as const, tipo: 'email.enviar', page: 3, size: 20 };
    expect(tarefaFiltersFromSearch(searchFromTarefaFilters(ida, 9))).toEqual(ida);
  });

  it('a consulta da API leva os filtros como texto', () => {
    expect(listagemQuery({ tipo: 'email.enviar', page: 1, size: 10 })).toEqual({
      tipo: 'email.enviar',
      page: '1',
      size: '10',
    });
  });
});

describe('como uma tarefa aparece', () => {
  it('o tipo em palavras; um tipo desconhecido mostra o código', () => {
    expect(rotuloTipo('pagamento.estornar')).toBe('Estorno de pagamento');
    expect(rotuloTipo('checkout.novo')).toBe('checkout.novo');
    const options = tipoOptions('checkout.novo');
    expect(options[0]).toEqual({ value: '', label: 'Todos os tipos' });
    expect(options.at(-1)).toEqual({ value: 'checkout.novo', label: 'checkout.novo' });
    expect(tipoOptions().some((o) => o.value === 'email.enviar' && o.label === 'Envio de e-mail')).toBe(true);
  });

  it('falhando, falhou, na fila, rodando, concluída; só as duas primeiras podem tentar de novo', () => {
    const casos = [
      [{ status: 'PENDENTE', tentativas: 2 }, 'falhando', true],
      [{ status: 'FALHOU', tentativas: 8 }, 'falhou', true],
      [{ status: 'PENDENTE', tentativas: 0 }, 'na-fila', false],
      [{ status: 'EXECUTANDO', tentativas: 1 }, 'rodando', false],
      [{ status: 'CONCLUIDA', tentativas: 1 }, 'concluida', false],
    ] as const;
    for (const [tarefa, estado, pode] of casos) {
      expect(estadoDe(tarefa)).toBe(estado);
      expect(podeTentarNovamente(tarefa)).toBe(pode);
    }
  });

  it('tentativas: "3 de 8", ou sem limite', () => {
    expect(tentativasTexto({ tentativas: 3, maxTentativas: 8 })).toBe('3 de 8');
    expect(tentativasTexto({ tentativas: 41, maxTentativas: null })).toBe('41 (sem limite)');
  });
});
