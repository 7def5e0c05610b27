/**
 * Several instances of the store on one PostgreSQL database (ADR 042), as real processes over real HTTP and
 * WebSocket, all four started at the same moment on an empty database (each migrates and seeds) with their files in
 * one S3 bucket (ADR 039; s3rver) and each its own DATA_DIR: two full instances
 * A and B (src/server.ts), a web-only one (JOBS_WORKER=false) and a worker-only one (src/worker.ts). What one
 * instance does, the other sees: the files, the realtime notifications, the orders and their payments, each job run
 * exactly once, the catalogue kept by version; and once A and B stop, the web-only and the worker-only instances
 * complete a purchase alone. PostgreSQL only (PGlite belongs to one process): skipped without TEST_DATABASE_URL.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { produtoAdminApi, type ProdutoAdminInput } from '@clinica/shared/schemas/produto-admin';
import { API_ROOT, loadStorageSettings } from './config.js';
import { createFileStorage, initFileStorage } from './integrations/files/index.js';
import { copySeedMedia, createTestDatabase, type TestDatabase } from './db/test-databases.js';
import { DEMO_ACCOUNTS, DEMO_CURSOS } from './db/seed/demo-data.js';
import { EMAIL_JOB } from './integrations/mail/mailer.js';
import { corpoDoPedido, semDescontoPixNemFreteGratis } from './test/checkout-fixtures.js';
import { contentOf } from './test/harness.js';
import { imagemReal } from './test/image-fixtures.js';
import { startS3Server, type S3TestServer } from './test/s3-server.js';
import { freePort, spawnEntry, untilPrinted, type RunningEntry } from './test/processes.js';
import { subscribeWithReceipt, webClient } from './test/stomp-clients.js';

const SEM_POSTGRES =
  'precisa de TEST_DATABASE_URL: várias instâncias dividem um PostgreSQL (o PGlite é de um processo só)';
const JWT_SECRET = 'c'.repeat(64);
const NO_AR = 'Clínica no ar';
const TAREFAS_NO_AR = 'Processo de tarefas no ar';
/** The job worker's name a process prints in its banner (server.ts, worker.ts). */
const trabalhadorDe = (p: RunningEntry) => /trabalhador ([^)]+)\)/.exec(p.stdout())?.[1];

