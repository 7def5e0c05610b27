/**
 * `npm run backup` and `npm run restore` run for real (their entries, src/cli/backup.ts and src/cli/restore.ts,
 * through tsx as server-modes.test.ts runs the server) against a new PostgreSQL database (ADR 041): a store with a
 * paid order and an uploaded picture is copied, its database dropped and its files deleted, and the copy brings back
 * the same orders, payments and bytes. A tampered copy and a restore over a store with orders are refused. Needs
 * TEST_DATABASE_URL (pg_dump and pg_restore talk to a real server); without it only the PGlite refusal runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { API_ROOT, loadStorageSettings } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../db/seed/demo-data.js';
import { createTestDatabase, type TestDatabase } from '../db/test-databases.js';
import { createFileStorage, keyForPublicUrl, type FileStorage } from '../integrations/files/index.js';
import { corpoDoPedido, cotarFrete, semDescontoPixNemFreteGratis, tokenDeCartao } from '../test/checkout-fixtures.js';
import { bearer, contentOf, createTestApp, type TestApp } from '../test/harness.js';
import { imagemReal, multipart } from '../test/image-fixtures.js';
import { childEnv, TSX } from '../test/processes.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { abrirArmazenamento, fecharArmazenamento } from './armazenamento.js';
import {
  fazerCopia,
  MANIFESTO,
  programasPg,
  restaurarCopia,
  RestauracaoIncompleta,
  type Manifesto,
} from './copia-de-seguranca.js';
import { RecusaDoComando } from './criar-gerente.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `src/cli/<comando>.ts` with `args` and `env` (nothing else of the server's settings). */
function rodar(comando: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(TSX, ['--conditions=source', `src/cli/${comando}.ts`, ...args], {
    cwd: API_ROOT,
    env: childEnv(env, { dropPrefix: 'PG_' }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run backup numa loja em PGlite', () => {
  it('recusa com código 1 e diz, em pt-BR, como copiar a pasta DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-pglite-'));
    try {
      const run = await rodar('backup', [], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cópia não feita. DATABASE_URL não está definida');
      expect(run.stderr).toContain('copie a pasta DATA_DIR');
      expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const titulo = ADMIN_URL
  ? 'npm run backup e npm run restore: a cópia volta inteira (PostgreSQL)'
  : 'npm run backup e npm run restore (pulado: defina TEST_DATABASE_URL; pg_dump e pg_restore precisam de um PostgreSQL)';

describe.skipIf(!ADMIN_URL)(titulo, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-'));
  const copia = path.join(tmp, 'copia');
  let database: TestDatabase;
  let t: TestApp | undefined;
  let url: string;
  let dbName: string;
  let where: Record<string, string>;
  /** The store as the backup saw it. */
  let pedidoPago: number;
  let imagemUrl: string;
  let imagemBytes: Buffer;
  let antes: { pedidos: unknown[]; pagamentos: unknown[] };

  const linhas = async (db: Pick<Database, 'raw'>) => ({
    pedidos: await db.raw('SELECT id, cliente_id, situacao, valor_total::text AS valor_total FROM pedidos ORDER BY id'),
    pagamentos: await db.raw('SELECT id, pedido_id, tipo, status, valor::text AS valor FROM pagamentos ORDER BY id'),
  });

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seed: true });
    url = database.url!;
    dbName = new URL(url).pathname.slice(1);
    where = { DATABASE_URL: url, DATA_DIR: database.dataDir };
    t = await createTestApp({ kind: 'postgres', database });
    await semDescontoPixNemFreteGratis(database);

    // A purchase: Maria pays the mirror by card through the API (the offline sandbox approves 'APRO').
    const [maria] = await database.raw<{ id: number; cliente: number }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [DEMO_ACCOUNTS.cliente.email],
    );
    const espelho = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
    const [produto] = await database.raw<{ id: number; preco: string }>(
      'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
      [espelho.nome],
    );
    const item = { id: Number(produto!.id), preco: Math.round(Number(produto!.preco) * 100) };
    const token = await t.issueToken({
      id: Number(maria!.id),
      idCliente: Number(maria!.cliente),
      permissao: 'CLIENTE',
    });
    const cartao = await tokenDeCartao(t.app, 'APRO');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': `backup-${process.pid}-${Date.now()}` },
      payload: corpoDoPedido({
        clienteId: Number(maria!.cliente),
        itens: [item],
        opcao: await cotarFrete(t.app, [{ id: item.id, quantidade: 1 }]),
        pagamento: { tipoPagamento: 'credit', token: cartao.id },
      }),
    });
    const pedido = contentOf(pedidoApi.create, res);
    expect(pedido.situacaoPedido).toBe('PAGO');
    pedidoPago = pedido.id;

    // An upload: a picture for a new product, through the back-office route.
    const gerente = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const [categoria] = await database.raw<{ id: number }>(
      'SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1',
    );
    const novo = contentOf(
      produtoAdminApi.criar,
      await t.app.inject({
        method: 'POST',
        url: '/api/produto/create/',
        headers: bearer(gerente),
        payload: {
          nome: 'Kit da cópia de segurança',
          descricao: 'Produto com imagem.',
          preco: 10,
          categoria: { id: Number(categoria!.id) },
        },
      }),
    );
    const form = multipart({ imagem: { nome: 'kit.png', dados: await imagemReal('png', { semente: 41 }) } });
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/produto/create/${novo.id}/false`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(gerente) },
    });
    expect(up.statusCode).toBe(201);
    const [imagem] = await database.raw<{ path: string }>(
      'SELECT path FROM produto_imagens WHERE produto_id = $1 ORDER BY id DESC LIMIT 1',
      [novo.id],
    );
    imagemUrl = imagem!.path;
    const res2 = await t.app.inject({ method: 'GET', url: imagemUrl });
    expect(res2.statusCode).toBe(200);
    imagemBytes = res2.rawPayload;
    antes = await linhas(database);
  }, 120_000);

  afterAll(async () => {
    await t?.app.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (dbName) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    if (database) fs.rmSync(database.dataDir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a cópia, a recusa de uma cópia alterada e a de um banco com pedidos, e a volta depois de perder tudo', async () => {
    // 1. The backup, as its own process.
    const backup = await rodar('backup', ['--destino', copia], where);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Cópia concluída.');
    const manifesto = JSON.parse(fs.readFileSync(path.join(copia, MANIFESTO), 'utf8')) as Manifesto;
    expect(manifesto.contagens.pedidos).toBe(antes.pedidos.length);
    expect(manifesto.contagens.pagamentos).toBe(antes.pagamentos.length);
    expect(manifesto.banco.ultimaMigracao?.tag).toMatch(/^\d{4}_/);
    const chaveDaImagem = keyForPublicUrl(imagemUrl)!;
    const naCopia = manifesto.arquivos.find((a) => a.chave === chaveDaImagem);
    expect(naCopia?.bytes).toBe(imagemBytes.length);
    const storage = createFileStorage({ dataDir: database.dataDir });
    const armazenadas: string[] = [];
    for await (const { key } of storage.list('')) armazenadas.push(key);
    expect(manifesto.arquivos.map((a) => a.chave)).toEqual(armazenadas);

    // 2. A tampered copy (one byte of the picture changed) is refused before anything is touched (in this
    // process: the commands print the refusal's message and exit with 1, as the PGlite case above shows).
    const alterada = path.join(tmp, 'alterada');
    fs.cpSync(copia, alterada, { recursive: true });
    const arquivoAlterado = path.join(alterada, 'arquivos', ...chaveDaImagem.split('/'));
    const bytes = fs.readFileSync(arquivoAlterado);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(arquivoAlterado, bytes);
    const restaurar = (origem: string, substituir: boolean, programas = programasPg({})) =>
      restaurarCopia({ databaseUrl: url, storage, origem, substituir, programas });
    const recusa = await restaurar(alterada, true).catch((err: unknown) => err);
    expect(recusa).toBeInstanceOf(RecusaDoComando);
    expect((recusa as Error).message).toContain(
      `nada foi restaurado:\n  - ${chaveDaImagem}: o conteúdo não confere com o manifesto`,
    );

    // 3. Over a store that has orders, only with --substituir; nothing changed by the refusals.
    await expect(restaurar(copia, false)).rejects.toThrow(
      `Este banco já tem ${antes.pedidos.length} pedido(s): a restauração apagaria tudo o que ele tem. Para substituí-lo pela cópia, rode de novo com --substituir; nada foi alterado.`,
    );
    expect(await linhas(database)).toEqual(antes);

    // 4. A pg_restore older than the copy's pg_dump, or none at all, says what to install or point at.
    const antigo = path.join(tmp, 'pg_restore_antigo');
    fs.writeFileSync(antigo, '#!/bin/sh\necho "pg_restore (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    await expect(restaurar(copia, true, programasPg({ PG_RESTORE: antigo }))).rejects.toThrow(
      /O pg_restore .* é da versão 9\.6, mais antiga que a do pg_dump que fez a cópia/,
    );
    await expect(restaurar(copia, true, programasPg({ PG_BIN_DIR: path.join(tmp, 'nao-existe') }))).rejects.toThrow(
      `O programa pg_restore não foi encontrado (${path.join(tmp, 'nao-existe', 'pg_restore')})`,
    );
    expect(await linhas(database)).toEqual(antes);

    // 5. Everything lost: the database dropped (a new empty one in its place) and the files deleted.
    await t!.app.close();
    t = undefined;
    await database.close();
    await admin(`DROP DATABASE "${dbName}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${dbName}"`);
    fs.rmSync(path.join(database.dataDir, 'files'), { recursive: true, force: true });

    const restore = await rodar('restore', ['--origem', copia], where);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restauração concluída.');
    expect(restore.stdout).toContain(`Pedidos: ${antes.pedidos.length}; pagamentos: ${antes.pagamentos.length}`);

    // 6. The store reopened: the same orders and payments, the paid order still paid, the picture's bytes served.
    const reaberto = await openDatabase({ url, poolSize: 2 });
    try {
      expect(await linhas(reaberto)).toEqual(antes);
      const [pago] = await reaberto.raw<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [
        pedidoPago,
      ]);
      expect(pago?.situacao).toBe('PAGO');
      const app = await createTestApp({
        kind: 'postgres',
        database: { ...reaberto, dataDir: database.dataDir, dispose: async () => undefined },
      });
      try {
        const servida = await app.app.inject({ method: 'GET', url: imagemUrl });
        expect(servida.statusCode).toBe(200);
        expect(Buffer.compare(servida.rawPayload, imagemBytes)).toBe(0);
      } finally {
        await app.app.close();
      }
      // A database migrated past the copy (the store upgraded since) is refused even with --substituir: the tables
      // of the newer migrations would be left behind.
      await reaberto.raw('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        'migracao-de-teste',
        manifesto.banco.ultimaMigracao!.quando + 1,
      ]);
      await expect(
        restaurarCopia({ databaseUrl: url, storage, origem: copia, substituir: true, programas: programasPg({}) }),
      ).rejects.toThrow('Este banco tem migrações mais novas');
    } finally {
      await reaberto.close();
    }
  }, 120_000);

  it('sem pg_dump, ou com um mais antigo que o servidor, diz em pt-BR o que instalar ou apontar', async () => {
    const copiar = (destino: string, programas: ReturnType<typeof programasPg>) =>
      fazerCopia({ databaseUrl: url, storage: createFileStorage({ dataDir: database.dataDir }), destino, programas });
    await expect(
      copiar(path.join(tmp, 'sem-pg-dump'), programasPg({ PG_DUMP: path.join(tmp, 'nao-existe') })),
    ).rejects.toThrow(/O programa pg_dump não foi encontrado .*PG_BIN_DIR/);
    const antigo = path.join(tmp, 'pg_dump_antigo');
    fs.writeFileSync(antigo, '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    await expect(copiar(path.join(tmp, 'pg-dump-velho'), programasPg({ PG_DUMP: antigo }))).rejects.toThrow(
      /O pg_dump .* é da versão 9\.6, mais antiga que a do servidor PostgreSQL \(\d+\.\d+\)/,
    );
    expect(fs.existsSync(path.join(tmp, 'pg-dump-velho'))).toBe(false);
    // A destination that already holds something is refused before any work.
    await expect(copiar(copia, programasPg({}))).rejects.toThrow('já existe e não está vazia');
  });

  it('uma falha no meio diz em que estado a loja ficou: arquivos gravados e o banco intacto (uma transação só)', async () => {
    const db = await openDatabase({ url, poolSize: 2 });
    try {
      // The database as the first case left it, less its fake newer migration; then a change the backup lacks.
      await db.raw('DELETE FROM drizzle.__drizzle_migrations WHERE hash = $1', ['migracao-de-teste']);
      await db.raw('UPDATE regras_comerciais SET pix_desconto_centesimos = 777');
      const total = (JSON.parse(fs.readFileSync(path.join(copia, MANIFESTO), 'utf8')) as Manifesto).arquivos.length;

      // The store refuses a write after the first file (a full disk).
      const real = createFileStorage({ dataDir: database.dataDir });
      let gravados = 0;
      const cheio: FileStorage = {
        put: async (key, data, contentType) => {
          if (gravados >= 1) throw new Error('disco cheio (teste)');
          gravados += 1;
          return real.put(key, data, contentType);
        },
        createReadStream: (key, range) => real.createReadStream(key, range),
        stat: (key) => real.stat(key),
        delete: (key) => real.delete(key),
        list: (prefix) => real.list(prefix),
        check: () => real.check(),
      };
      /** The restore's failure (none: the test fails). */
      const restaurar = async (storage: FileStorage): Promise<Error> => {
        try {
          await restaurarCopia({
            databaseUrl: url,
            storage,
            origem: copia,
            substituir: true,
            programas: programasPg({}),
          });
        } catch (err) {
          return err as Error;
        }
        throw new Error('a restauração devia ter falhado');
      };
      const arquivos = await restaurar(cheio);
      expect(arquivos).toBeInstanceOf(RestauracaoIncompleta);
      expect(arquivos.message).toContain('disco cheio (teste)');
      expect(arquivos.message).toContain(`1 de ${total} arquivos da cópia já foram gravados`);
      expect(arquivos.message).toContain('o banco NÃO foi alterado');

      // pg_restore fails half-way (a view of this database depends on a table it must drop): all of it rolled back.
      await db.raw('CREATE VIEW pedidos_de_teste AS SELECT id FROM pedidos');
      const banco = await restaurar(real);
      expect(banco).toBeInstanceOf(RestauracaoIncompleta);
      expect(banco.message).toContain('o banco ficou como estava antes');
      expect(banco.message).toContain(`Os ${total} arquivos da cópia já estão no armazenamento`);
      expect(banco.message).toContain('pedidos_de_teste');
      const [regras] = await db.raw<{ n: number }>('SELECT pix_desconto_centesimos AS n FROM regras_comerciais');
      expect(Number(regras!.n)).toBe(777);
      expect(await linhas(db)).toEqual(antes);
      await db.raw('DROP VIEW pedidos_de_teste');
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe.skipIf(!ADMIN_URL)(
  ADMIN_URL
    ? 'npm run backup e a restauração com os arquivos num bucket S3 (STORAGE=s3, ADR 039)'
    : 'npm run backup com S3 (pulado: defina TEST_DATABASE_URL)',
  () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-s3-'));
    let s3: S3TestServer;
    let database: TestDatabase;

    beforeAll(async () => {
      s3 = await startS3Server();
      database = await createTestDatabase('postgres', { seed: true });
    }, 120_000);
    afterAll(async () => {
      await database?.dispose();
      await s3?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('copia os objetos do bucket pela interface de arquivos e os devolve a um bucket vazio, byte a byte', async () => {
      // A picture uploaded through the API into the bucket.
      const t = await createTestApp({ kind: 'postgres', database, config: loadStorageSettings(s3.env) });
      let imagemUrl: string;
      let imagemBytes: Buffer;
      try {
        const gerente = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
        const [produto] = await database.raw<{ id: number }>('SELECT id FROM produtos WHERE NOT digital LIMIT 1');
        const form = multipart({ imagem: { nome: 'kit.png', dados: await imagemReal('png', { semente: 43 }) } });
        const up = await t.app.inject({
          method: 'PUT',
          url: `/api/produto/create/${produto!.id}/false`,
          payload: form.payload,
          headers: { ...form.headers, ...bearer(gerente) },
        });
        expect(up.statusCode).toBe(201);
        const [imagem] = await database.raw<{ path: string }>(
          'SELECT path FROM produto_imagens WHERE produto_id = $1 ORDER BY id DESC LIMIT 1',
          [produto!.id],
        );
        imagemUrl = imagem!.path;
        imagemBytes = (await t.app.inject({ method: 'GET', url: imagemUrl })).rawPayload;
      } finally {
        await t.app.close();
      }

      const copia = path.join(tmp, 'copia');
      const backup = await rodar('backup', ['--destino', copia], {
        DATABASE_URL: database.url!,
        DATA_DIR: database.dataDir,
        ...s3.env,
      });
      expect(backup.code, backup.stderr).toBe(0);
      const manifesto = JSON.parse(fs.readFileSync(path.join(copia, MANIFESTO), 'utf8')) as Manifesto;
      const chave = keyForPublicUrl(imagemUrl)!;
      // The bucket's objects, not the local folder's (which holds the demo media the test database copied there).
      const bucket = await abrirArmazenamento(database.dataDir, s3.env);
      const noBucket: string[] = [];
      for await (const { key } of bucket.list('')) noBucket.push(key);
      expect(manifesto.arquivos.map((a) => a.chave)).toEqual(noBucket);
      expect(noBucket).toContain(chave);

      // The bucket emptied; the restore (over the same database: --substituir) puts the objects back.
      for (const key of noBucket) await bucket.delete(key);
      expect(await bucket.stat(chave)).toBeNull();
      const r = await restaurarCopia({
        databaseUrl: database.url!,
        storage: bucket,
        origem: copia,
        substituir: true,
        programas: programasPg({}),
      });
      expect(r.arquivos).toBe(noBucket.length);
      const lidos: Buffer[] = [];
      for await (const chunk of bucket.createReadStream(chave)) lidos.push(chunk as Buffer);
      expect(Buffer.compare(Buffer.concat(lidos), imagemBytes)).toBe(0);
      await fecharArmazenamento(bucket);
    }, 120_000);
  },
);
