/**
 * The signed-in customer's bag kept on the server (ADR 034, docs/behaviour/bag-and-checkout.md#server-bag), loaded
 * only for a signed-in customer (with the realtime channel's chunk, lib/realtime/realtime-loader.ts), never on a
 * visitor's page.
 *
 * The bag store stays lib/cart-storage.ts: every screen reads and writes `@shoppingCartItems` as before, and that
 * copy is the offline cache. This module keeps it in step with the server:
 *
 * - at the session's start on this device (no server copy known for this customer): the browser's bag is merged
 *   into the kept one (POST /sacola/mesclar) and the answer becomes the bag;
 * - a change in this tab is written (PUT /sacola, debounced) with the version it was based on; a 409 brings the
 *   current bag, on which this device's own change is replayed (shared rebaseBag) and written again, so two devices
 *   never silently overwrite each other;
 * - other devices' changes are read at once when the realtime channel says the bag's version changed (`listen`), and,
 *   since realtime is best effort, when the window regains focus or becomes visible and every 2 minutes while visible;
 * - other tabs of this browser follow the stored copy through the `storage` event, as before.
 *
 * The server copy (`@sacolaServidor`: customer, version, lines) is shared by the tabs. The gift line is never sent:
 * the gift rule (lib/use-gift.ts) keeps it in the local copy.
 */
import { bagEntries, MAX_BAG_LINES, MAX_BAG_QUANTITY, rebaseBag, sameBag, type BagEntry } from '@clinica/shared/cart';
import { sacolaApi, sacolaSchema, type AvisoSacola, type Sacola } from '@clinica/shared/schemas/sacola';
import { callEndpoint, isApiError } from './api-client';
import { CART_CHANGED_EVENT, readCartItems, updateCart } from './cart-storage';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/** Quiet time after the last change before it is written. */
const DEBOUNCE_MS = 500;
/** How often a visible page reads the bag for other devices' changes (the realtime notice's fallback). */
const POLL_MS = 120_000;
/** Writes of one change at most (each 409 replays it once more). */
const MAX_TRIES = 3;

interface ServerCopy {
  userId: number;
  versao: number;
  itens: BagEntry[];
}

const isCopy = (v: unknown): v is ServerCopy =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as ServerCopy).userId) &&
  Number.isInteger((v as ServerCopy).versao) &&
  Array.isArray((v as ServerCopy).itens);

const readCopy = (userId: number): ServerCopy | null => {
  const copy = readJson(STORAGE_KEYS.serverBag, isCopy);
  return copy && copy.userId === userId ? copy : null;
};

const localEntries = () => bagEntries(readCartItems());

/** What the server accepts: 1..99 units, at most 50 lines (the local bag may hold more; the answer clamps it). */
const toBody = (entries: readonly BagEntry[]) =>
  entries
    .slice(0, MAX_BAG_LINES)
    .map((e) => ({ produtoId: e.id, quantidade: Math.min(Math.max(1, e.quantity), MAX_BAG_QUANTITY) }));

/**
 * Keeps the bag of customer `userId` on the server while the session lasts; `listen` subscribes to the realtime
 * channel's notices that the kept bag changed. Returns the stop function.
 */
export function startServerBag(
  userId: number,
  listen: (listener: (aviso: AvisoSacola) => void) => () => void = () => () => undefined,
): () => void {
  let active = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  /** What to do once the running sync ends: a read (which writes too when needed) covers a write. */
  let pending: 'push' | 'pull' | null = null;

  /** The server's answer becomes the known copy and, unless this tab changed the bag meanwhile, the bag itself. */
  function adopt(bag: Sacola, sentFrom: BagEntry[] | null): void {
    const itens = bagEntries(bag.itens);
    writeJson(STORAGE_KEYS.serverBag, { userId, versao: bag.versao, itens } satisfies ServerCopy);
    if (sentFrom && !sameBag(localEntries(), sentFrom)) return; // a newer change will be written next
    const lines = bag.itens.filter((l) => !l.brinde);
    updateCart((current) => {
      const next = [...lines, ...current.filter((l) => l.brinde)];
      return JSON.stringify(next) === JSON.stringify(current) ? current : next;
    });
  }

  async function merge(): Promise<void> {
    const local = localEntries();
    adopt(await callEndpoint(sacolaApi.mesclar, { body: { itens: toBody(local) } }), local);
  }

  async function push(): Promise<void> {
    const copy = readCopy(userId);
    if (!copy) return; // signed out (the copy is forgotten first), or before the merge's answer
    const original = localEntries();
    if (sameBag(original, copy.itens)) return;
    let base = copy.itens;
    let versao = copy.versao;
    let wanted = original;
    for (let attempt = 0; attempt < MAX_TRIES && active; attempt++) {
      try {
        adopt(await callEndpoint(sacolaApi.gravar, { body: { versao, itens: toBody(wanted) } }), original);
        return;
      } catch (error) {
        const current = isApiError(error) && error.status === 409 ? sacolaSchema.safeParse(error.content) : null;
        if (current?.success) {
          // Another tab or device wrote first: replay this device's change on what it wrote.
          const theirs = bagEntries(current.data.itens);
          wanted = rebaseBag(base, wanted, theirs);
          base = theirs;
          versao = current.data.versao;
          continue;
        }
        // A product withdrawn meanwhile (422): the server's bag, as it is, wins.
        if (isApiError(error) && error.status === 422) return adopt(await callEndpoint(sacolaApi.ler, {}), null);
        throw error;
      }
    }
  }

  async function pull(): Promise<void> {
    const copy = readCopy(userId);
    if (!copy) return;
    const bag = await callEndpoint(sacolaApi.ler, {});
    if (bag.versao === copy.versao) return push();
    // Changes of this device not written yet are replayed on the newer bag by the write's 409.
    if (sameBag(localEntries(), copy.itens)) adopt(bag, null);
    else return push();
  }

  /** One sync at a time; a request made meanwhile runs once after it (a read if any was asked for). */
  function run(task: typeof push | typeof pull): void {
    if (!active) return;
    if (running) {
      pending = task === pull || pending === 'pull' ? 'pull' : 'push';
      return;
    }
    running = task()
      .catch((error: unknown) => {
        if (active) console.warn('Não foi possível sincronizar a sacola.', error);
      })
      .finally(() => {
        running = null;
        const next = pending;
        pending = null;
        if (next && active) run(next === 'pull' ? pull : push);
      });
  }

  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(push), DEBOUNCE_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') run(pull);
  };
  const poll = setInterval(onVisible, POLL_MS);
  // Another tab or device wrote the bag: read it, unless this device already has that version.
  const stopListening = listen((aviso) => {
    if (readCopy(userId)?.versao !== aviso.versao) run(pull);
  });
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  run(readCopy(userId) ? pull : merge);

  return () => {
    active = false;
    clearTimeout(timer);
    clearInterval(poll);
    stopListening();
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
