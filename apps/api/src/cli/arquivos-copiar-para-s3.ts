/**
 * `npm run arquivos:copiar-para-s3` (README "Armazenamento S3", ADR 039): copies every file of the local store
 * (`${DATA_DIR}/files`) into the bucket of S3_* (created when missing), skipping those already there with the same
 * size and SHA-256, and checks every copy (copiar-para-s3.ts). STORAGE may still be `local`: the store keeps serving
 * from the disk while the copy runs, and is switched to STORAGE=s3 after it. Prints a summary in pt-BR; exit code 0
 * when every file is in the bucket, 1 when any failed or the settings were refused.
 */
import fs from 'node:fs';
import { ConfiguracaoRecusada, loadDatabaseSettings, loadStorageSettings } from '../config.js';
import { filesRoot, LocalFileStorage, S3FileStorage, s3SettingsOf } from '../integrations/files/index.js';
import { copiarParaS3, textoDoResumo } from './copiar-para-s3.js';

async function main(): Promise<boolean> {
  const { DATA_DIR } = loadDatabaseSettings();
  // The bucket's variables are required whatever STORAGE says now.
  const settings = loadStorageSettings({ ...process.env, STORAGE: 's3' });
  const origem = new LocalFileStorage(filesRoot(DATA_DIR));
  if (!fs.existsSync(origem.root)) {
    throw new ConfiguracaoRecusada(`A pasta ${origem.root} não existe: confira DATA_DIR (a pasta de dados da loja).`);
  }
  const destino = new S3FileStorage(s3SettingsOf(settings));
  const onde = settings.S3_ENDPOINT ? ` em ${settings.S3_ENDPOINT}` : '';
  console.log(`Copiando os arquivos de ${origem.root} para o bucket S3 "${settings.S3_BUCKET}"${onde}…`);
  try {
    await destino.init();
    const resumo = await copiarParaS3(origem, destino, (linha) => console.log(linha));
    console.log(textoDoResumo(resumo));
    return resumo.falhas.length === 0;
  } finally {
    await destino.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    if (err instanceof ConfiguracaoRecusada) console.error(`Nada foi copiado. ${err.message}`);
    else console.error('Nada foi copiado:', (err as Error)?.message ?? err);
    process.exit(1);
  },
);
