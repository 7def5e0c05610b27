/**
 * The copy of a local store into an S3 bucket (`npm run arquivos:copiar-para-s3`, README "Armazenamento S3",
 * ADR 039): every file of `${DATA_DIR}/files`, streamed, under the same key. A file already in the bucket with the
 * same size and SHA-256 is skipped (the copy records each file's SHA-256 in the object's metadata; an object without
 * it is read and hashed); every copied object is read back and its SHA-256 compared with the file's.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { contentTypeForKey, type FileStorage, type S3FileStorage } from '../integrations/files/index.js';

/** The metadata entry (x-amz-meta-sha256) holding an object's SHA-256, hex. */
const META_SHA256 = 'sha256';
/** Files copied at once. */
const PARALELO = 4;

export interface ResumoCopia {
  copiados: number;
  bytesCopiados: number;
  jaNoBucket: number;
  falhas: Array<{ key: string; motivo: string }>;
}

async function sha256(stream: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `12,3 MB` */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

export async function copiarParaS3(
  origem: FileStorage,
  destino: Pick<S3FileStorage, 'put' | 'head' | 'createReadStream'>,
  log: (linha: string) => void = () => undefined,
): Promise<ResumoCopia> {
  const resumo: ResumoCopia = { copiados: 0, bytesCopiados: 0, jaNoBucket: 0, falhas: [] };
  const arquivos = origem.list()[Symbol.asyncIterator]();

  async function copiar({ key, size }: { key: string; size: number }): Promise<void> {
    const hash = await sha256(origem.createReadStream(key));
    const existente = await destino.head(key);
    if (existente && existente.size === size) {
      const remoto = existente.metadata[META_SHA256] ?? (await sha256(destino.createReadStream(key)));
      if (remoto === hash) {
        resumo.jaNoBucket++;
        return;
      }
    }
    await destino.put(key, origem.createReadStream(key), contentTypeForKey(key), { [META_SHA256]: hash });
    const conferido = await sha256(destino.createReadStream(key));
    if (conferido !== hash) {
      throw new Error(
        `o SHA-256 lido do bucket (${conferido.slice(0, 12)}…) difere do arquivo (${hash.slice(0, 12)}…)`,
      );
    }
    resumo.copiados++;
    resumo.bytesCopiados += size;
    log(`  copiado: ${key} (${megabytes(size)})`);
  }

  const trabalhador = async () => {
    for (let next = await arquivos.next(); !next.done; next = await arquivos.next()) {
      try {
        await copiar(next.value);
      } catch (err) {
        const motivo = (err as Error)?.message || String(err);
        resumo.falhas.push({ key: next.value.key, motivo });
        log(`  FALHOU: ${next.value.key}: ${motivo}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALELO }, trabalhador));
  resumo.falhas.sort((a, b) => (a.key < b.key ? -1 : 1));
  return resumo;
}

/** The closing lines, in pt-BR. */
export function textoDoResumo(r: ResumoCopia): string {
  const linhas = [
    `Resumo: ${r.copiados} arquivo(s) copiado(s) (${megabytes(r.bytesCopiados)}), ${r.jaNoBucket} já estava(m) no bucket, ${r.falhas.length} falha(s).`,
  ];
  if (r.falhas.length > 0) {
    linhas.push('Rode o comando de novo para tentar os que falharam: os arquivos que já estão no bucket são pulados.');
  } else {
    linhas.push('Todos os arquivos estão no bucket. Para a loja usá-lo, defina STORAGE=s3 e reinicie as instâncias.');
  }
  return linhas.join('\n');
}
