import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxApi } from '@clinica/shared/schemas/sandbox';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { emailsSaida } from '../email/email.table.js';
import { CAIXA_SANDBOX_MAX } from './sandbox.service.js';

const URL = '/api/sandbox/emails';

describe.each(testDatabaseTargets())('sandbox de e-mail: caixa de saída (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await t.database.db.delete(emailsSaida);
  });

  const caixa = (para: string) => t.app.inject({ method: 'GET', url: URL, query: { para } });

  it('lista as mensagens do endereço, mais novas primeiro, sem diferenciar maiúsculas, em qualquer situação', async () => {
    await t.app.mailer.enviar({ para: 'Paciente@Exemplo.com.br', assunto: 'Primeira', texto: 'um', html: '<p>um</p>' });
    await t.app.mailer.enviar({ para: 'outra@exemplo.com.br', assunto: 'De outra pessoa', texto: 'x', html: '' });
    await t.app.mailer.enviar({ para: 'paciente@exemplo.com.br', assunto: 'Segunda', texto: 'dois', html: '<p>2</p>' });
    await t.app.mailer.enviar({
      para: 'PACIENTE@EXEMPLO.COM.BR',
      assunto: 'Terceira',
      texto: 'três',
      html: '<p>3</p>',
    });
    // Delivery state does not matter: the outbox is the mailbox.
    await t.database.raw("UPDATE emails_saida SET status = 'FALHOU' WHERE assunto = 'Segunda'");
    await t.app.jobWorker.runOnce();

    const content = contentOf(sandboxApi.emails, await caixa('paciente@EXEMPLO.com.br'));
    expect(content.map((e) => e.assunto)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(content[2]).toEqual({
      para: 'Paciente@Exemplo.com.br',
      assunto: 'Primeira',
      texto: 'um',
      html: '<p>um</p>',
      criadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const times = content.map((e) => Date.parse(e.criadoEm));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(contentOf(sandboxApi.emails, await caixa('outra@exemplo.com.br')).map((e) => e.assunto)).toEqual([
      'De outra pessoa',
    ]);
    expect(contentOf(sandboxApi.emails, await caixa('ninguem@exemplo.com.br'))).toEqual([]);
  });

  it(`mostra no máximo as ${CAIXA_SANDBOX_MAX} mais novas`, async () => {
    await t.database.raw(
      `INSERT INTO emails_saida (para, assunto, texto, created_at)
       SELECT 'muitas@exemplo.com.br', 'Mensagem ' || n, 'texto', now() - make_interval(mins => 100 - n)
       FROM generate_series(1, 55) AS n`,
    );
    const content = contentOf(sandboxApi.emails, await caixa('muitas@exemplo.com.br'));
    expect(content).toHaveLength(CAIXA_SANDBOX_MAX);
    expect(content[0]?.assunto).toBe('Mensagem 55');
    expect(content.at(-1)?.assunto).toBe('Mensagem 6');
    expect(content[0]?.html).toBeNull();
  });

  it('sem o parâmetro para (ou vazio): 400', async () => {
    for (const url of [URL, `${URL}?para=`, `${URL}?para=%20%20`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(body(res).statusCode).toBe(400);
    }
  });

  it('com MAIL_TRANSPORT=smtp a rota não existe (404)', async () => {
    const smtp = await createTestApp({
      kind,
      database: t.database,
      config: { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' },
    });
    try {
      const res = await smtp.app.inject({ method: 'GET', url: URL, query: { para: 'paciente@exemplo.com.br' } });
      expect(res.statusCode).toBe(404);
      expect(body(res).statusCode).toBe(404);
    } finally {
      await smtp.dispose();
    }
  });
});
