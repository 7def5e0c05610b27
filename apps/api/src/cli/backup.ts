/**
 * `npm run backup [-- --destino <pasta>]` (README "Cópias de segurança", ADR 041): a backup of the store of
 * DATABASE_URL and its files (the FileStorage of DATA_DIR) into a folder, by default `${DATA_DIR}/backups/<data>`.
 * PostgreSQL only: a PGlite store is backed up by stopping the server and copying DATA_DIR (ADR 041). Exit code 0
 * with a summary on stdout; 1 with the reason in pt-BR on stderr (the half-written folder removed).
 */
import { parseArgs } from 'node:util';
import { ConfiguracaoRecusada, loadBackupSettings } from '../config.js';
import { fazerCopia, pastaPadrao, programasPg } from './copia-de-seguranca.js';
import { abrirArmazenamento, fecharArmazenamento } from './armazenamento.js';
import { RecusaDoComando } from './criar-gerente.js';

const USO = 'Uso: npm run backup [-- --destino <pasta>]';

async function main(): Promise<void> {
  let destino: string | undefined;
  try {
    ({
      values: { destino },
    } = parseArgs({ options: { destino: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new RecusaDoComando(`${(err as Error).message}\n${USO}`);
  }
  const settings = loadBackupSettings();
  if (!settings.DATABASE_URL) {
    throw new RecusaDoComando(
      `DATABASE_URL não está definida: a loja usa o PGlite em ${settings.DATA_DIR}. Para copiar uma loja em PGlite, ` +
        'pare o servidor e copie a pasta DATA_DIR inteira (por exemplo, tar -czf copia.tar.gz -C <pasta> data); veja docs/deploy.md.',
    );
  }
  const pasta = destino ?? pastaPadrao(settings.DATA_DIR);
  console.log(`Cópia de segurança da loja em ${pasta}`);
  const storage = await abrirArmazenamento(settings.DATA_DIR);
  let r: Awaited<ReturnType<typeof fazerCopia>>;
  try {
    r = await fazerCopia({
      databaseUrl: settings.DATABASE_URL,
      storage,
      destino: pasta,
      programas: programasPg(settings),
      log: (linha) => console.log(linha),
    });
  } finally {
    await fecharArmazenamento(storage);
  }
  const m = r.manifesto;
  const mb = (m.banco.bytes + m.arquivos.reduce((s, a) => s + a.bytes, 0)) / 1024 / 1024;
  console.log(
    [
      'Cópia concluída.',
      `  Pasta: ${r.pasta}`,
      `  Banco: ${m.banco.arquivo} (${m.banco.bytes} bytes, última migração ${m.banco.ultimaMigracao?.tag ?? 'nenhuma'})`,
      `  Pedidos: ${m.contagens.pedidos}; pagamentos: ${m.contagens.pagamentos}; arquivos: ${m.contagens.arquivos}`,
      `  Tamanho total: ${mb.toFixed(1)} MB`,
      ...(r.sumiram.length ? [`  Apagados durante a cópia (fora dela): ${r.sumiram.join(', ')}`] : []),
      ...(r.ignorados.length ? [`  Ignorados (nome que a loja não usa): ${r.ignorados.join(', ')}`] : []),
      '  Guarde uma cópia desta pasta fora deste servidor.',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  if (err instanceof RecusaDoComando || err instanceof ConfiguracaoRecusada) {
    console.error(`Cópia não feita. ${err.message}`);
  } else {
    console.error('Cópia não feita: falha inesperada (a pasta incompleta foi apagada).', err);
  }
  process.exit(1);
});
