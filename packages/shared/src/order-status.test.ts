import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aceitaPagamento,
  cancelamentoEstorna,
  clientePodeCancelar,
  equipePodeCancelar,
  podeEntregar,
  podeEnviar,
  podeMover,
  recusaDoMovimento,
  TRANSICOES_PEDIDO,
  type MovimentoPedido,
} from './order-status.js';
import { SITUACOES_PEDIDO, type SituacaoPedido } from './schemas/pedido.js';

const MOVIMENTOS = Object.keys(TRANSICOES_PEDIDO) as MovimentoPedido[];

describe('order status table', () => {
  it('allows exactly the moves of the lifecycle', () => {
    const permitidos = Object.fromEntries(MOVIMENTOS.map((m) => [m, SITUACOES_PEDIDO.filter((s) => podeMover(m, s))]));
    expect(permitidos).toEqual({
      pagar: ['PENDENTE', 'RECUSADO'],
      recusar: ['PENDENTE'],
      cancelar: ['PENDENTE', 'RECUSADO'],
      estornar: ['PAGO'],
      enviar: ['PAGO'],
      entregar: ['ENVIADO'],
      desistir: ['PAGO', 'ENTREGUE'],
      reembolsarDesistencia: ['DEVOLUCAO_SOLICITADA'],
    });
  });

  it('gives a pt-BR reason for every refused move, and none for an allowed one', () => {
    for (const m of MOVIMENTOS) {
      for (const s of SITUACOES_PEDIDO) {
        const recusa = recusaDoMovimento(m, s);
        if (podeMover(m, s)) expect(recusa).toBeNull();
        else {
          expect(recusa, `${m} de ${s}`).toBeTypeOf('string');
          // Every refusal a person or a payment can meet is written for the table, not the generic fallback.
          if (m !== 'recusar')
            expect((TRANSICOES_PEDIDO[m].recusas as Partial<Record<SituacaoPedido, string>>)[s], `${m} de ${s}`).toBe(
              recusa,
            );
        }
      }
    }
  });

  // CANCELADO is final; a delivered order moves only by the customer's withdrawal (order-status.ts, 7 days).
  it('never leaves CANCELADO, leaves ENTREGUE only by withdrawal, and only payments reach PAGO', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MOVIMENTOS), { maxLength: 20 }), (passos) => {
        let s: SituacaoPedido = 'PENDENTE';
        for (const m of passos) {
          const antes = s;
          if (!podeMover(m, s)) continue;
          s = TRANSICOES_PEDIDO[m].para;
          if (antes === 'ENTREGUE') expect(m).toBe('desistir');
          expect(antes).not.toBe('CANCELADO');
          if (s === 'PAGO') expect(m).toBe('pagar');
        }
      }),
    );
  });

  it('drives the buttons of both order dialogs', () => {
    const quando = (f: (s: SituacaoPedido) => boolean) => SITUACOES_PEDIDO.filter(f);
    expect(quando(aceitaPagamento)).toEqual(['PENDENTE', 'RECUSADO']);
    expect(quando(clientePodeCancelar)).toEqual(['PENDENTE', 'RECUSADO']);
    expect(quando(equipePodeCancelar)).toEqual(['PENDENTE', 'PAGO', 'RECUSADO']);
    expect(quando(cancelamentoEstorna)).toEqual(['PAGO']);
    expect(quando(podeEnviar)).toEqual(['PAGO']);
    expect(quando(podeEntregar)).toEqual(['ENVIADO']);
  });
});
