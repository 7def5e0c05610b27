import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Admission, defaultAdmissionLimits, type AdmissionLimits } from './admission.js';

/** A session of the model: where it comes from and how far it got. */
interface Sessao {
  id: number;
  endereco: string;
  estado: 'ocioso' | 'autenticando' | 'autenticado' | 'fechado';
}

function modelo(limits: AdmissionLimits) {
  const sessoes: Sessao[] = [];
  const admission = new Admission<Sessao>(limits, (s) => s.estado === 'ocioso');
  let seq = 0;
  const abertas = () => sessoes.filter((s) => s.estado !== 'fechado');
  const pendentes = (endereco?: string) =>
    abertas().filter((s) => s.estado !== 'autenticado' && (endereco === undefined || s.endereco === endereco));
  return {
    admission,
    abertas,
    pendentes,
    abrir(endereco: string) {
      const s: Sessao = { id: ++seq, endereco, estado: 'ocioso' };
      const antes = new Map(abertas().map((o) => [o.id, pendentes(o.endereco).length]));
      const result = admission.admit(s, endereco);
      if (!result.admitted) return { sessao: s, result, antes };
      for (const { session } of result.evicted) session.estado = 'fechado';
      sessoes.push(s);
      return { sessao: s, result, antes };
    },
  };
}

const limitsArb = fc
  .record({
    maxConnections: fc.integer({ min: 1, max: 12 }),
    pend: fc.integer({ min: 1, max: 12 }),
    por: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ maxConnections, pend, por }) =>
    defaultAdmissionLimits(maxConnections, { maxPending: pend, maxPendingPerAddress: por }),
  );

