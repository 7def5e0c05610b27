/**
 * Process entry: config → database (PGlite under DATA_DIR unless DATABASE_URL)
 * → migrations → seed (process-start.ts) → app → listen; graceful shutdown on SIGTERM/SIGINT.
 * With JOBS_WORKER=false it serves without running jobs, beside `npm run worker` (worker.ts; ADR 042).
 * Settings or a database it refuses (ADR 022: a real store with demo settings)
 * end the process with code 1 and their explanation on stderr.
 */
import closeWithGrace from 'close-with-grace';
import { formatCnpj, formatCpf } from '@clinica/shared/documents';
import { buildApp } from './app.js';
import { ConfiguracaoRecusada, loadConfig } from './config.js';
import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { createLogger } from './lib/logger.js';
import { startMetricsServer, type MetricsServer } from './lib/metrics.js';
import { openStore, withJwtSecret } from './process-start.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);

  const { database, storage } = await openStore(config, logger);
  const app = await buildApp({ config: withJwtSecret(config, logger), database, logger, storage });

  // Shutdown (ADR 040), within SHUTDOWN_GRACE_MS or exit 1: stop accepting; close the realtime sessions (clients
  // reconnect to another instance); the job worker stops claiming and its running jobs finish or are given back
  // to the queue; in-flight requests finish (answers carry Connection: close, new requests on kept-alive sockets
  // get 503); then the metrics listener and the database.
  let metricsServer: MetricsServer | undefined;
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'Encerrando após erro não tratado');
    else logger.info({ signal }, 'Encerrando');
    await app.close();
    await metricsServer?.close();
    await database.close();
    logger.info('Encerrado');
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (app.metrics && config.METRICS_PORT) {
    metricsServer = await startMetricsServer(app.metrics, config.METRICS_HOST, config.METRICS_PORT);
    logger.info({ host: config.METRICS_HOST, port: metricsServer.port }, 'Métricas em /metrics');
  }
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${shownHost}:${config.PORT}`;
  // One write for the whole banner: whoever reads the output (a supervisor, server-modes.test.ts) sees it entire.
  const banner = [`\nClínica no ar: ${url}  (API em ${url}/api, documentação em ${url}/api/docs)`];
  // Which instance runs the background jobs (ADR 042): JOBS_WORKER=false leaves them to `npm run worker`.
  banner.push(
    config.JOBS_WORKER
      ? `Tarefas em segundo plano: neste processo (trabalhador ${app.jobWorker.workerId}).`
      : 'Tarefas em segundo plano: não neste processo (JOBS_WORKER=false).',
  );
  // The demo accounts exist only in demo mode (ADR 022).
  if (config.DEMO_MODE && config.SEED_DEMO) {
    banner.push('Loja de demonstração: pagamentos e e-mails simulados. Contas de demonstração:');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      if (!account.ativo) continue;
      const doc =
        'cpf' in account
          ? ` (CPF ${formatCpf(account.cpf)})`
          : 'cnpj' in account
            ? ` (CNPJ ${formatCnpj(account.cnpj)})`
            : '';
      banner.push(`  ${account.permissao.padEnd(8)} ${account.email} / ${account.password}${doc}`);
    }
  }
  console.log(`${banner.join('\n')}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfiguracaoRecusada) console.error(`O servidor não subiu. ${err.message}`);
  else console.error('Falha ao iniciar o servidor:', err);
  process.exit(1);
});
