import { describe, expect, it } from 'vitest';
import { duracaoTotal, formatarDuracao, segundosDaDuracao } from './curso.js';

describe('segundosDaDuracao', () => {
  it('reads HH:MM:SS and MM:SS, hours past 24 included', () => {
    expect(segundosDaDuracao('00:00:00')).toBe(0);
    expect(segundosDaDuracao('01:02:03')).toBe(3723);
    expect(segundosDaDuracao('30:00:00')).toBe(108_000);
    expect(segundosDaDuracao('12:30')).toBe(750);
  });
  it('gives 0 for what is not a duration', () => {
    expect(segundosDaDuracao('')).toBe(0);
    expect(segundosDaDuracao('90')).toBe(0);
    expect(segundosDaDuracao('aa:bb:cc')).toBe(0);
    expect(segundosDaDuracao('1:2:3:4')).toBe(0);
  });
});

describe('formatarDuracao', () => {
  it('seconds under a minute', () => expect(formatarDuracao('00:00:40')).toBe('40 s'));
  it('minutes', () => expect(formatarDuracao('00:12:00')).toBe('12 min'));
  it('minutes and seconds', () => expect(formatarDuracao('00:12:30')).toBe('12 min 30 s'));
  it('hours and minutes, minutes padded', () => expect(formatarDuracao('01:05:59')).toBe('1 h 05 min'));
});

describe('duracaoTotal', () => {
  it('sums the items, to the minute', () =>
    expect(duracaoTotal([{ duracao: '00:04:30' }, { duracao: '00:55:30' }, { duracao: '00:20:00' }])).toBe(
      '1 h 20 min',
    ));
  it('rounds to the nearest minute', () =>
    expect(duracaoTotal([{ duracao: '00:00:05' }, { duracao: '00:20:00' }])).toBe('20 min'));
  it('a very short course keeps its seconds', () => expect(duracaoTotal([{ duracao: '00:00:05' }])).toBe('5 s'));
  it('an empty course', () => expect(duracaoTotal([])).toBe('0 s'));
});
