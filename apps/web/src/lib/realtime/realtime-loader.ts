/**
 * A stepping stone with no imports of its own: the first-render code only
 * names this chunk, not the channel's many chunks (QUALITY P6).
 */
export const openRealtime = (idUser: number): Promise<() => void> =>
  import('./realtime-connection').then(({ openRealtimeChannel }) => openRealtimeChannel(idUser));
