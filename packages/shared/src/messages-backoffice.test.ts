import { describe, expect, it } from 'vitest';
import { avisoTarefasDinheiro } from './messages-backoffice.js';

describe('aviso do painel sobre tarefas de pagamento', () => {
  it('diz quantas estão falhando e quantas falharam de vez, no singular ou no plural', () => {
    const fim = ' Estornos e confirmações de pagamento podem estar atrasados.';
    expect(avisoTarefasDinheiro(1, 0)).toBe(`1 tarefa de pagamento está falhando.${fim}`);
    expect(avisoTarefasDinheiro(3, 0)).toBe(`3 tarefas de pagamento estão falhando.${fim}`);
    expect(avisoTarefasDinheiro(0, 1)).toBe(`1 tarefa de pagamento falhou de vez.${fim}`);
    expect(avisoTarefasDinheiro(0, 4)).toBe(`4 tarefas de pagamento falharam de vez.${fim}`);
    expect(avisoTarefasDinheiro(2, 1)).toBe(`2 tarefas de pagamento estão falhando e 1 falhou de vez.${fim}`);
    expect(avisoTarefasDinheiro(1, 5)).toBe(`1 tarefa de pagamento está falhando e 5 falharam de vez.${fim}`);
  });
});
