/** The options of `npm run bench` (listed in bench/run.mjs's header) and the settings that follow from them. */
import { parseArgs } from 'node:util';

export const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    produtos: { type: 'string' },
    clientes: { type: 'string' },
    pedidos: { type: 'string' },
    pglite: { type: 'boolean', default: true },
    p4: { type: 'boolean', default: true },
    p7: { type: 'boolean', default: true },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
    compare: { type: 'string' },
    'bare-unnamed': { type: 'boolean', default: false },
    'sem-cache': { type: 'boolean', default: false },
    comprimido: { type: 'boolean', default: false },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
export const QUICK = opts.quick;
export const DURATION = Number(opts.duration ?? (QUICK ? 3 : 20));
export const WARMUP = Number(opts.warmup ?? (QUICK ? 1 : 10));
export const CONNECTIONS = Number(opts.connections);
export const ROUNDS = Number(opts.rounds ?? (QUICK ? 1 : 2));
export const DATA = opts.demo
  ? null
  : {
      produtos: Number(opts.produtos ?? (QUICK ? 1000 : 10_000)),
      clientes: Number(opts.clientes ?? (QUICK ? 200 : 2000)),
      pedidos: Number(opts.pedidos ?? (QUICK ? 2000 : 20_000)),
    };
