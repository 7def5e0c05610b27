/**
 * GET /api/ready, a load balancer's readiness (ADR 040): 200 when the database, the file storage and the migrations
 * are all right; 503 naming what failed (never its cause) otherwise, and never a 500 or a hang: a database cut off
 * behind a TCP proxy (refused, then silent) answers 503 and, once it is back, 200 again. On PGlite (its instance
 * closed under the app) and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { readyApi } from '@clinica/shared/schemas/health';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createTestDatabase } from '../db/test-databases.js';
import type { FileStorage } from '../integrations/files/index.js';
import { createFileStorage } from '../integrations/files/index.js';
import { body, contentOf, createTestApp, testConfig, testDatabaseTargets, type TestApp } from '../test/harness.js';

interface Falha {
  status: string;
  falhou: string[];
  verificacoes: Record<string, string>;
}

describe.each(testDatabaseTargets())('GET /api/ready (ADR 040; %s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.dispose());

  it('tudo certo: 200 com as três verificações', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body(res).message).toBe(MSG_API.servicoPronto);
    expect(contentOf(readyApi.get, res)).toEqual({
      status: 'pronto',
      verificacoes: { banco: 'ok', arquivos: 'ok', migracoes: 'ok' },
    });
  });

  it('o armazenamento de arquivos não responde: 503 dizendo qual, sem o motivo', async () => {
    const local = createFileStorage({ dataDir: t.database.dataDir });
    // The local store whose check fails, as an S3 bucket refusing the store's key would.
    const quebrado: FileStorage = Object.assign(Object.create(local) as FileStorage, {
      check: () => Promise.reject(new Error('s3://chave-secreta@balde: acesso negado')),
    });
    const app = await buildApp({ config: testConfig(t.database.dataDir), database: t.database, storage: quebrado });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe(`${MSG_API.servicoNaoPronto}: ${MSG_API.prontidaoFalha.arquivos}.`);
      expect(body<Falha>(res).content).toEqual({
        status: 'indisponivel',
        falhou: ['arquivos'],
        verificacoes: { banco: 'ok', arquivos: 'falhou', migracoes: 'ok' },
      });
      expect(res.body).not.toContain('chave-secreta');
      // Liveness is not readiness: the process and its database still answer.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('uma migração desta versão ainda não aplicada: 503 nas migrações', async () => {
    const [ultima] = await t.database.raw<{ id: number }>(
      'SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    // The last migration as if it had not run yet (its row older than the build's journal says).
    await t.database.raw('UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = $1', [
      ultima!.id,
    ]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(body<Falha>(res).content.falhou).toEqual(['migracoes']);
      expect(body(res).message).toContain(MSG_API.prontidaoFalha.migracoes);
    } finally {
      await t.database.raw('UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE id = $1', [
        ultima!.id,
      ]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('GET /api/ready com o banco fora do ar (ADR 040)', () => {
  it('pglite: a instância fechada sob o app responde 503, nunca 500', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(database.dataDir), database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(body<Falha>(res).content.falhou).toEqual(['banco', 'migracoes']);
      expect(body(res).message).toContain(MSG_API.prontidaoFalha.banco);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close().catch(() => undefined);
      await database.dispose().catch(() => undefined);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'postgres atrás de um proxy TCP: cortado (recusa, depois silêncio) responde 503; de volta, 200',
    async () => {
      const database = await createTestDatabase('postgres');
      const target = new URL(database.url!);
      const proxy = tcpProxy(target.hostname, Number(target.port || 5432));
      const port = await proxy.listen(0);
      const via = new URL(database.url!);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      const proxied = await openDatabase({ url: via.toString(), poolSize: 4 });
      const app = await buildApp({ config: testConfig(database.dataDir), database: proxied });
      const ready = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/ready' });
        return { status: res.statusCode, falhou: res.statusCode === 503 ? body<Falha>(res).content.falhou : [] };
      };
      /** The pool drops connections it found broken: ask until a fresh one answers (bounded). */
      const untilReady = async () => {
        for (let i = 0; i < 50; i++) {
          const r = await ready();
          if (r.status === 200) return r;
          expect(r.status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return ready();
      };
      try {
        expect(await ready()).toEqual({ status: 200, falhou: [] });

        // Refused: every connection cut, new ones refused.
        await proxy.cut('refuse');
        expect(await ready()).toEqual({ status: 503, falhou: ['banco', 'migracoes'] });
        await proxy.listen(port);
        expect(await untilReady()).toEqual({ status: 200, falhou: [] });

        // Silent: connections accepted and never answered; the check's time limit answers 503.
        await proxy.cut('silence');
        expect(await ready()).toEqual({ status: 503, falhou: ['banco', 'migracoes'] });
        await proxy.cut('refuse');
        await proxy.listen(port);
        expect(await untilReady()).toEqual({ status: 200, falhou: [] });
      } finally {
        await app.close().catch(() => undefined);
        await proxied.close().catch(() => undefined);
        await proxy.close();
        await database.dispose();
      }
    },
    60_000,
  );
});

/** A TCP proxy the test can cut: 'refuse' closes every connection and the listener; 'silence' forwards nothing. */
function tcpProxy(host: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let silent = false;
  let server: net.Server | undefined;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  const destroyAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    listen(port: number): Promise<number> {
      silent = false;
      server = net.createServer((client) => {
        track(client);
        if (silent) return;
        const upstream = net.connect(targetPort, host);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      const s = server;
      return new Promise((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port));
      });
    },
    async cut(mode: 'refuse' | 'silence') {
      destroyAll();
      if (mode === 'silence') {
        silent = true;
        return;
      }
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async close() {
      destroyAll();
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
