import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { describe, expect, it } from 'vitest';
import { formatBRLCompact, formatDate, formatDayLong, formatDayShort, pedidosLabel } from './format';
import { customPeriodError, DEFAULT_PERIOD, periodDays, periodFromSearch, searchFromPeriod } from './period';

const of = (qs: string) => periodFromSearch(new URLSearchParams(qs));

describe('período do painel no endereço', () => {
  it('sem nada (ou com lixo): os últimos 30 dias', () => {
    expect(of('')).toEqual(DEFAULT_PERIOD);
    expect(DEFAULT_PERIOD).toEqual({ kind: 'preset', dias: 30 });
    expect(of('dias=15')).toEqual(DEFAULT_PERIOD);
    expect(of('dias=abc')).toEqual(DEFAULT_PERIOD);
    expect(of('dataInicio=2026-02-30&dataFim=2026-03-01')).toEqual(DEFAULT_PERIOD);
    expect(of('dataInicio=2026-03-10&dataFim=2026-03-01')).toEqual(DEFAULT_PERIOD);
    expect(of('dataInicio=2026-03-10')).toEqual(DEFAULT_PERIOD);
  });

  it('dias=7|30|90 e datas escolhidas; ida e volta pelo endereço', () => {
    expect(of('dias=7')).toEqual({ kind: 'preset', dias: 7 });
    expect(of('dias=90')).toEqual({ kind: 'preset', dias: 90 });
    expect(of('dataInicio=2026-01-01&dataFim=2026-01-31')).toEqual({
      kind: 'custom',
      dataInicio: '2026-01-01',
      dataFim: '2026-01-31',
    });
    expect(searchFromPeriod({ kind: 'preset', dias: 30 }).toString()).toBe('');
    expect(searchFromPeriod({ kind: 'preset', dias: 7 }).toString()).toBe('dias=7');
    const custom = { kind: 'custom', dataInicio: '2026-01-01', dataFim: '2026-01-31' } as const;
    expect(searchFromPeriod(custom).toString()).toBe('dataInicio=2026-01-01&dataFim=2026-01-31');
    expect(periodFromSearch(searchFromPeriod(custom))).toEqual(custom);
  });

  it('os dias pedidos à API: um período rápido termina hoje', () => {
    expect(periodDays({ kind: 'preset', dias: 7 }, '2026-03-05')).toEqual({
      dataInicio: '2026-02-27',
      dataFim: '2026-03-05',
    });
    expect(periodDays({ kind: 'preset', dias: 30 }, '2026-03-05').dataInicio).toBe('2026-02-04');
    expect(periodDays({ kind: 'custom', dataInicio: '2025-12-01', dataFim: '2025-12-02' }, '2026-03-05')).toEqual({
      dataInicio: '2025-12-01',
      dataFim: '2025-12-02',
    });
  });

  it('um período escolhido precisa das duas datas, em ordem, e de no máximo 366 dias', () => {
    expect(customPeriodError('', '2026-01-01')).toBe(MSG_BO.painelInformeDatas);
    expect(customPeriodError('2026-01-10', '2026-01-01')).toBe(MSG.periodoInvalido);
    expect(customPeriodError('2025-01-01', '2026-01-02')).toBe(MSG_BO.painelPeriodoLongo);
    expect(customPeriodError('2025-01-01', '2026-01-01')).toBeNull();
    expect(customPeriodError('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe('formatos do painel', () => {
  it('reais compactos no eixo, dias em pt-BR sem trocar de dia pelo fuso', () => {
    expect(formatBRLCompact(123456)).toBe('R$ 1,2 mil');
    expect(formatBRLCompact(0)).toBe('R$ 0');
    expect(formatDayShort('2026-03-05')).toBe('05/03');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDayLong('2026-03-05')).toMatch(/^qui\.?, 05\/03\/2026$/);
    expect(pedidosLabel(1)).toBe('1 pedido');
    expect(pedidosLabel(1200)).toBe('1.200 pedidos');
  });
});

describe('eixo da receita', () => {
  it('marcas redondas a partir de zero, até passar do máximo', async () => {
    const { roundTicks } = await import('./components/charts');
    expect(roundTicks(2188.5)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(roundTicks(1900)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(640)).toEqual([0, 200, 400, 600, 800]);
    expect(roundTicks(97)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(roundTicks(0)).toEqual([0, 1]);
  });
});
