import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseTargets } from '../../db/test-databases.js';
import { ok } from '../../lib/envelope.js';
import { createJobQueue, createJobWorker } from '../../lib/jobs/index.js';
import { emailsSaida } from '../../modules/email/email.table.js';
import { tarefas } from '../../modules/tarefa/tarefa.table.js';
import { createTestApp } from '../../test/harness.js';
import { createMailer, emailJobHandlers } from './mailer.js';
import { createSmtpTransport, LOGO_PATH } from './smtp-transport.js';
import { codigoEmail, LOGO_CID } from './templates.js';

const FROM = '"Clínica Sorriso Pleno" <nao-responda@sorrisopleno.com.br>';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on 127.0.0.1 (random port, plain text, any login
 * accepted) that refuses messages with 451 or 550 until told to accept them.
 */
async function startSmtpServer() {
  const state = { mode: 'recusar-451' as 'recusar-451' | 'recusar-550' | 'aceitar', received: [] as Received[] };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.mode === 'recusar-451') {
          return callback(Object.assign(new Error('Caixa postal temporariamente indisponível'), { responseCode: 451 }));
        }
        if (state.mode === 'recusar-550') {
          return callback(Object.assign(new Error('Destinatário recusado pela política'), { responseCode: 550 }));
        }
        const { mailFrom, rcptTo } = session.envelope;
        state.received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://clinica:s3nha-smtp@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Reading the raw message (RFC 5322 + MIME) without a parser dependency.

