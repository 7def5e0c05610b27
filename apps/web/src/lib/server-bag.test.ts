import { cartLine } from '@clinica/shared/cart';
import { sacolaApi, type Sacola } from '@clinica/shared/schemas/sacola';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, okFor } from '../test/api-mock';
import { resetSession } from '../test/reset-session';
import { addToCart, cartActions, readCartItems } from './cart-storage';
import { startServerBag } from './server-bag';

const GEL = { id: 11, nome: 'Gel clareador', pathImg: null, preco: 8990, digital: false };
const ESCOVA = { id: 12, nome: 'Escova', pathImg: null, preco: 1890, digital: false };
const FIO = { id: 13, nome: 'Fio dental', pathImg: null, preco: 1250, digital: false };
const USER = 7;

const sacola = (versao: number, ...linhas: Array<[typeof GEL, number]>): Sacola => ({
  versao,
  atualizadaEm: '2026-11-27T12:00:00.000Z',
  itens: linhas.map(([p, q]) => cartLine(p, q)),
});
const bag = () => readCartItems().map((i) => [i.id, i.quantity]);
const copy = () => JSON.parse(localStorage.getItem('@sacolaServidor') ?? 'null') as { versao: number } | null;

describe('the bag kept on the server (ADR 034)', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetSession();
    localStorage.clear();
  });
  afterEach(() => {
    stop?.();
    vi.restoreAllMocks();
  });

  it('merges the browser’s bag at the first start and takes the answer as the bag', async () => {
    addToCart(cartLine(GEL, 1));
    const api = mockApi({ 'POST /api/sacola/mesclar': okFor(sacolaApi.mesclar, sacola(2, [ESCOVA, 3], [GEL, 1])) });
    stop = startServerBag(USER);
    await vi.waitFor(() =>
      expect(bag()).toEqual([
        [ESCOVA.id, 3],
        [GEL.id, 1],
      ]),
    );
    expect(api.calls[0]!.body).toEqual({ itens: [{ produtoId: GEL.id, quantidade: 1 }] });
    expect(copy()?.versao).toBe(2);
  });

  it('writes a change with the version it read; on 409 replays it on the other device’s bag', async () => {
    const puts: unknown[] = [];
    let primeira = true;
    mockApi({
      'POST /api/sacola/mesclar': okFor(sacolaApi.mesclar, sacola(1, [GEL, 1])),
      'PUT /api/sacola': (init) => {
        puts.push(JSON.parse(String(init.body)));
        if (primeira) {
          primeira = false;
          // Another device added the floss meanwhile.
          return {
            status: 409,
            body: {
              statusCode: 409,
              message: 'A sacola foi alterada em outro dispositivo.',
              content: sacola(2, [GEL, 1], [FIO, 1]),
            },
          };
        }
        return okFor(sacolaApi.gravar, sacola(3, [GEL, 2], [FIO, 1]));
      },
    });
    stop = startServerBag(USER);
    await vi.waitFor(() => expect(copy()?.versao).toBe(1));
    cartActions.increment(GEL.id);
    await vi.waitFor(
      () =>
        expect(bag()).toEqual([
          [GEL.id, 2],
          [FIO.id, 1],
        ]),
      { timeout: 3000 },
    );
    expect(puts).toEqual([
      { versao: 1, itens: [{ produtoId: GEL.id, quantidade: 2 }] },
      {
        versao: 2,
        itens: [
          { produtoId: GEL.id, quantidade: 2 },
          { produtoId: FIO.id, quantidade: 1 },
        ],
      },
    ]);
    expect(copy()?.versao).toBe(3);
  });

  it('reads other devices’ changes when the window regains focus', async () => {
    mockApi({
      'POST /api/sacola/mesclar': okFor(sacolaApi.mesclar, sacola(1, [GEL, 1])),
      'GET /api/sacola': okFor(sacolaApi.ler, sacola(4, [GEL, 1], [ESCOVA, 2])),
    });
    stop = startServerBag(USER);
    await vi.waitFor(() => expect(copy()?.versao).toBe(1));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() =>
      expect(bag()).toEqual([
        [GEL.id, 1],
        [ESCOVA.id, 2],
      ]),
    );
  });
  it('reads the bag at once when the realtime channel says another device wrote a newer version', async () => {
    let avisar: (aviso: { versao: number }) => void = () => undefined;
    const api = mockApi({
      'POST /api/sacola/mesclar': okFor(sacolaApi.mesclar, sacola(1, [GEL, 1])),
      'GET /api/sacola': okFor(sacolaApi.ler, sacola(5, [GEL, 1], [FIO, 3])),
    });
    stop = startServerBag(USER, (listener) => {
      avisar = listener;
      return () => (avisar = () => undefined);
    });
    await vi.waitFor(() => expect(copy()?.versao).toBe(1));
    // Its own version (the notice of this device's write): nothing to read.
    avisar({ versao: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(0);
    avisar({ versao: 5 });
    await vi.waitFor(() =>
      expect(bag()).toEqual([
        [GEL.id, 1],
        [FIO.id, 3],
      ]),
    );
    expect(copy()?.versao).toBe(5);
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });
});
