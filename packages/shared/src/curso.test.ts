import { describe, expect, it } from 'vitest';
import { duracaoTotal, formatarDuracao, segundosDaDuracao } from './curso.js';

describe('segundosDaDuracao', () => {
  it('reads HH:MM:SS, hours past 24 included', () => {
    expect(segundosDaDuracao('00:00:00')).toBe(0);
    expect(segundosDaDuracao('01:02:03')).toBe(3723);
    expect(segundosDaDuracao('30:00:00')).toBe(108_000);
  });
  it('gives 0 for what is not a duration', () => {
    expect(segundosDaDuracao('')).toBe(0);
    expect(segundosDaDuracao('1:2:3')).toBe(0);
    expect(segundosDaDuracao('00:60:00')).toBe(0);
  });
});

describe('formatarDuracao', () => {
  it('seconds under a minute', () => expect(formatarDuracao(40)).toBe('40 s'));
  it('minutes under an hour', () => expect(formatarDuracao(12 * 60 + 20)).toBe('12 min'));
  it('hours and minutes, minutes padded', () => expect(formatarDuracao(3600 + 5 * 60)).toBe('1h 05min'));
  it('whole hours', () => expect(formatarDuracao(2 * 3600)).toBe('2h'));
  it('rounds to the nearest minute', () => expect(formatarDuracao(3600 + 59 * 60 + 40)).toBe('2h'));
});

describe('duracaoTotal', () => {
  it('sums the items', () =>
    expect(duracaoTotal([{ duracao: '00:12:30' }, { duracao: '00:20:00' }, { duracao: '00:27:30' }])).toBe('1h'));
  it('an empty course', () => expect(duracaoTotal([])).toBe('0 s'));
});