const utf8FromBinary = (binary: string) => Buffer.from(binary, 'latin1').toString('utf8');
const decodeQuotedPrintable = (text: string) =>
  utf8FromBinary(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

interface MimePart {
  headers: string;
  body: string;
}

function parseMessage(raw: string) {
  const split = (chunk: string): MimePart => {
    const at = chunk.indexOf('\r\n\r\n');
    return {
      headers: (at < 0 ? chunk : chunk.slice(0, at)).replace(/\r\n[ \t]+/g, ' '),
      body: at < 0 ? '' : chunk.slice(at + 4),
    };
  };
  const top = split(raw);
  const header = (name: string, headers = top.headers) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(headers)?.[1]?.trim();
  const parts = raw
    .split(/\r\n--[^\r\n]+\r\n/)
    .slice(1)
    .map(split);
  const part = (contentType: string) => parts.find((p) => header('Content-Type', p.headers)?.startsWith(contentType));
  const decodeBody = (p: MimePart) => {
    const encoding = header('Content-Transfer-Encoding', p.headers)?.toLowerCase();
    const body = p.body.replace(/\r\n--[^\r\n]*--\s*$/, '');
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
    return Buffer.from(body, 'utf8');
  };
  return { header: (name: string) => decodeHeader(header(name) ?? ''), part, decodeBody, partHeader: header };
}

describe.each(testDatabaseTargets())('e-mail por SMTP (%s)', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  beforeEach(() => {
    smtp.state.received.length = 0;
  });

  it('servidor recusando: a requisição dá certo, a tarefa guarda o erro e repete; aceito, a mensagem chega com o logo', async () => {
    const message = {
      para: 'julia@exemplo.com.br',
      ...codigoEmail({ nome: 'Júlia', codigo: '314159', finalidade: 'RECUPERACAO_ACESSO', validadeMinutos: 15 }),
    };
    const t = await createTestApp({
      kind,
      config: { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url },
      jobWorker: { backoff: { initialSeconds: 0.05, maxSeconds: 0.05 } },
      extraRoutes: (api) => {
        api.post('/teste/recuperacao', { config: { access: 'public' } }, async () => {
          await api.mailer.enviar(message);
          return ok(null, 'Enviamos um código para o seu e-mail.');
        });
      },
    });
    try {
      smtp.state.mode = 'recusar-451';
      const res = await t.app.inject({ method: 'POST', url: '/api/teste/recuperacao' });
      expect(res.statusCode).toBe(200);

      expect(await t.app.jobWorker.runOnce()).toBe(1);
      const [failed] = await t.database.db.select().from(emailsSaida);
      expect(failed).toMatchObject({ status: 'PENDENTE', tentativas: 1, enviadoEm: null });
      expect(failed?.ultimoErro).toMatch(/451/);
      expect(failed?.ultimoErro).toContain('Caixa postal temporariamente indisponível');
      expect(failed?.ultimoErro).not.toContain('s3nha-smtp');
      // Not delivered yet: the body stays for the next attempt.
      expect(failed?.texto).toContain('314159');
      const [job] = await t.database.db.select().from(tarefas);
      expect(job).toMatchObject({ status: 'PENDENTE', tentativas: 1, ultimoErro: failed?.ultimoErro });
      expect(smtp.state.received).toHaveLength(0);

      smtp.state.mode = 'aceitar';
      await sleep(100); // the 50 ms backoff
      expect(await t.app.jobWorker.runOnce()).toBe(1);
      const [sent] = await t.database.db.select().from(emailsSaida);
      expect(sent).toMatchObject({ status: 'ENVIADO', tentativas: 2 });
      expect(sent?.enviadoEm).toBeInstanceOf(Date);
      // Delivered: recipient, subject and status stay; the body (and the code in it) is gone (ADR 007).
      expect(sent).toMatchObject({ para: message.para, assunto: message.assunto, texto: '', html: null });
      const dump = await t.database.raw<{ linha: string }>(
        `SELECT row_to_json(e)::text AS linha FROM emails_saida e
         UNION ALL SELECT row_to_json(t)::text FROM tarefas t`,
      );
      expect(dump).toHaveLength(2);
      expect(dump.map((r) => r.linha).join('\n')).not.toContain('314159');
      expect((await t.database.db.select().from(tarefas))[0]?.status).toBe('CONCLUIDA');

      expect(smtp.state.received).toHaveLength(1);
      const received = smtp.state.received[0]!;
      expect(received.to).toEqual(['julia@exemplo.com.br']);
      expect(received.from).toBe('nao-responda@sorrisopleno.com.br');

      const mail = parseMessage(received.raw);
      expect(mail.header('Subject')).toBe('Seu código para redefinir a senha');
      expect(mail.header('To')).toBe('julia@exemplo.com.br');
      // The display name travels as an RFC 2047 encoded word (which replaces the quotes).
      expect(mail.header('From')).toBe('Clínica Sorriso Pleno <nao-responda@sorrisopleno.com.br>');

      const text = mail.part('text/plain');
      expect(text).toBeDefined();
      const texto = mail.decodeBody(text!).toString('utf8');
      expect(texto).toContain('Olá, Júlia!');
      expect(texto).toContain('314159');
      expect(texto).toContain('Clínica Odontológica Sorriso Pleno');

      const html = mail.decodeBody(mail.part('text/html')!).toString('utf8');
      expect(html).toContain(`src="cid:${LOGO_CID}"`);

      const logo = mail.part('image/png');
      expect(logo).toBeDefined();
      expect(mail.partHeader('Content-ID', logo!.headers)).toBe(`<${LOGO_CID}>`);
      expect(mail.partHeader('Content-Disposition', logo!.headers)).toMatch(/^inline/);
      expect(mail.decodeBody(logo!).equals(fs.readFileSync(LOGO_PATH))).toBe(true);
    } finally {
      await t.dispose();
    }
  });

  it('cabeçalhos extras (List-Unsubscribe de um e-mail de ofertas, ADR 034) ficam na caixa de saída e chegam ao servidor', async () => {
    const url = 'https://loja.exemplo.com.br/api/email/descadastrar?token=3.abc';
    const t = await createTestApp({
      kind,
      config: { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url },
      extraRoutes: (api) => {
        api.post('/teste/oferta', { config: { access: 'public' } }, async () => {
          await api.mailer.enviar({
            para: 'julia@exemplo.com.br',
            assunto: 'Oferta',
            texto: 'Texto',
            html: '',
            cabecalhos: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          });
          return ok(null);
        });
      },
    });
    try {
      smtp.state.mode = 'aceitar';
      const antes = smtp.state.received.length;
      expect((await t.app.inject({ method: 'POST', url: '/api/teste/oferta' })).statusCode).toBe(200);
      const [guardado] = await t.database.db.select().from(emailsSaida);
      expect(guardado?.cabecalhos).toEqual({
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(await t.app.jobWorker.runOnce()).toBe(1);
      const mail = parseMessage(smtp.state.received[antes]!.raw);
      expect(mail.header('List-Unsubscribe')).toBe(`<${url}>`);
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    } finally {
      await t.dispose();
    }
  });

  it('servidor que sempre recusa: o e-mail e a tarefa terminam FALHOU, com o erro guardado', async () => {
    const database = await createTestDatabase(kind);
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });
    try {
      smtp.state.mode = 'recusar-550';
      const jobs = createJobQueue(database.db);
      const mailer = createMailer({ db: database.db, jobs, maxAttempts: 3 });
      const worker = createJobWorker({
        db: database.db,
        handlers: {},
        batchHandlers: emailJobHandlers(transport, database.db),
        backoff: { initialSeconds: 0.02, maxSeconds: 0.02 },
      });
      await mailer.enviar({ para: 'ninguem@exemplo.com.br', assunto: 'Teste', texto: 'Olá', html: '<p>Olá</p>' });
      let runs = 0;
      for (let i = 0; i < 100 && (await database.db.select().from(tarefas))[0]?.status !== 'FALHOU'; i++) {
        runs += await worker.runOnce();
        await sleep(25);
      }
      expect(runs).toBe(3);
      const [email] = await database.db.select().from(emailsSaida);
      expect(email).toMatchObject({ status: 'FALHOU', tentativas: 3, enviadoEm: null });
      expect(email?.ultimoErro).toMatch(/550/);
      expect(email?.ultimoErro).toContain('Destinatário recusado pela política');
      const [job] = await database.db.select().from(tarefas);
      expect(job).toMatchObject({ status: 'FALHOU', tentativas: 3, ultimoErro: email?.ultimoErro });
      expect(smtp.state.received).toHaveLength(0);
    } finally {
      await transport.close?.();
      await database.dispose();
    }
  });

  it('servidor fora do ar: a entrega falha logo e o erro fica registrado', async () => {
    const database = await createTestDatabase(kind);
    const down = await startSmtpServer();
    await down.close(); // a port where nobody listens any more
    const transport = createSmtpTransport({ url: down.url, from: FROM });
    try {
      const jobs = createJobQueue(database.db);
      const mailer = createMailer({ db: database.db, jobs, maxAttempts: 1 });
      const worker = createJobWorker({
        db: database.db,
        handlers: {},
        batchHandlers: emailJobHandlers(transport, database.db),
      });
      await mailer.enviar({ para: 'alguem@exemplo.com.br', assunto: 'Teste', texto: 'Olá', html: '' });
      expect(await worker.runOnce()).toBe(1);
      const [email] = await database.db.select().from(emailsSaida);
      expect(email?.status).toBe('FALHOU');
      // Failing fast means failing on the refused connection, not after a timeout.
      expect(email?.ultimoErro).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(email?.ultimoErro).not.toMatch(/timeout|ETIMEDOUT/i);
      expect(email?.ultimoErro).not.toContain('s3nha-smtp');
    } finally {
      await transport.close?.();
      await database.dispose();
    }
  });
});

describe('configuração do SMTP', () => {
  it('MAIL_TRANSPORT=smtp sem SMTP_URL: o app não sobe e diz o que falta', async () => {
    await expect(createTestApp({ kind: 'pglite', config: { MAIL_TRANSPORT: 'smtp' } })).rejects.toThrow(
      /MAIL_TRANSPORT=smtp exige SMTP_URL/,
    );
  });
});
