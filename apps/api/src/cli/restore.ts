/**
 * `npm run restore -- --origem <pasta> [--substituir]` (README "Cópias de segurança", ADR 041): puts a backup of
 * `npm run backup` back into the database of DATABASE_URL and the FileStorage of DATA_DIR. Checks every checksum
 * first; refuses a database that has orders unless --substituir. Exit code 0 with a summary; 1 with the reason in
 * pt-BR, saying what state the store was left in.
 */
import { parseArgs } from 'node:util';
import { ConfiguracaoRecusada, loadBackupSettings } from '../config.js';
import { programasPg, restaurarCopia, RestauracaoIncompleta } from './copia-de-seguranca.js';
import { abrirArmazenamento, fecharArmazenamento } from './armazenamento.js';
import { RecusaDoComando } from './criar-gerente.js';

const USO = 'Uso: npm run restore -- --origem <pasta da cópia> [--substituir]';

async function main(): Promise<void> {
  let origem: string | undefined;
  let substituir: boolean | undefined;
  try {
    ({
      values: { origem, substituir },
    } = parseArgs({
      options: { origem: { type: 'string' }, substituir: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new RecusaDoComando(`${(err as Error).message}\n${USO}`);
  }
  if (!origem) throw new RecusaDoComando(`Diga qual cópia restaurar com --origem.\n${USO}`);
  const settings = loadBackupSettings();
  if (!settings.DATABASE_URL) {
    throw new RecusaDoComando(
      'DATABASE_URL não está definida: a restauração é para o PostgreSQL. Uma loja em PGlite volta copiando de volta ' +
        'a pasta DATA_DIR guardada, com o servidor parado; veja docs/deploy.md.',
    );
  }
  console.log(`Restaurando a cópia ${origem}`);
  const storage = await abrirArmazenamento(settings.DATA_DIR);
  let r: Awaited<ReturnType<typeof restaurarCopia>>;
  try {
    r = await restaurarCopia({
      databaseUrl: settings.DATABASE_URL,
      storage,
      origem,
      substituir: substituir ?? false,
      programas: programasPg(settings),
      log: (linha) => console.log(linha),
    });
  } finally {
    await fecharArmazenamento(storage);
  }
  console.log(
    [
      'Restauração concluída.',
      `  Cópia de ${r.manifesto.criadaEm} (versão ${r.manifesto.versaoApp}, última migração ${r.manifesto.banco.ultimaMigracao?.tag ?? 'nenhuma'})`,
      `  Pedidos: ${r.pedidos}; pagamentos: ${r.pagamentos}; arquivos devolvidos: ${r.arquivos}`,
      '  Suba a loja: as migrações mais novas que a cópia são aplicadas na subida.',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  if (err instanceof RecusaDoComando || err instanceof ConfiguracaoRecusada) {
    console.error(`Restauração não feita. ${err.message}`);
  } else if (err instanceof RestauracaoIncompleta) {
    console.error(`Restauração incompleta. ${err.message}`);
  } else {
    console.error(
      'Restauração interrompida por uma falha inesperada. O banco só muda numa transação única no fim (se ela não ' +
        'terminou, ele está como antes); os arquivos já gravados ficaram no armazenamento. Rode de novo depois de corrigir.',
      err,
    );
  }
  process.exit(1);
});
