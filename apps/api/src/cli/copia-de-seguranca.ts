/**
 * Backups that restore (ADR 041; README "Cópias de segurança"): `npm run backup` writes a folder with the PostgreSQL
 * database (`pg_dump --format=custom`, taken in one snapshot with the counts of the manifest), every file of the store
 * read through the FileStorage interface (so a local or an S3 store alike) and a manifest with the SHA-256 of each;
 * `npm run restore` checks every checksum before it touches anything, puts the files back, then restores the database
 * in one transaction (`pg_restore --single-transaction`: all of it or none of it). Everything is streamed: course
 * media can be gigabytes.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { z } from 'zod';
import { REPO_ROOT } from '../config.js';
import { MIGRATIONS_DIR } from '../db/client.js';
import { assertValidKey, type FileStorage } from '../integrations/files/index.js';
import { RecusaDoComando } from './criar-gerente.js';

export const MANIFESTO = 'manifesto.json';
export const ARQUIVO_DO_BANCO = 'banco.dump';
export const PASTA_DOS_ARQUIVOS = 'arquivos';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const manifestoSchema = z.object({
  formato: z.literal(1),
  criadaEm: z.string(),
  versaoApp: z.string(),
  banco: z.object({
    tipo: z.literal('postgresql'),
    arquivo: z.literal(ARQUIVO_DO_BANCO),
    bytes: z.number().int().min(0),
    sha256,
    /** The server's version and pg_dump's (major.minor), e.g. "15.20". */
    versaoServidor: z.string(),
    versaoPgDump: z.string(),
    /** The last migration applied (drizzle's journal tag and its `when`), null on a database never migrated. */
    ultimaMigracao: z.object({ tag: z.string(), quando: z.number() }).nullable(),
  }),
  contagens: z.object({
    pedidos: z.number().int().min(0),
    pagamentos: z.number().int().min(0),
    arquivos: z.number().int().min(0),
  }),
  arquivos: z.array(z.object({ chave: z.string(), bytes: z.number().int().min(0), sha256 })),
});
export type Manifesto = z.infer<typeof manifestoSchema>;

// ---------------------------------------------------------------------------
// pg_dump and pg_restore

export interface ProgramasPg {
  pgDump: string;
  pgRestore: string;
}

/** PG_DUMP / PG_RESTORE, else the programs in PG_BIN_DIR, else the ones on the PATH. */
export function programasPg(settings: { PG_DUMP?: string; PG_RESTORE?: string; PG_BIN_DIR?: string }): ProgramasPg {
  const naPasta = (nome: string) => (settings.PG_BIN_DIR ? path.join(settings.PG_BIN_DIR, nome) : nome);
  return { pgDump: settings.PG_DUMP ?? naPasta('pg_dump'), pgRestore: settings.PG_RESTORE ?? naPasta('pg_restore') };
}

const COMO_APONTAR =
  'Instale o cliente do PostgreSQL (o pacote postgresql-client) da mesma versão do servidor ou mais nova, ou aponte ' +
  'PG_DUMP e PG_RESTORE (o caminho de cada programa) ou PG_BIN_DIR (a pasta dos dois, por exemplo /usr/lib/postgresql/16/bin).';

interface Execucao {
  codigo: number | null;
  stderr: string;
}

/**
 * Runs a program; its stdout goes to `saida` (or is dropped). A missing program is a refusal that says how to fix it.
 */
async function executar(
  programa: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; saida?: (stdout: Readable) => Promise<void>; nome: string },
): Promise<Execucao> {
  const child = spawn(programa, args, { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-8000);
  });
  const saiu = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  try {
    const leitura = opts.saida ? opts.saida(child.stdout) : Promise.resolve(void child.stdout.resume());
    const [codigo] = await Promise.all([saiu, leitura]);
    return { codigo, stderr };
  } catch (err) {
    child.kill();
    await saiu.catch(() => undefined);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new RecusaDoComando(`O programa ${opts.nome} não foi encontrado (${programa}). ${COMO_APONTAR}`);
    }
    throw err;
  }
}

