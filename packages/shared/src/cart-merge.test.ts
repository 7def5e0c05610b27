import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BAG_LINES, MAX_BAG_QUANTITY, mergeBags, rebaseBag, sameBag, type BagEntry } from './cart.js';

/** Digital or not is a property of the product: the same id is always the same kind. */
const isDigital = (id: number) => id % 7 === 0;
const entry = fc
  .record({ id: fc.integer({ min: 1, max: 30 }), quantity: fc.integer({ min: 1, max: 120 }), brinde: fc.boolean() })
  .map(({ id, quantity, brinde }) => ({ id, quantity, digital: isDigital(id), brinde: brinde && id % 5 === 0 }));
const bag = fc.array(entry, { maxLength: 20 });
/** A kept bag: one line per id, no gift, quantities already within the limits. */
const keptBag = bag.map((lines) => mergeBags(lines, []));
const stock = fc.dictionary(
  fc.integer({ min: 1, max: 30 }).map(String),
  fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
);
const left = (s: Record<string, number | null>) => (id: number) => s[String(id)] ?? null;
const asMap = (lines: readonly BagEntry[]) => new Map(lines.map((l) => [l.id, l.quantity]));

describe('mergeBags: the bag kept at sign-in (ADR 034)', () => {
  it('is the union of both bags: every bought product of either is there unless it has no unit left', () => {
    fc.assert(
      fc.property(bag, bag, stock, (server, browser, s) => {
        const merged = asMap(mergeBags(server, browser, left(s)));
        for (const line of [...server, ...browser]) {
          if (line.brinde) continue;
          const units = left(s)(line.id);
          expect(merged.has(line.id)).toBe(line.digital || units === null || units > 0);
        }
        for (const id of merged.keys())
          expect([...server, ...browser].some((l) => l.id === id && !l.brinde)).toBe(true);
      }),
    );
  });

  it('keeps the larger quantity of a product in both, clamped to 1..99 and to the units left; digital lines hold 1', () => {
    fc.assert(
      fc.property(bag, bag, stock, (server, browser, s) => {
        for (const line of mergeBags(server, browser, left(s))) {
          if (line.digital) {
            expect(line.quantity).toBe(1);
            continue;
          }
          const asked = Math.max(
            ...[...server, ...browser].filter((l) => l.id === line.id && !l.brinde).map((l) => l.quantity),
          );
          const units = left(s)(line.id);
          expect(line.quantity).toBe(Math.min(asked, MAX_BAG_QUANTITY, units ?? Infinity));
          expect(line.quantity).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('has one line per product, no gift line, at most 50 lines', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 80 }), bag, (server, browser) => {
        const merged = mergeBags(server, browser);
        expect(new Set(merged.map((l) => l.id)).size).toBe(merged.length);
        expect(merged.length).toBeLessThanOrEqual(MAX_BAG_LINES);
        expect(merged.every((l) => !('brinde' in l))).toBe(true);
      }),
    );
  });

  it('is idempotent and commutative in its contents: signing in twice with the same bag changes nothing', () => {
    fc.assert(
      fc.property(bag, bag, stock, (server, browser, s) => {
        const once = mergeBags(server, browser, left(s));
        expect(mergeBags(once, browser, left(s))).toEqual(once);
        expect(asMap(mergeBags(browser, server, left(s)))).toEqual(asMap(once));
      }),
    );
  });

  it('keeps the server lines first, then the new ones of the browser', () => {
    const merged = mergeBags(
      [{ id: 3, quantity: 1, digital: false }],
      [
        { id: 8, quantity: 2, digital: false },
        { id: 3, quantity: 4, digital: false },
        { id: 7, quantity: 3, digital: true },
      ],
    );
    expect(merged).toEqual([
      { id: 3, quantity: 4, digital: false },
      { id: 8, quantity: 2, digital: false },
      { id: 7, quantity: 1, digital: true },
    ]);
  });
});

describe('rebaseBag: a change replayed on a newer bag', () => {
  it('gives the server bag when this device changed nothing, and this device’s bag when the server did not move', () => {
    fc.assert(
      fc.property(keptBag, keptBag, (base, other) => {
        expect(sameBag(rebaseBag(base, base, other), other)).toBe(true);
        expect(asMap(rebaseBag(base, other, base))).toEqual(asMap(other));
      }),
    );
  });

  it('keeps both devices’ changes to different products', () => {
    const base = [
      { id: 1, quantity: 1, digital: false },
      { id: 2, quantity: 1, digital: false },
    ];
    const local = [
      { id: 1, quantity: 3, digital: false },
      { id: 2, quantity: 1, digital: false },
    ];
    const server = [
      { id: 2, quantity: 1, digital: false },
      { id: 5, quantity: 2, digital: false },
    ];
    // Here: 1 raised to 3; there: 1 removed (this device's change wins) and 5 added.
    expect(rebaseBag(base, local, server)).toEqual([
      { id: 2, quantity: 1, digital: false },
      { id: 5, quantity: 2, digital: false },
      { id: 1, quantity: 3, digital: false },
    ]);
    // Removed here, raised there: removed.
    expect(rebaseBag(base, [base[1]!], [{ id: 1, quantity: 4, digital: false }, base[1]!])).toEqual([base[1]]);
  });
});
