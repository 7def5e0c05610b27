import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inicioDoDia, inicioDoDiaSeguinte } from './clinic-day.js';
import {
  couponSituation,
  describeCoupon,
  evaluateCoupon,
  formatPercent,
  invalidCoupon,
  normalizeCouponCode,
  percentOf,
  type CouponContext,
  type CouponLine,
  type CouponRule,
} from './coupon.js';
import { MSG_CUPOM } from './messages-cupom.js';

const regra = (over: Partial<CouponRule> = {}): CouponRule => ({
  codigo: 'BEMVINDO10',
  descricao: '10% na primeira compra',
  tipo: 'PERCENTUAL',
  valor: 1000,
  valorMinimo: null,
  inicio: null,
  fim: null,
  limiteUsos: null,
  limitePorCliente: null,
  primeiraCompra: false,
  escopo: 'LOJA',
  categoriaIds: [],
  produtoIds: [],
  acumulaPix: true,
  acumulaBrinde: true,
  ativo: true,
  ...over,
});

const escova: CouponLine = { produtoId: 1, categoriaId: 10, digital: false, brinde: false, valor: 5000 };
const resina: CouponLine = { produtoId: 2, categoriaId: 11, digital: false, brinde: false, valor: 12990 };
const curso: CouponLine = { produtoId: 3, categoriaId: 20, digital: true, brinde: false, valor: 30000 };
const kit: CouponLine = { produtoId: 4, categoriaId: 10, digital: false, brinde: true, valor: 0 };

/** Noon in the clinic on a day. */
const noDia = (dia: string) => new Date(inicioDoDia(dia).getTime() + 12 * 3_600_000);

const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  agora: noDia('2026-03-10'),
  linhas: [escova, resina],
  usosTotais: 0,
  usosDoCliente: 0,
  clienteJaComprou: false,
  ...over,
});

