/**
 * sockjs-client's sources read Node's `global` (webpack 4 used to provide it).
 * Vite does not, so the channel's chunk points it at `globalThis` before
 * sockjs-client runs. Imported only by realtime-connection.ts, first.
 */
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
scope.global ??= globalThis;