const passoArb = fc.oneof(
  fc.record({ tipo: fc.constant('abrir' as const), endereco: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({ tipo: fc.constant('connect' as const), qual: fc.nat() }),
  fc.record({ tipo: fc.constant('autenticar' as const), qual: fc.nat() }),
  fc.record({ tipo: fc.constant('fechar' as const), qual: fc.nat() }),
);

describe('admissão de conexões em tempo real antes da autenticação', () => {
  it('padrões: um quarto das vagas pendente (ao menos 1), 32 por endereço, nunca acima do total', () => {
    expect(defaultAdmissionLimits(2000)).toEqual({ maxConnections: 2000, maxPending: 500, maxPendingPerAddress: 32 });
    expect(defaultAdmissionLimits(40)).toEqual({ maxConnections: 40, maxPending: 10, maxPendingPerAddress: 10 });
    expect(defaultAdmissionLimits(1)).toEqual({ maxConnections: 1, maxPending: 1, maxPendingPerAddress: 1 });
    expect(defaultAdmissionLimits(10, { maxPending: 50, maxPendingPerAddress: 60 })).toEqual({
      maxConnections: 10,
      maxPending: 10,
      maxPendingPerAddress: 10,
    });
  });

  it('uma enxurrada de um endereço só desloca as próprias conexões; quem chega de outro endereço entra', () => {
    const m = modelo({ maxConnections: 10, maxPending: 4, maxPendingPerAddress: 3 });
    for (let i = 0; i < 50; i++) expect(m.abrir('atacante').result.admitted).toBe(true);
    expect(m.pendentes('atacante')).toHaveLength(3);
    const cliente = m.abrir('cliente');
    expect(cliente.result).toEqual({ admitted: true, evicted: [] });
    const outro = m.abrir('outro');
    expect(outro.result.admitted && outro.result.evicted.map((e) => [e.session.endereco, e.status])).toEqual([
      ['atacante', 503],
    ]);
    for (let i = 0; i < 50; i++) {
      const r = m.abrir('atacante').result;
      expect(r.admitted && r.evicted.every((e) => e.session.endereco === 'atacante')).toBe(true);
    }
    expect(cliente.sessao.estado).toBe('ocioso');
    expect(outro.sessao.estado).toBe('ocioso');
  });

  it('as vagas além das pendentes ficam para as conexões autenticadas', () => {
    const m = modelo({ maxConnections: 5, maxPending: 2, maxPendingPerAddress: 2 });
    for (let i = 0; i < 3; i++) {
      const s = m.abrir(`cliente-${i}`).sessao;
      m.admission.authenticate(s);
      s.estado = 'autenticado';
    }
    for (let i = 0; i < 20; i++) m.abrir(`atacante-${i % 7}`);
    expect(m.admission.pendingCount).toBe(2);
    expect(m.admission.size).toBe(5);
    // Every slot taken: a newcomer takes an idle pending one's place, never an authenticated one's.
    const chegou = m.abrir('cliente-4');
    expect(chegou.result.admitted).toBe(true);
    expect(m.abertas().filter((s) => s.estado === 'autenticado')).toHaveLength(3);
  });

  it('sem conexão ociosa para deslocar, recusa: 429 pelo endereço, 503 pela instância', () => {
    const m = modelo({ maxConnections: 3, maxPending: 2, maxPendingPerAddress: 1 });
    const a = m.abrir('a').sessao;
    a.estado = 'autenticando';
    expect(m.abrir('a').result).toEqual({ admitted: false, status: 429 });
    const b = m.abrir('b').sessao;
    b.estado = 'autenticando';
    expect(m.abrir('c').result).toEqual({ admitted: false, status: 503 });
    m.admission.authenticate(a);
    m.admission.authenticate(b);
    const c = m.abrir('c').sessao;
    m.admission.authenticate(c);
    expect(m.admission.size).toBe(3);
    expect(m.abrir('d').result).toEqual({ admitted: false, status: 503 });
    m.admission.release(c);
    m.admission.release(c);
    expect(m.abrir('d').result.admitted).toBe(true);
  });

  it('propriedades: limites sempre respeitados; só se desloca uma conexão ociosa, do próprio endereço ou do que tem mais pendentes; recusa só sem ociosa', () => {
    fc.assert(
      fc.property(limitsArb, fc.array(passoArb, { maxLength: 80 }), (limits, passos) => {
        const m = modelo(limits);
        for (const passo of passos) {
          if (passo.tipo === 'abrir') {
            const ociosasAntes = m.pendentes().filter((s) => s.estado === 'ocioso');
            const doEndereco = m.pendentes(passo.endereco).length;
            const totalAntes = m.abertas().length;
            const { result, antes } = m.abrir(passo.endereco);
            if (result.admitted) {
              for (const { session, status } of result.evicted) {
                // Only an idle session of the newcomer's address, or of an address that held the most.
                expect(session.estado).toBe('fechado');
                expect(ociosasAntes.map((s) => s.id)).toContain(session.id);
                if (session.endereco !== passo.endereco) {
                  // The newcomer's address never ends up holding more than the address it displaced held.
                  expect(status).toBe(503);
                  expect(antes.get(session.id)!).toBeGreaterThanOrEqual(m.pendentes(passo.endereco).length);
                }
              }
            } else {
              // Refused only when no idle session could make room.
              const daqui = ociosasAntes.filter((s) => s.endereco === passo.endereco);
              if (result.status === 429) expect(daqui).toEqual([]);
              // 503: no idle session of an address holding at least as much as the newcomer's would was left (one of
              // its own may have gone to the address's bound).
              else {
                const depois = doEndereco + 1 - (doEndereco >= limits.maxPendingPerAddress ? 1 : 0);
                const deslocaveis = ociosasAntes.filter(
                  (s) => m.pendentes(s.endereco).length + (s.endereco === passo.endereco ? 1 : 0) >= depois,
                );
                expect(deslocaveis.length).toBeLessThanOrEqual(doEndereco >= limits.maxPendingPerAddress ? 1 : 0);
              }
              expect(m.abertas().length).toBe(totalAntes);
            }
          } else {
            const alvo = m.abertas()[passo.qual % Math.max(1, m.abertas().length)];
            if (!alvo) continue;
            if (passo.tipo === 'connect' && alvo.estado === 'ocioso') alvo.estado = 'autenticando';
            if (passo.tipo === 'autenticar' && alvo.estado !== 'autenticado') {
              m.admission.authenticate(alvo);
              alvo.estado = 'autenticado';
            }
            if (passo.tipo === 'fechar') {
              m.admission.release(alvo);
              alvo.estado = 'fechado';
            }
          }
          // The bookkeeping matches the sessions, and the bounds hold.
          expect(m.admission.size).toBe(m.abertas().length);
          expect(m.admission.pendingCount).toBe(m.pendentes().length);
          expect(m.abertas().length).toBeLessThanOrEqual(limits.maxConnections);
          expect(m.pendentes().length).toBeLessThanOrEqual(limits.maxPending);
          for (const endereco of ['a', 'b', 'c', 'd']) {
            expect(m.pendentes(endereco).length).toBe(m.admission.pendingFrom(endereco));
            expect(m.pendentes(endereco).length).toBeLessThanOrEqual(limits.maxPendingPerAddress);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