describe('evaluateCoupon (docs/behaviour/bag-and-checkout.md#coupons)', () => {
  it('takes a percentage of the eligible lines, rounded half up to the cent', () => {
    // 10 % of R$ 179,90 = R$ 17,99.
    expect(evaluateCoupon(regra(), ctx())).toEqual({ ok: true, desconto: 1799, elegivel: 17990 });
    // 12,5 % of R$ 0,12 = 1,5 cent → 2; of R$ 0,11 = 1,375 → 1.
    const linha = (valor: number): CouponLine => ({ ...escova, valor });
    expect(evaluateCoupon(regra({ valor: 1250 }), ctx({ linhas: [linha(12)] }))).toMatchObject({ desconto: 2 });
    expect(evaluateCoupon(regra({ valor: 1250 }), ctx({ linhas: [linha(11)] }))).toMatchObject({ desconto: 1 });
    // 0,01 % of R$ 50,00 = half a cent → 1 cent.
    expect(evaluateCoupon(regra({ valor: 1 }), ctx({ linhas: [escova] }))).toMatchObject({ desconto: 1 });
    expect(evaluateCoupon(regra({ valor: 10_000 }), ctx())).toMatchObject({ desconto: 17990, elegivel: 17990 });
  });

  it('caps a fixed amount at the eligible amount', () => {
    expect(evaluateCoupon(regra({ tipo: 'FIXO', valor: 2000 }), ctx())).toEqual({
      ok: true,
      desconto: 2000,
      elegivel: 17990,
    });
    expect(evaluateCoupon(regra({ tipo: 'FIXO', valor: 100_000 }), ctx())).toEqual({
      ok: true,
      desconto: 17990,
      elegivel: 17990,
    });
  });

  it('never discounts a gift line, and a bag with only the gift has nothing eligible', () => {
    const caro = { ...kit, valor: 99_999 };
    expect(evaluateCoupon(regra(), ctx({ linhas: [escova, caro] }))).toEqual({
      ok: true,
      desconto: 500,
      elegivel: 5000,
    });
    expect(evaluateCoupon(regra(), ctx({ linhas: [kit] }))).toEqual({
      ok: false,
      motivo: 'SEM_ITENS',
      mensagem: 'Nenhum item da sacola está incluído neste cupom.',
    });
  });

  it('applies only to its scope: categories, products, physical, digital', () => {
    const linhas = [escova, resina, curso, kit];
    const de = (over: Partial<CouponRule>) =>
      evaluateCoupon(regra({ tipo: 'FIXO', valor: 1_000_000, ...over }), ctx({ linhas }));
    expect(de({ escopo: 'LOJA' })).toMatchObject({ elegivel: 47990 });
    expect(de({ escopo: 'FISICOS' })).toMatchObject({ elegivel: 17990 });
    expect(de({ escopo: 'DIGITAIS' })).toMatchObject({ elegivel: 30000 });
    // The gift shares the toothbrush's category and still never counts.
    expect(de({ escopo: 'CATEGORIAS', categoriaIds: [10, 20] })).toMatchObject({ elegivel: 35000 });
    expect(de({ escopo: 'PRODUTOS', produtoIds: [2, 4] })).toMatchObject({ elegivel: 12990 });
    expect(de({ escopo: 'CATEGORIAS', categoriaIds: [99] })).toMatchObject({ ok: false, motivo: 'SEM_ITENS' });
    expect(evaluateCoupon(regra({ escopo: 'DIGITAIS' }), ctx())).toMatchObject({
      ok: false,
      mensagem: MSG_CUPOM.semItens,
    });
  });

  it('measures the minimum on the products subtotal of the whole bag and says what is missing', () => {
    const minimo = regra({ valorMinimo: 15000, escopo: 'PRODUTOS', produtoIds: [1] });
    expect(evaluateCoupon(minimo, ctx({ linhas: [escova, { ...resina, valor: 10000 }] }))).toMatchObject({
      ok: true,
      desconto: 500,
      elegivel: 5000,
    });
    expect(evaluateCoupon(minimo, ctx({ linhas: [escova, { ...resina, valor: 8000 }, kit] }))).toEqual({
      ok: false,
      motivo: 'VALOR_MINIMO',
      mensagem: 'Este cupom vale a partir de R$ 150,00 em produtos. Faltam R$ 20,00.',
    });
    // Exactly the minimum is enough.
    expect(evaluateCoupon(regra({ valorMinimo: 17990 }), ctx())).toMatchObject({ ok: true });
    expect(evaluateCoupon(regra({ valorMinimo: 17991 }), ctx())).toMatchObject({
      mensagem: 'Este cupom vale a partir de R$ 179,91 em produtos. Faltam R$ 0,01.',
    });
  });

  it('is valid from the first to the last clinic day of its window, both included', () => {
    const natal = regra({ inicio: '2025-12-01', fim: '2025-12-26' });
    expect(evaluateCoupon(natal, ctx({ agora: inicioDoDia('2025-12-01') }))).toMatchObject({ ok: true });
    expect(
      evaluateCoupon(natal, ctx({ agora: new Date(inicioDoDiaSeguinte('2025-12-26').getTime() - 1) })),
    ).toMatchObject({
      ok: true,
    });
    expect(evaluateCoupon(natal, ctx({ agora: new Date(inicioDoDia('2025-12-01').getTime() - 1) }))).toEqual({
      ok: false,
      motivo: 'AINDA_NAO_VALE',
      mensagem: 'Este cupom ainda não está valendo: ele vale a partir de 01/12/2025.',
    });
    expect(evaluateCoupon(natal, ctx({ agora: inicioDoDiaSeguinte('2025-12-26') }))).toEqual({
      ok: false,
      motivo: 'EXPIRADO',
      mensagem: 'Este cupom expirou em 26/12/2025.',
    });
    // 23:30 of the 26th in São Paulo is already the 27th in UTC: still valid.
    expect(evaluateCoupon(natal, ctx({ agora: new Date('2025-12-27T02:30:00Z') }))).toMatchObject({ ok: true });
  });

  it('counts uses in all and per customer', () => {
    const dez = regra({ limiteUsos: 10 });
    expect(evaluateCoupon(dez, ctx({ usosTotais: 9 }))).toMatchObject({ ok: true });
    expect(evaluateCoupon(dez, ctx({ usosTotais: 10 }))).toEqual({
      ok: false,
      motivo: 'ESGOTADO',
      mensagem: 'Este cupom já foi usado o número máximo de vezes.',
    });
    expect(evaluateCoupon(regra({ limitePorCliente: 1 }), ctx({ usosDoCliente: 1 }))).toEqual({
      ok: false,
      motivo: 'JA_USADO',
      mensagem: 'Você já usou este cupom.',
    });
    expect(evaluateCoupon(regra({ limitePorCliente: 3 }), ctx({ usosDoCliente: 2 }))).toMatchObject({ ok: true });
    expect(evaluateCoupon(regra({ limitePorCliente: 3 }), ctx({ usosDoCliente: 3 }))).toMatchObject({
      mensagem: 'Você já usou este cupom 3 vezes, o máximo permitido por cliente.',
    });
  });

  it('refuses a first-purchase coupon to a customer who already bought, and a deactivated one to anybody', () => {
    expect(evaluateCoupon(regra({ primeiraCompra: true }), ctx())).toMatchObject({ ok: true });
    expect(evaluateCoupon(regra({ primeiraCompra: true }), ctx({ clienteJaComprou: true }))).toEqual({
      ok: false,
      motivo: 'PRIMEIRA_COMPRA',
      mensagem: 'Este cupom vale só para a primeira compra.',
    });
    expect(evaluateCoupon(regra({ ativo: false }), ctx())).toEqual({
      ok: false,
      motivo: 'DESATIVADO',
      mensagem: 'Este cupom está desativado.',
    });
  });

  it('gives the most basic reason first', () => {
    const tudoErrado = regra({
      ativo: false,
      fim: '2025-01-01',
      limiteUsos: 1,
      limitePorCliente: 1,
      primeiraCompra: true,
      valorMinimo: 1_000_000,
      escopo: 'DIGITAIS',
    });
    const c = ctx({ usosTotais: 5, usosDoCliente: 5, clienteJaComprou: true });
    const motivos = [
      evaluateCoupon(tudoErrado, c),
      evaluateCoupon({ ...tudoErrado, ativo: true }, c),
      evaluateCoupon({ ...tudoErrado, ativo: true, fim: null }, c),
      evaluateCoupon({ ...tudoErrado, ativo: true, fim: null, limiteUsos: null }, c),
      evaluateCoupon({ ...tudoErrado, ativo: true, fim: null, limiteUsos: null, limitePorCliente: null }, c),
      evaluateCoupon(
        { ...tudoErrado, ativo: true, fim: null, limiteUsos: null, limitePorCliente: null, primeiraCompra: false },
        c,
      ),
      evaluateCoupon(
        {
          ...tudoErrado,
          ativo: true,
          fim: null,
          limiteUsos: null,
          limitePorCliente: null,
          primeiraCompra: false,
          escopo: 'LOJA',
        },
        c,
      ),
    ].map((r) => (r.ok ? 'OK' : r.motivo));
    expect(motivos).toEqual([
      'DESATIVADO',
      'EXPIRADO',
      'ESGOTADO',
      'JA_USADO',
      'PRIMEIRA_COMPRA',
      'SEM_ITENS',
      'VALOR_MINIMO',
    ]);
  });

  it('an unknown code is "Cupom inválido."', () => {
    expect(invalidCoupon()).toEqual({ ok: false, motivo: 'INVALIDO', mensagem: MSG_CUPOM.invalido });
    expect(MSG_CUPOM.invalido).toMatch(/^Cupom inválido\./);
  });

  describe('properties', () => {
    const linhaArb = fc.record({
      produtoId: fc.integer({ min: 1, max: 8 }),
      categoriaId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      digital: fc.boolean(),
      brinde: fc.boolean(),
      valor: fc.integer({ min: 0, max: 50_000_000 }),
    });
    const regraArb = fc.record({
      tipo: fc.constantFrom('PERCENTUAL' as const, 'FIXO' as const),
      valorPct: fc.integer({ min: 1, max: 10_000 }),
      valorFixo: fc.integer({ min: 1, max: 100_000_000 }),
      escopo: fc.constantFrom(
        'LOJA' as const,
        'CATEGORIAS' as const,
        'PRODUTOS' as const,
        'FISICOS' as const,
        'DIGITAIS' as const,
      ),
      categoriaIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
      produtoIds: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 8 }),
      valorMinimo: fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null }),
    });
    const montar = (r: {
      tipo: 'PERCENTUAL' | 'FIXO';
      valorPct: number;
      valorFixo: number;
      escopo: CouponRule['escopo'];
      categoriaIds: number[];
      produtoIds: number[];
      valorMinimo: number | null;
    }) =>
      regra({
        tipo: r.tipo,
        valor: r.tipo === 'PERCENTUAL' ? r.valorPct : r.valorFixo,
        escopo: r.escopo,
        categoriaIds: r.categoriaIds,
        produtoIds: r.produtoIds,
        valorMinimo: r.valorMinimo,
      });
    const naoBrinde = (linhas: CouponLine[]) => linhas.filter((l) => !l.brinde).reduce((s, l) => s + l.valor, 0);

    it('the discount is an integer between 1 cent and the eligible amount, which is at most the products subtotal', () => {
      fc.assert(
        fc.property(regraArb, fc.array(linhaArb, { maxLength: 12 }), (r, linhas) => {
          const res = evaluateCoupon(montar(r), ctx({ linhas }));
          if (!res.ok) return;
          expect(Number.isInteger(res.desconto)).toBe(true);
          expect(res.elegivel).toBeGreaterThan(0);
          expect(res.desconto).toBeGreaterThanOrEqual(0);
          expect(res.desconto).toBeLessThanOrEqual(res.elegivel);
          expect(res.elegivel).toBeLessThanOrEqual(naoBrinde(linhas));
        }),
      );
    });

    it('gift lines change nothing, whatever their amount', () => {
      fc.assert(
        fc.property(
          regraArb,
          fc.array(linhaArb, { maxLength: 10 }),
          fc.array(linhaArb, { maxLength: 3 }),
          (r, linhas, brindes) => {
            const com = [...linhas, ...brindes.map((b) => ({ ...b, brinde: true }))];
            expect(evaluateCoupon(montar(r), ctx({ linhas: com }))).toEqual(evaluateCoupon(montar(r), ctx({ linhas })));
          },
        ),
      );
    });

    it('the order of the lines does not matter', () => {
      fc.assert(
        fc.property(regraArb, fc.array(linhaArb, { maxLength: 10 }), (r, linhas) => {
          const invertidas = [...linhas].reverse();
          expect(evaluateCoupon(montar(r), ctx({ linhas: invertidas }))).toEqual(
            evaluateCoupon(montar(r), ctx({ linhas })),
          );
        }),
      );
    });

    it('a percentage is the exact half-up rounding of eligible × percent, and grows with the percent', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.integer({ min: 1, max: 10_000 }), (cents, pct) => {
          const exato = (BigInt(cents) * BigInt(pct) * 2n + 10_000n) / 20_000n;
          expect(percentOf(cents, pct)).toBe(Number(exato));
          expect(percentOf(cents, pct)).toBeLessThanOrEqual(cents);
          if (pct < 10_000) expect(percentOf(cents, pct + 1)).toBeGreaterThanOrEqual(percentOf(cents, pct));
        }),
      );
      expect(percentOf(999_999_999_999, 10_000)).toBe(999_999_999_999);
    });

    it('a fixed amount is min(valor, eligible)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 100_000_000 }),
          fc.array(linhaArb, { minLength: 1, maxLength: 10 }),
          (valor, linhas) => {
            const res = evaluateCoupon(regra({ tipo: 'FIXO', valor }), ctx({ linhas }));
            const elegivel = naoBrinde(linhas);
            if (elegivel === 0) expect(res).toMatchObject({ ok: false, motivo: 'SEM_ITENS' });
            else expect(res).toEqual({ ok: true, desconto: Math.min(valor, elegivel), elegivel });
          },
        ),
      );
    });

    it('a minimum is met exactly when the products subtotal reaches it', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 10_000_000 }),
          fc.array(linhaArb, { maxLength: 10 }),
          (minimo, linhas) => {
            const res = evaluateCoupon(regra({ valorMinimo: minimo }), ctx({ linhas }));
            const subtotal = naoBrinde(linhas);
            if (subtotal === 0) expect(res).toMatchObject({ motivo: 'SEM_ITENS' });
            else if (subtotal >= minimo) expect(res.ok).toBe(true);
            else expect(res).toMatchObject({ ok: false, motivo: 'VALOR_MINIMO' });
          },
        ),
      );
    });

    it('a use limit refuses exactly from the limit on', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 2000 }), (limite, usos) => {
          const res = evaluateCoupon(regra({ limiteUsos: limite }), ctx({ usosTotais: usos }));
          expect(res.ok).toBe(usos < limite);
        }),
      );
    });
  });
});

