import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { emailApi } from '@clinica/shared/schemas/email';
import { sandboxApi } from '@clinica/shared/schemas/sandbox';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const MENSAGEM = {
  nome: 'Rafael Tavares',
  email: 'rafael.tavares@exemplo.com.br',
  telefone: '(11) 3456-7890',
  assunto: 'agendamento',
  mensagem: 'Olá! Gostaria de agendar uma avaliação para a minha filha de 6 anos.\nPode ser no sábado?',
};

describe.each(testDatabaseTargets())('formulário de contato (%s)', (kind) => {
  let t: TestApp;
  let clinica: string;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, config: { RATE_LIMIT_CONTACT_IP: 3 } });
    const [row] = await t.database.raw<{ email: string }>('SELECT email FROM empresa LIMIT 1');
    clinica = row!.email;
  });
  afterAll(() => t?.dispose());

  const send = (payload: object, remoteAddress = '10.70.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/email/emailcontato', payload, remoteAddress });

  it('guarda a mensagem e a envia ao e-mail da clínica, com quem escreveu como Reply-To', async () => {
    const res = await send(MENSAGEM);
    expect(contentOf(emailApi.contato, res)).toBeNull();
    expect(body(res).message).toBe(MSG.mensagemEnviada);
    const [stored] = await t.database.raw<Record<string, string>>(
      'SELECT nome, email, telefone, assunto, mensagem FROM mensagens_contato ORDER BY id DESC LIMIT 1',
    );
    expect(stored).toEqual({
      nome: 'Rafael Tavares',
      email: 'rafael.tavares@exemplo.com.br',
      telefone: '1134567890',
      assunto: 'agendamento',
      mensagem: MENSAGEM.mensagem,
    });
    const mailbox = contentOf(
      sandboxApi.emails,
      await t.app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${clinica}` }),
    );
    expect(mailbox[0]?.assunto).toBe('Contato pelo site: Agendamento — Rafael Tavares');
    expect(mailbox[0]?.texto).toContain('(11) 3456-7890');
    expect(mailbox[0]?.texto).toContain('Pode ser no sábado?');
    const [outbox] = await t.database.raw<{ responder_para: string }>(
      'SELECT responder_para FROM emails_saida ORDER BY id DESC LIMIT 1',
    );
    expect(outbox?.responder_para).toBe('rafael.tavares@exemplo.com.br');
  });

  it('HTML na mensagem chega escapado no e-mail, nunca como marcação', async () => {
    await send({ ...MENSAGEM, mensagem: '<img src=x onerror=alert(1)> <b>oi</b>' }, '10.70.0.2');
    const [outbox] = await t.database.raw<{ html: string }>('SELECT html FROM emails_saida ORDER BY id DESC LIMIT 1');
    expect(outbox?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(outbox?.html).not.toContain('<img src=x');
  });

  it('todos os campos são obrigatórios, cada um com a sua mensagem; nada é guardado', async () => {
    const before = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM mensagens_contato');
    const res = await send(
      { nome: '', email: 'sem-arroba', telefone: '123', assunto: 'spam', mensagem: '  ' },
      '10.70.0.3',
    );
    expect(res.statusCode).toBe(400);
    const errors = body<{ errors: unknown[] }>(res).content.errors;
    for (const expected of [
      { campo: 'nome', mensagem: MSG.min3 },
      { campo: 'email', mensagem: MSG.email },
      { campo: 'telefone', mensagem: MSG.telefone },
      { campo: 'assunto', mensagem: MSG.selecioneAssunto },
      { campo: 'mensagem', mensagem: MSG.mensagemVazia },
    ]) {
      expect(errors).toContainEqual(expected);
    }
    const after = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM mensagens_contato');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limitado por IP (envia e-mail): passado o limite por hora, 429', async () => {
    for (let i = 0; i < 3; i++) expect((await send(MENSAGEM, '10.70.1.1')).statusCode).toBe(200);
    const blocked = await send(MENSAGEM, '10.70.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await send(MENSAGEM, '10.70.1.2')).statusCode).toBe(200);
  });
});
