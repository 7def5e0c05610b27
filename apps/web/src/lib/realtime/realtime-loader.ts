/**
 * A stepping stone with no imports of its own: the first-render code only
 * names this chunk, not the channel's many chunks (docs/quality.md#p6-javascript-of-the-public-pages). For a
 * customer (`idClient`), the bag follows the customer's orders while the
 * channel is open (lib/bag-sync.ts) and is kept on the server (lib/server-bag.ts).
 */
export const openRealtime = (idUser: number, idClient: number | null): Promise<() => void> =>
  Promise.all([
    import('./realtime-connection').then(({ openRealtimeChannel }) => openRealtimeChannel(idUser)),
    idClient === null
      ? null
      : Promise.all([import('../bag-sync'), import('./realtime-store')]).then(([{ startBagSync }, store]) =>
          startBagSync(idUser, idClient, store.listenNotificacoes),
        ),
    // The customer's bag kept on the server (lib/server-bag.ts, ADR 034).
    idClient === null
      ? null
      : Promise.all([import('../server-bag'), import('./realtime-store')]).then(([{ startServerBag }, store]) =>
          startServerBag(idUser, store.listenSacola),
        ),
  ]).then(([close, stopBagSync, stopServerBag]) => () => {
    stopServerBag?.();
    stopBagSync?.();
    close();
  });