describe('describeCoupon', () => {
  it('says what the coupon gives and what it does not combine with', () => {
    expect(describeCoupon(regra({ acumulaPix: false, acumulaBrinde: true }))).toEqual({
      resumo: '10% de desconto nos produtos',
      avisos: ['Não acumula com o desconto do PIX'],
    });
    expect(describeCoupon(regra({ tipo: 'FIXO', valor: 2000, escopo: 'DIGITAIS', acumulaBrinde: false }))).toEqual({
      resumo: 'R$ 20,00 de desconto nos cursos digitais',
      avisos: ['Não acumula com o brinde'],
    });
    expect(describeCoupon(regra({ valor: 1250, escopo: 'CATEGORIAS' })).resumo).toBe(
      '12,5% de desconto nos produtos das categorias selecionadas',
    );
    expect(describeCoupon(regra({ escopo: 'PRODUTOS' })).resumo).toBe('10% de desconto nos produtos selecionados');
    expect(describeCoupon(regra({ escopo: 'FISICOS', acumulaPix: false, acumulaBrinde: false }))).toEqual({
      resumo: '10% de desconto nos produtos físicos',
      avisos: ['Não acumula com o desconto do PIX', 'Não acumula com o brinde'],
    });
  });

  it('writes percentages the Brazilian way', () => {
    expect([1000, 1050, 1025, 1, 10_000, 5].map(formatPercent)).toEqual([
      '10%',
      '10,5%',
      '10,25%',
      '0,01%',
      '100%',
      '0,05%',
    ]);
  });
});

describe('normalizeCouponCode', () => {
  it('removes spaces and upper-cases what the customer typed', () => {
    expect(normalizeCouponCode(' bem vindo10 ')).toBe('BEMVINDO10');
    expect(normalizeCouponCode('natal2025')).toBe('NATAL2025');
  });
});

describe('couponSituation', () => {
  it('tells deactivated, scheduled, expired, used up and valid coupons apart', () => {
    const hoje = noDia('2026-03-10');
    expect(couponSituation(regra({ ativo: false }), hoje, 0)).toBe('INATIVO');
    expect(couponSituation(regra({ inicio: '2026-03-11' }), hoje, 0)).toBe('AGENDADO');
    expect(couponSituation(regra({ fim: '2026-03-09' }), hoje, 0)).toBe('EXPIRADO');
    expect(couponSituation(regra({ limiteUsos: 2 }), hoje, 2)).toBe('ESGOTADO');
    expect(couponSituation(regra({ inicio: '2026-03-10', fim: '2026-03-10', limiteUsos: 2 }), hoje, 1)).toBe('VIGENTE');
  });
});
