/**
 * Worker-only process entry (`npm run worker`; ADR 042): config → database → migrations → seed (process-start.ts) →
 * the app, never listening → its job worker with the periodic jobs (e-mails, payments, refunds, invoices,
 * conversions, retention; lib/jobs, ADR 007). It serves no page and no /api: it runs beside web instances started
 * with JOBS_WORKER=false on the same PostgreSQL database and the same files. SIGTERM/SIGINT stop claiming, let the
 * running jobs finish, then close the database (a job cut short runs again after its lease, ADR 007).
 * Settings it refuses end the process with code 1 and their explanation on stderr, as server.ts does.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfiguracaoRecusada, loadConfig, recusaDoProcessoDeTarefas } from './config.js';
import { createLogger } from './lib/logger.js';
import { openStore, withJwtSecret } from './process-start.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const recusa = recusaDoProcessoDeTarefas(config);
  if (recusa) throw recusa;
  const logger = createLogger(config);

  const { database, storage } = await openStore(config, logger);
  const app = await buildApp({
    config: withJwtSecret(config, logger),
    database,
    logger,
    storage,
    startJobWorker: true,
  });

  // Stop claiming, let the running jobs finish or give them back to the queue at half of SHUTDOWN_GRACE_MS (the app's
  // preClose and onClose stop the worker, ADR 040), then close the database.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'Encerrando após erro não tratado');
    else logger.info({ signal }, 'Encerrando');
    await app.close();
    await database.close();
  });

  // One write, as server.ts's banner: whoever reads the output (a supervisor, several-instances.test.ts) sees it entire.
  console.log(
    `\nProcesso de tarefas no ar: tarefas em segundo plano neste processo (trabalhador ${app.jobWorker.workerId}); nenhuma página servida.\n`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfiguracaoRecusada) console.error(`O processo de tarefas não subiu. ${err.message}`);
  else console.error('Falha ao iniciar o processo de tarefas:', err);
  process.exit(1);
});