/** A local SMTP server (any login, plain text) that keeps every message it accepts. */
async function servidorSmtp() {
  const recebidos: Array<{ para: string[]; bruto: string }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recebidos.push({
          para: session.envelope.rcptTo.map((r) => r.address),
          bruto: Buffer.concat(partes).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, recebidos, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** An answer over HTTP shaped as contentOf reads it (statusCode, body, json()). */
interface Resposta {
  statusCode: number;
  headers: Headers;
  body: string;
  bytes: Buffer;
  json(): unknown;
}

async function chamar(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Resposta> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const body = bytes.toString('utf8');
  return { statusCode: res.status, headers: res.headers, body, bytes, json: () => JSON.parse(body) as unknown };
}

/** contentOf for an answer over HTTP. */
const conteudo = <E extends Parameters<typeof contentOf>[0]>(endpoint: E, res: Resposta) =>
  contentOf(endpoint, res as unknown as Parameters<typeof contentOf>[1]);

/** Polls `check` until it returns a value other than undefined, or fails with `what` at the deadline. */
async function ate<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Tempo esgotado: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Without TEST_DATABASE_URL the suite is skipped, and its title says why.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  `várias instâncias num PostgreSQL (ADR 042)${process.env.TEST_DATABASE_URL ? '' : `: ${SEM_POSTGRES}`}`,
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-instancias-'));
    const webDist = path.join(dir, 'web');
    let banco: TestDatabase;
    let smtp: Awaited<ReturnType<typeof servidorSmtp>>;
    let s3: S3TestServer;
    const processos: RunningEntry[] = [];
    let comum: Record<string, string>;
    type Instancia = { base: string; processo: RunningEntry };
    /** The two full instances, the web-only one and the worker-only one. */
    let A: Instancia, B: Instancia, web: Instancia, tarefas: Instancia;
    const tokens = { admin: '', cliente: '' };
    let cliente = { idUsuario: 0, idCliente: 0 };

    const sql = <T>(text: string, params?: unknown[]) => banco.raw<T>(text, params);
    /** A statement answering one row with a number `n`. */
    const sqlN = async (text: string, params?: unknown[]): Promise<[{ n: number }]> => {
      const [row] = await sql<{ n: number }>(text, params);
      return [{ n: Number(row!.n) }];
    };

    /** Every instance has its own DATA_DIR and all share the S3 bucket (ADR 039): nothing of the files is local. */
    const arquivos = (nome: string): Record<string, string> => ({ ...s3.env, DATA_DIR: path.join(dir, nome) });

    /**
     * The demo pictures drawn once per machine (as every seeded test database has them) put into the bucket before the
     * start: the seed finds them and draws nothing.
     */
    async function midiaDeDemonstracaoNoBucket(): Promise<void> {
      const local = path.join(dir, 'midia');
      await copySeedMedia(local);
      // Created by four stores at once, as four instances starting together do (the driver's init, ADR 039).
      const [bucket] = await Promise.all(
        [1, 2, 3, 4].map(() => initFileStorage(createFileStorage({ dataDir: local, ...loadStorageSettings(s3.env) }))),
      );
      const raiz = path.join(local, 'files');
      const chaves = (fs.readdirSync(raiz, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(raiz, f)).isFile(),
      );
      await Promise.all(
        chaves.map(async (k) => bucket!.put(k.split(path.sep).join('/'), fs.readFileSync(path.join(raiz, k)))),
      );
    }

    async function iniciar(entry: 'src/server.ts' | 'src/worker.ts', nome: string, env: Record<string, string> = {}) {
      const port = await freePort();
      const processo = spawnEntry(entry, { ...comum, ...arquivos(nome), PORT: String(port), ...env });
      processos.push(processo);
      return { base: `http://127.0.0.1:${port}`, processo };
    }

    beforeAll(async () => {
      fs.mkdirSync(webDist, { recursive: true });
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root">');
      [banco, smtp, s3] = await Promise.all([
        createTestDatabase('postgres', { empty: true }),
        servidorSmtp(),
        startS3Server(),
      ]);
      await midiaDeDemonstracaoNoBucket();
      comum = {
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DEMO_MODE: 'true',
        DATABASE_URL: banco.url!,
        JWT_SECRET,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: smtp.url,
        WEB_DIST: webDist,
        LOGIN_MIN_DELAY_MS: '0',
        RATE_LIMIT_CONTACT_IP: '1000',
      };
      // All four at the same moment on the empty database: migrations and demo data must take turns.
      [A, B, web, tarefas] = await Promise.all([
        iniciar('src/server.ts', 'a'),
        iniciar('src/server.ts', 'b'),
        iniciar('src/server.ts', 'web', { JOBS_WORKER: 'false' }),
        iniciar('src/worker.ts', 'tarefas'),
      ]);
      await Promise.all([
        ...[A, B, web].map((i) => untilPrinted(i.processo, NO_AR)),
        untilPrinted(tarefas.processo, TAREFAS_NO_AR),
      ]);

      await semDescontoPixNemFreteGratis(banco);
      const entrar = async (base: string, email: string, password: string) =>
        conteudo(
          usuarioApi.login,
          await chamar(base, 'POST', '/api/usuario/cliente/auth', { json: { email, password } }),
        );
      tokens.admin = (await entrar(A.base, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).acess_token;
      const login = await entrar(B.base, DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
      tokens.cliente = login.acess_token;
      cliente = { idUsuario: login.idUsuario, idCliente: login.idCliente! };
    }, 180_000);

    afterAll(async () => {
      for (const p of processos) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(processos.map((p) => p.exited));
      await banco?.dispose();
      await smtp?.close();
      await s3?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('as quatro subiram juntas no banco vazio: cada migração e a carga de demonstração uma vez', async () => {
      const [{ n: migracoes }] = await sqlN('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const arquivosMigracao = fs.readdirSync(path.join(API_ROOT, 'drizzle')).filter((f) => f.endsWith('.sql'));
      expect(migracoes).toBe(arquivosMigracao.length);
      const [{ n: gerentes }] = await sqlN('SELECT count(*)::int AS n FROM usuarios WHERE email = $1', [
        DEMO_ACCOUNTS.admin.email,
      ]);
      expect(gerentes).toBe(1);
    });

    it('a imagem enviada pela instância A é servida pela B: os mesmos bytes, os mesmos cabeçalhos', async () => {
      const [produto] = await sql<{ id: number }>(
        'SELECT id FROM produtos WHERE NOT digital AND ativo ORDER BY id LIMIT 1',
      );
      const form = new FormData();
      form.append('imagem', new Blob([await imagemReal('png', { semente: 42 })], { type: 'image/png' }), 'lado.png');
      const enviada = conteudo(
        imagemApi.enviarProduto,
        await chamar(A.base, 'PUT', `/api/produto/create/${produto!.id}/false`, { token: tokens.admin, form }),
      );
      const deA = await chamar(A.base, 'GET', enviada.path);
      const deB = await chamar(B.base, 'GET', enviada.path);
      expect([deA.statusCode, deB.statusCode]).toEqual([200, 200]);
      expect(deA.headers.get('content-type')).toBe('image/webp');
      expect(deB.bytes.equals(deA.bytes)).toBe(true);
      const cabecalhos = (r: Resposta) =>
        Object.fromEntries(
          [...r.headers].filter(([k]) => !['date', 'x-request-id', 'keep-alive', 'connection'].includes(k)),
        );
      expect(cabecalhos(deB)).toEqual(cabecalhos(deA));
    });

    it('pedido criado na A, PIX pago pela B: o cliente ligado à A recebe o aviso, e as duas mostram PAGO', async () => {
      const curso = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;
      const [row] = await sql<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [curso.nome],
      );
      const realtime = webClient(A.base, tokens.cliente);
      try {
        await realtime.connected;
        await subscribeWithReceipt(realtime, cliente.idUsuario);
        const corpo = corpoDoPedido({
          clienteId: cliente.idCliente,
          itens: [{ id: Number(row!.id), preco: Math.round(Number(row!.preco) * 100) }],
          opcao: null,
          pagamento: { tipoPagamento: 'pix' },
        });
        const pedido = conteudo(
          pedidoApi.create,
          await chamar(A.base, 'POST', '/api/pedido/create', {
            token: tokens.cliente,
            json: corpo,
            headers: { 'idempotency-key': `instancias-${process.pid}-1` },
          }),
        );
        expect(pedido.situacaoPedido).not.toBe('PAGO');
        // The same attempt sent again to B (a lost answer, the balancer's other instance): the same order, not a second.
        const deNovo = await chamar(B.base, 'POST', '/api/pedido/create', {
          token: tokens.cliente,
          json: corpo,
          headers: { 'idempotency-key': `instancias-${process.pid}-1` },
        });
        expect(deNovo.headers.get('idempotent-replayed')).toBe('true');
        expect(conteudo(pedidoApi.create, deNovo).id).toBe(pedido.id);
        // The sandbox's bank pays the PIX through B: the store's notice of payment (a webhook's path) arrives at B.
        const pago = await chamar(B.base, 'POST', '/api/sandbox/pix/pagar', { json: { codigo: pedido.pix!.qrCode } });
        expect(pago.statusCode).toBe(200);

        // The creation's own notice (PIX waiting) may come first; then the payment's.
        const aprovado = async () => {
          for (let n = 1; ; n++) {
            const mensagens = await realtime.waitMessages(n);
            const aviso = JSON.parse(mensagens[n - 1]!.body) as { idPedido: number; statusPayment: string };
            if (aviso.statusPayment === 'approved') return aviso;
          }
        };
        expect(await aprovado()).toMatchObject({ idPedido: pedido.id, statusPayment: 'approved' });
        for (const base of [A.base, B.base]) {
          const lido = conteudo(
            pedidoApi.detalhe,
            await chamar(base, 'GET', `/api/pedido/${pedido.id}`, { token: tokens.cliente }),
          );
          expect(lido.situacaoPedido, base).toBe('PAGO');
        }
      } finally {
        await realtime.stop();
      }
    });

    it('com três processos rodando tarefas (A, B e o de tarefas), cada e-mail sai uma vez só', async () => {
      const [{ n: ultima }] = await sqlN('SELECT coalesce(max(id), 0)::int AS n FROM tarefas');
      const N = 12;
      const marcas = Array.from({ length: N }, (_, i) => `marca-instancias-${process.pid}-${i}-fim`);
      await Promise.all(
        marcas.map(async (marca, i) => {
          const res = await chamar(i % 2 ? B.base : A.base, 'POST', '/api/email/emailcontato', {
            json: {
              nome: 'Pessoa de Teste',
              email: 'pessoa@example.com',
              telefone: '(11) 98765-4321',
              assunto: 'outro',
              mensagem: marca,
            },
          });
          expect(res.statusCode, res.body).toBe(200);
        }),
      );
      const linhas = await ate('os e-mails enviados', async () => {
        const rows = await sql<{ status: string; tentativas: number; bloqueada_por: string }>(
          'SELECT status, tentativas, bloqueada_por FROM tarefas WHERE id > $1 AND tipo = $2',
          [ultima, EMAIL_JOB],
        );
        return rows.length >= N && rows.every((r) => r.status === 'CONCLUIDA') ? rows : undefined;
      });
      // Claimed once each (a second claim counts a second attempt), and each message reached the server once.
      expect(linhas.map((t) => t.tentativas)).toEqual(Array(linhas.length).fill(1));
      for (const marca of marcas)
        expect(
          smtp.recebidos.filter((m) => m.bruto.includes(marca)),
          marca,
        ).toHaveLength(1);
    });

    it('as senhas erradas de uma conta contam juntas nas duas instâncias (limites no banco, ADR 003)', async () => {
      const errada = (base: string) =>
        chamar(base, 'POST', '/api/usuario/cliente/auth', {
          json: { email: DEMO_ACCOUNTS.equipe.email, password: 'senha-errada' },
        });
      // RATE_LIMIT_LOGIN_ACCOUNT (5) wrong passwords, spread over A and B: the next one is refused on either.
      for (const base of [A.base, B.base, A.base, B.base, A.base]) expect((await errada(base)).statusCode).toBe(401);
      expect((await errada(B.base)).statusCode).toBe(429);
    });

    it('um produto editado na A aparece na B na leitura seguinte (respostas guardadas pela versão)', async () => {
      const [categoria] = await sql<{ id: number }>('SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1');
      const produto = (nome: string): ProdutoAdminInput => ({
        nome,
        descricao: 'Sugador de saliva descartável, pacote com 40 unidades.',
        preco: 19.9,
        produtoExibidoSite: false,
        categoria: { id: Number(categoria!.id) },
        tempoEstimado: '02:30:00',
        digital: false,
        altura: 10.5,
        peso: 0.25,
        largura: 8,
        comprimento: 20.25,
        brinde: false,
        ativo: true,
        disponivel: true,
        fichaTecnica: [{ descricao: 'Material', valor: 'PVC atóxico' }],
      });
      const { id } = conteudo(
        produtoAdminApi.criar,
        await chamar(A.base, 'POST', '/api/produto/create/', {
          token: tokens.admin,
          json: produto('Sugador multi antes'),
        }),
      );
      const pagina = async () => conteudo(produtoApi.detalhe, await chamar(B.base, 'GET', `/api/produto/${id}`));
      // Read twice on B: the second answer comes from what B keeps for this version.
      expect((await pagina()).nome).toBe('Sugador multi antes');
      expect((await pagina()).nome).toBe('Sugador multi antes');
      const editar = await chamar(A.base, 'PUT', `/api/produto/editar/${id}`, {
        token: tokens.admin,
        json: produto('Sugador multi depois'),
      });
      expect(editar.statusCode).toBe(200);
      expect((await pagina()).nome).toBe('Sugador multi depois');
    });

    it('uma instância só web (JOBS_WORKER=false) e uma só de tarefas (npm run worker) completam uma compra', async () => {
      expect(web.processo.stdout()).toContain('Tarefas em segundo plano: não neste processo (JOBS_WORKER=false).');
      const nomes = [A, B, tarefas].map((i) => trabalhadorDe(i.processo)!);
      expect(new Set(nomes).size).toBe(3);
      // The worker-only process serves nothing.
      expect(
        await fetch(`${tarefas.base}/api/health`).then(
          (r) => r.status,
          () => 'recusada',
        ),
      ).toBe('recusada');
      // The full instances stop (gracefully: code 0); from here only the web-only and the worker-only ones run.
      A.processo.child.kill('SIGTERM');
      B.processo.child.kill('SIGTERM');
      expect(await Promise.all([A.processo.exited, B.processo.exited])).toEqual([0, 0]);
      const [{ n: ultima }] = await sqlN('SELECT coalesce(max(id), 0)::int AS n FROM tarefas');
      const recebidosAntes = smtp.recebidos.length;

      const curso = DEMO_CURSOS.find((c) => c.slug === 'endodontia-rotatoria')!;
      const [row] = await sql<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [curso.nome],
      );
      const corpo = corpoDoPedido({
        clienteId: cliente.idCliente,
        itens: [{ id: Number(row!.id), preco: Math.round(Number(row!.preco) * 100) }],
        opcao: null,
        pagamento: { tipoPagamento: 'pix' },
      });
      const pedido = conteudo(
        pedidoApi.create,
        await chamar(web.base, 'POST', '/api/pedido/create', {
          token: tokens.cliente,
          json: corpo,
          headers: { 'idempotency-key': `instancias-${process.pid}-2` },
        }),
      );
      const pago = await chamar(web.base, 'POST', '/api/sandbox/pix/pagar', { json: { codigo: pedido.pix!.qrCode } });
      expect(pago.statusCode).toBe(200);
      // The payment's notice is applied by a job, so by the worker process: the web instance sees it through the database.
      await ate('o pedido pago', async () => {
        const lido = conteudo(
          pedidoApi.detalhe,
          await chamar(web.base, 'GET', `/api/pedido/${pedido.id}`, { token: tokens.cliente }),
        );
        return lido.situacaoPedido === 'PAGO' ? true : undefined;
      });
      const assunto = `Pagamento aprovado – pedido #${pedido.id}`;
      await ate('o e-mail do pagamento enviado', async () => {
        const [linha] = await sql<{ status: string }>(
          'SELECT status FROM emails_saida WHERE para = $1 AND assunto = $2',
          [DEMO_ACCOUNTS.cliente.email, assunto],
        );
        return linha?.status === 'ENVIADO' ? true : undefined;
      });
      expect(smtp.recebidos.slice(recebidosAntes).some((m) => m.para.includes(DEMO_ACCOUNTS.cliente.email))).toBe(true);

      // The jobs of this purchase (the payment's notice, the e-mail…) were run by the worker-only process, and no job
      // of the whole file was ever claimed by the web-only instance.
      const desta = await sql<{ p: string | null }>(
        'SELECT bloqueada_por AS p FROM tarefas WHERE id > $1 AND bloqueada_por IS NOT NULL',
        [ultima],
      );
      expect(desta.length).toBeGreaterThanOrEqual(2);
      expect(new Set(desta.map((r) => r.p))).toEqual(new Set([nomes[2]]));
      const todas = await sql<{ p: string }>(
        'SELECT DISTINCT bloqueada_por AS p FROM tarefas WHERE bloqueada_por IS NOT NULL',
      );
      expect(todas.map((r) => r.p).filter((p) => !nomes.includes(p))).toEqual([]);

      web.processo.child.kill('SIGTERM');
      tarefas.processo.child.kill('SIGTERM');
      expect(await Promise.all([web.processo.exited, tarefas.processo.exited])).toEqual([0, 0]);
    }, 120_000);
  },
);