/** "15.20" of "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
async function versaoDoPrograma(programa: string, nome: string): Promise<string> {
  let texto = '';
  const r = await executar(programa, ['--version'], {
    nome,
    saida: async (stdout) => {
      for await (const chunk of stdout) texto += String(chunk);
    },
  });
  const versao = /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(texto)?.[1];
  if (r.codigo !== 0 || !versao) {
    throw new RecusaDoComando(`Não consegui ler a versão de ${nome} (${programa}): ${(texto + r.stderr).trim()}`);
  }
  return versao;
}

const major = (versao: string) => Number(versao.split('.')[0]);

/**
 * The address for libpq without its password, which goes in PGPASSWORD: the command line of pg_dump is visible to
 * every user of the machine (ps), its environment is not.
 */
function conexaoLibpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const senha = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: senha ? { ...process.env, PGPASSWORD: senha } : { ...process.env } };
}

// ---------------------------------------------------------------------------
// Checksums

/** Passes the bytes through, adding them to a SHA-256 and counting them. */
function contador(): Transform & { resultado(): { sha256: string; bytes: number } } {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { resultado: () => ({ sha256: hash.digest('hex'), bytes }) });
}

async function hashDoArquivo(caminho: string): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(caminho) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The folder of a key in a backup (keys are checked: relative, no `..`). */
function caminhoDoArquivo(pasta: string, chave: string): string {
  assertValidKey(chave);
  return path.join(pasta, PASTA_DOS_ARQUIVOS, ...chave.split('/'));
}

// ---------------------------------------------------------------------------
// What the database holds

/** drizzle's journal: the tag of each migration by its `when` (what __drizzle_migrations.created_at keeps). */
function tagsDasMigracoes(): Map<number, string> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

