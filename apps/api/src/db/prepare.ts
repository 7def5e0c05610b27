/**
 * What the server does to its database before it serves (server.ts): the migrations, then, outside demo mode, the
 * refusal of a database whose demo accounts still sign in with their known passwords (ADR 022), then the seed.
 */
import { ConfiguracaoRecusada, type Config } from '../config.js';
import type { FileStorage } from '../integrations/files/index.js';
import type { Database } from './client.js';
import { seedDatabase } from './seed/index.js';
import { contasComSenhaConhecida } from './seed/senhas-conhecidas.js';

export async function prepareDatabase(
  database: Pick<Database, 'db' | 'migrate'>,
  config: Pick<Config, 'DEMO_MODE' | 'SEED_DEMO' | 'DATA_DIR'>,
  log: (message: string) => void = () => undefined,
  /** Where the demo media goes (the server's store of STORAGE); by default `${DATA_DIR}/files`. */
  storage?: FileStorage,
): Promise<void> {
  await database.migrate();
  if (!config.DEMO_MODE) {
    // A database seeded in demo mode and now started as a real store: its demo accounts' passwords are in the README.
    const contas = await contasComSenhaConhecida(database.db);
    if (contas.length > 0) {
      throw new ConfiguracaoRecusada(
        'Banco recusado fora do modo de demonstração:\n' +
          `  Estas contas de demonstração entram com a senha que todos conhecem: ${contas.join(', ')}.\n` +
          '  Use um banco novo para a loja (este traz também os clientes, pedidos e produtos de demonstração) e crie o primeiro Gerente com `npm run admin:create`; para uma loja de demonstração pública, defina DEMO_MODE=true.',
      );
    }
  }
  // Idempotent: permissions and geography always; demo accounts, catalogue and media when SEED_DEMO.
  await seedDatabase(database, {
    dataDir: config.DATA_DIR,
    demo: config.SEED_DEMO,
    log,
    ...(storage ? { storage } : {}),
  });
}
