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
    p9: { type: 'boolean', default: true },
    'only-p9': { type: 'boolean', default: false },
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
/** --only-p9: the flash sale alone (docs/quality.md P9), on the quick data set's 200 clients unless told otherwise. */
export const ONLY_P9 = opts['only-p9'];
export const DURATION = Number(opts.duration ?? (QUICK ? 3 : 20));
export const WARMUP = Number(opts.warmup ?? (QUICK ? 1 : 10));
export const CONNECTIONS = Number(opts.connections);
export const ROUNDS = Number(opts.rounds ?? (QUICK ? 1 : 2));
export const DATA = opts.demo
  ? null
  : {
      produtos: Number(opts.produtos ?? (QUICK || opts['only-p9'] ? 1000 : 10_000)),
      clientes: Number(opts.clientes ?? (QUICK || opts['only-p9'] ? 200 : 2000)),
      pedidos: Number(opts.pedidos ?? (QUICK || opts['only-p9'] ? 2000 : 20_000)),
    };
