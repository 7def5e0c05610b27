import { describe, expect, it } from 'vitest';
import { instantaneo } from './auditoria.js';

describe('instantaneo (audit snapshots)', () => {
  it('drops secrets at any depth and keeps the rest', () => {
    const snap = instantaneo({
      id: 7,
      nome: 'Ana',
      senhaHash: '$argon2id$…',
      password: 'x',
      usuario: { email: 'a@b.com.br', senha: 'y', acess_token: 'z' },
      lista: [{ token: 't', ok: true }],
    });
    expect(snap).toEqual({ id: 7, nome: 'Ana', usuario: { email: 'a@b.com.br' }, lista: [{ ok: true }] });
  });

  it('turns dates into ISO strings and drops functions and undefined', () => {
    const snap = instantaneo({ quando: new Date('2026-01-02T03:04:05.000Z'), f: () => 1, u: undefined, n: null });
    expect(snap).toEqual({ quando: '2026-01-02T03:04:05.000Z', n: null });
  });

  it('answers null for anything that is not a plain object', () => {
    expect(instantaneo(null)).toBeNull();
    expect(instantaneo(undefined)).toBeNull();
    expect(instantaneo([1, 2])).toBeNull();
    expect(instantaneo('texto')).toBeNull();
  });
});