async function ultimaMigracao(client: pg.ClientBase): Promise<{ tag: string; quando: number } | null> {
  const existe = await client.query<{ t: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations') AS t");
  if (!existe.rows[0]?.t) return null;
  const { rows } = await client.query<{ quando: string }>(
    'SELECT created_at::text AS quando FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  if (!rows[0]) return null;
  const quando = Number(rows[0].quando);
  return { tag: tagsDasMigracoes().get(quando) ?? `desconhecida (${quando})`, quando };
}

/** Orders and payments, or null when the database has no store tables. */
async function contagensDoBanco(client: pg.ClientBase): Promise<{ pedidos: number; pagamentos: number } | null> {
  const existe = await client.query<{ t: string | null }>("SELECT to_regclass('public.pedidos') AS t");
  if (!existe.rows[0]?.t) return null;
  const { rows } = await client.query<{ pedidos: number; pagamentos: number }>(
    'SELECT (SELECT count(*)::int FROM pedidos) AS pedidos, (SELECT count(*)::int FROM pagamentos) AS pagamentos',
  );
  return rows[0]!;
}

async function versaoDoServidor(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  const num = Number(rows[0]!.v);
  return `${Math.floor(num / 10000)}.${num % 10000}`;
}

function versaoDoApp(): string {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

// ---------------------------------------------------------------------------
// Backup

export interface ResultadoDaCopia {
  pasta: string;
  manifesto: Manifesto;
  /** Files listed by the store that were gone when read (deleted meanwhile): not in the backup. */
  sumiram: string[];
  /** Objects of the store whose key the application would never write: left out. */
  ignorados: string[];
}

/** `${DATA_DIR}/backups/2026-11-28T16-40-05Z`. */
export function pastaPadrao(dataDir: string, agora = new Date()): string {
  const carimbo = agora
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(dataDir, 'backups', carimbo);
}

/**
 * Writes the backup into `destino` (which must not exist or be empty). On any failure the half-written folder is
 * removed and the error is rethrown: a folder with a manifest is always a whole backup.
 */
export async function fazerCopia(opts: {
  databaseUrl: string;
  storage: FileStorage;
  destino: string;
  programas: ProgramasPg;
  log?: (linha: string) => void;
}): Promise<ResultadoDaCopia> {
  const log = opts.log ?? (() => undefined);
  const destino = path.resolve(opts.destino);
  const existentes = await fsp.readdir(destino).catch(() => null);
  if (existentes && existentes.length > 0) {
    throw new RecusaDoComando(`A pasta ${destino} já existe e não está vazia: escolha outra com --destino.`);
  }

  const versaoPgDump = await versaoDoPrograma(opts.programas.pgDump, 'pg_dump');
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  let criouPasta = false;
  try {
    const versaoServidor = await versaoDoServidor(client);
    if (major(versaoPgDump) < major(versaoServidor)) {
      throw new RecusaDoComando(
        `O pg_dump (${opts.programas.pgDump}) é da versão ${versaoPgDump}, mais antiga que a do servidor PostgreSQL (${versaoServidor}); ` +
          `ele não consegue copiar este banco. ${COMO_APONTAR}`,
      );
    }
    // One snapshot for the counts, the last migration and the dump: the manifest describes exactly the dump.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
    const contagens = await contagensDoBanco(client);
    if (!contagens) {
      throw new RecusaDoComando(
        'Este banco não tem as tabelas da loja (nenhuma migração aplicada): confira DATABASE_URL.',
      );
    }
    const migracao = await ultimaMigracao(client);

    await fsp.mkdir(path.join(destino, PASTA_DOS_ARQUIVOS), { recursive: true });
    criouPasta = true;
    log(`Copiando o banco (pg_dump ${versaoPgDump}, servidor ${versaoServidor})…`);
    const { dbname, env } = conexaoLibpq(opts.databaseUrl);
    const dump = contador();
    const r = await executar(
      opts.programas.pgDump,
      ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--dbname=${dbname}`],
      {
        env,
        nome: 'pg_dump',
        saida: (stdout) =>
          pipeline(stdout, dump, fs.createWriteStream(path.join(destino, ARQUIVO_DO_BANCO), { flags: 'wx' })),
      },
    );
    if (r.codigo !== 0) throw new Error(`O pg_dump falhou (código ${r.codigo}):\n${r.stderr.trim()}`);
    await client.query('COMMIT');
    const banco = dump.resultado();

    log('Copiando os arquivos…');
    const arquivos: Manifesto['arquivos'] = [];
    const sumiram: string[] = [];
    const ignorados: string[] = [];
    for await (const { key } of opts.storage.list('')) {
      let alvo: string;
      try {
        alvo = caminhoDoArquivo(destino, key);
      } catch {
        ignorados.push(key);
        continue;
      }
      await fsp.mkdir(path.dirname(alvo), { recursive: true });
      const c = contador();
      try {
        await pipeline(opts.storage.createReadStream(key), c, fs.createWriteStream(alvo, { flags: 'wx' }));
      } catch (err) {
        await fsp.rm(alvo, { force: true });
        // Listed, then deleted before it was read (a picture removed meanwhile): not part of the backup.
        if ((await opts.storage.stat(key)) === null) {
          sumiram.push(key);
          continue;
        }
        throw err;
      }
      arquivos.push({ chave: key, ...c.resultado() });
      if (arquivos.length % 500 === 0) log(`  ${arquivos.length} arquivos…`);
    }

    const manifesto: Manifesto = {
      formato: 1,
      criadaEm: new Date().toISOString(),
      versaoApp: versaoDoApp(),
      banco: {
        tipo: 'postgresql',
        arquivo: ARQUIVO_DO_BANCO,
        ...banco,
        versaoServidor,
        versaoPgDump,
        ultimaMigracao: migracao,
      },
      contagens: { ...contagens, arquivos: arquivos.length },
      arquivos,
    };
    // The manifest last, renamed into place: its presence means the backup is whole.
    const tmp = path.join(destino, `${MANIFESTO}.tmp`);
    await fsp.writeFile(tmp, `${JSON.stringify(manifesto, null, 2)}\n`);
    await fsp.rename(tmp, path.join(destino, MANIFESTO));
    return { pasta: destino, manifesto, sumiram, ignorados };
  } catch (err) {
    if (criouPasta) await fsp.rm(destino, { recursive: true, force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------
// Restore

/** Reads and checks the manifest, then every checksum; refuses (pt-BR) on the first thing that does not match. */
export async function verificarCopia(origem: string): Promise<Manifesto> {
  const pasta = path.resolve(origem);
  let texto: string;
  try {
    texto = await fsp.readFile(path.join(pasta, MANIFESTO), 'utf8');
  } catch {
    throw new RecusaDoComando(
      `${pasta} não é uma cópia completa: falta o ${MANIFESTO} (uma cópia interrompida não tem manifesto).`,
    );
  }
  let manifesto: Manifesto;
  try {
    manifesto = manifestoSchema.parse(JSON.parse(texto));
  } catch {
    throw new RecusaDoComando(`O ${MANIFESTO} de ${pasta} está ilegível ou foi alterado: a cópia não será usada.`);
  }
  const problemas: string[] = [];
  const conferir = async (rotulo: string, caminho: string, esperado: { sha256: string; bytes: number }) => {
    let visto: { sha256: string; bytes: number };
    try {
      visto = await hashDoArquivo(caminho);
    } catch {
      problemas.push(`${rotulo}: não encontrado`);
      return;
    }
    if (visto.bytes !== esperado.bytes || visto.sha256 !== esperado.sha256) {
      problemas.push(`${rotulo}: o conteúdo não confere com o manifesto`);
    }
  };
  await conferir(`o banco (${ARQUIVO_DO_BANCO})`, path.join(pasta, ARQUIVO_DO_BANCO), manifesto.banco);
  for (const arquivo of manifesto.arquivos) {
    let caminho: string;
    try {
      caminho = caminhoDoArquivo(pasta, arquivo.chave);
    } catch {
      problemas.push(`${arquivo.chave}: nome de arquivo inválido`);
      continue;
    }
    await conferir(arquivo.chave, caminho, arquivo);
  }
  if (manifesto.contagens.arquivos !== manifesto.arquivos.length) {
    problemas.push('o número de arquivos não confere com a lista do manifesto');
  }
  if (problemas.length > 0) {
    const mostrados = problemas.slice(0, 10).map((p) => `  - ${p}`);
    if (problemas.length > 10) mostrados.push(`  … e mais ${problemas.length - 10}`);
    throw new RecusaDoComando(
      [
        `A cópia em ${pasta} não confere com o seu manifesto (arquivo corrompido ou alterado); nada foi restaurado:`,
        ...mostrados,
      ].join('\n'),
    );
  }
  return manifesto;
}

/** A failure after the restore began, with the state it left the store in. */
export class RestauracaoIncompleta extends Error {
  override name = 'RestauracaoIncompleta';
}

export interface ResultadoDaRestauracao {
  manifesto: Manifesto;
  pedidos: number;
  pagamentos: number;
  arquivos: number;
  /** Other sessions that were connected to the database during the restore (servers not stopped). */
  outrasConexoes: number;
}

/**
 * Restores the backup in `origem` into the database of `databaseUrl` and the store `storage`. Refuses, before
 * changing anything: a backup whose checksums do not match, a database that already has orders (unless
 * `substituir`), a database migrated past the backup, a pg_restore older than the pg_dump that wrote the dump.
 * Then the files go back (each checked again as it is written), then the database in one transaction.
 */
export async function restaurarCopia(opts: {
  databaseUrl: string;
  storage: FileStorage;
  origem: string;
  substituir: boolean;
  programas: ProgramasPg;
  log?: (linha: string) => void;
}): Promise<ResultadoDaRestauracao> {
  const log = opts.log ?? (() => undefined);
  const pasta = path.resolve(opts.origem);
  log('Conferindo a cópia (SHA-256 do banco e de cada arquivo)…');
  const manifesto = await verificarCopia(pasta);

  const versaoPgRestore = await versaoDoPrograma(opts.programas.pgRestore, 'pg_restore');
  if (major(versaoPgRestore) < major(manifesto.banco.versaoPgDump)) {
    throw new RecusaDoComando(
      `O pg_restore (${opts.programas.pgRestore}) é da versão ${versaoPgRestore}, mais antiga que a do pg_dump que fez a cópia ` +
        `(${manifesto.banco.versaoPgDump}); ele não consegue ler o arquivo. ${COMO_APONTAR}`,
    );
  }

  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const antes = await contagensDoBanco(client);
    if (antes && antes.pedidos > 0 && !opts.substituir) {
      throw new RecusaDoComando(
        `Este banco já tem ${antes.pedidos} pedido(s): a restauração apagaria tudo o que ele tem. ` +
          'Para substituí-lo pela cópia, rode de novo com --substituir; nada foi alterado.',
      );
    }
    const migracaoAtual = await ultimaMigracao(client);
    const migracaoDaCopia = manifesto.banco.ultimaMigracao;
    if (migracaoAtual && (!migracaoDaCopia || migracaoAtual.quando > migracaoDaCopia.quando)) {
      throw new RecusaDoComando(
        `Este banco tem migrações mais novas (${migracaoAtual.tag}) que as da cópia (${migracaoDaCopia?.tag ?? 'nenhuma'}): ` +
          'as tabelas que elas criaram ficariam de fora. Restaure num banco novo (vazio) e aponte DATABASE_URL para ele; nada foi alterado.',
      );
    }
    const { rows: conexoes } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const outrasConexoes = conexoes[0]?.n ?? 0;
    if (outrasConexoes > 0) {
      log(
        `Aviso: há ${outrasConexoes} outra(s) conexão(ões) neste banco. Pare os servidores da loja antes de restaurar; ` +
          'a restauração espera que elas larguem as tabelas.',
      );
    }

    // The files first: until the database is restored, a failure leaves the database as it was.
    log(`Devolvendo ${manifesto.arquivos.length} arquivos ao armazenamento…`);
    let gravados = 0;
    try {
      for (const arquivo of manifesto.arquivos) {
        const c = contador();
        const leitura = pipeline(fs.createReadStream(caminhoDoArquivo(pasta, arquivo.chave)), c);
        try {
          await Promise.all([opts.storage.put(arquivo.chave, c), leitura]);
        } catch (err) {
          c.destroy();
          throw err;
        }
        const visto = c.resultado();
        if (visto.sha256 !== arquivo.sha256 || visto.bytes !== arquivo.bytes) {
          throw new Error(`${arquivo.chave} mudou na pasta da cópia durante a restauração`);
        }
        gravados += 1;
        if (gravados % 500 === 0) log(`  ${gravados} arquivos…`);
      }
    } catch (err) {
      throw new RestauracaoIncompleta(
        `Falha ao devolver os arquivos (${err instanceof Error ? err.message : String(err)}). ` +
          `${gravados} de ${manifesto.arquivos.length} arquivos da cópia já foram gravados no armazenamento ` +
          '(os de mesmo nome foram sobrescritos); o banco NÃO foi alterado. Corrija o problema e rode a restauração de novo.',
        { cause: err },
      );
    }

    log('Restaurando o banco (pg_restore, numa transação só)…');
    const { dbname, env } = conexaoLibpq(opts.databaseUrl);
    const r = await executar(
      opts.programas.pgRestore,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        '--no-password',
        `--dbname=${dbname}`,
        path.join(pasta, ARQUIVO_DO_BANCO),
      ],
      { env, nome: 'pg_restore' },
    );
    if (r.codigo !== 0) {
      throw new RestauracaoIncompleta(
        `O pg_restore falhou (código ${r.codigo}); como ele roda numa transação só, o banco ficou como estava antes. ` +
          `Os ${manifesto.arquivos.length} arquivos da cópia já estão no armazenamento. Corrija o problema e rode a restauração de novo.\n` +
          r.stderr.trim(),
      );
    }

    const depois = await contagensDoBanco(client);
    if (
      !depois ||
      depois.pedidos !== manifesto.contagens.pedidos ||
      depois.pagamentos !== manifesto.contagens.pagamentos
    ) {
      throw new RestauracaoIncompleta(
        `O banco foi restaurado, mas as contagens não conferem com o manifesto (pedidos ${depois?.pedidos ?? '—'} de ` +
          `${manifesto.contagens.pedidos}, pagamentos ${depois?.pagamentos ?? '—'} de ${manifesto.contagens.pagamentos}). ` +
          'Não suba a loja sobre este banco antes de entender a diferença.',
      );
    }
    return { manifesto, ...depois, arquivos: gravados, outrasConexoes };
  } finally {
    await client.end().catch(() => undefined);
  }
}
