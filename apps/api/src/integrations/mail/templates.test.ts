import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/escape-html.js';
import { FINALIDADES_CODIGO } from '../../modules/email/email.table.js';
import {
  boasVindasEmail,
  CLINICA_NOME,
  codigoEmail,
  emailAlteradoEmail,
  LOGO_CID,
  renderEmail,
  senhaAlteradaEmail,
} from './templates.js';

const NOME_MALICIOSO = 'Ana <script>alert("x")</script> & Cia';

describe('modelos de e-mail', () => {
  it('escapa todo valor interpolado no HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const email = codigoEmail({
      nome: NOME_MALICIOSO,
      codigo: '123456',
      finalidade: 'CONFIRMACAO',
      validadeMinutos: 15,
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia');
    // The text body is plain text: the name as typed.
    expect(email.texto).toContain(`Olá, ${NOME_MALICIOSO}!`);

    const notice = emailAlteradoEmail({ nome: 'Bia', novoEmail: '"><img src=x onerror=alert(1)>@x.com' });
    expect(notice.html).not.toContain('<img src=x');
    expect(notice.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@x.com');

    const generic = renderEmail({
      titulo: '<b>t</b>',
      paragrafos: ['<i>p</i>'],
      destaque: '<u>d</u>',
      rodape: '<s>r</s>',
    });
    for (const tag of ['<b>', '<i>', '<u>', '<s>']) expect(generic.html).not.toContain(tag);
  });

  it.each(FINALIDADES_CODIGO)(
    'código de %s: assunto próprio, código, validade, aviso e clínica nos dois corpos',
    (finalidade) => {
      const email = codigoEmail({ nome: 'Carla', codigo: '048213', finalidade, validadeMinutos: 15 });
      for (const body of [email.texto, email.html]) {
        expect(body).toContain('048213');
        expect(body).toContain(CLINICA_NOME);
        expect(body).toContain('15 minutos');
        expect(body).toContain('Carla');
        expect(body).toContain('Se você não pediu este código, ignore este e-mail');
      }
      expect(email.html).toContain(`src="cid:${LOGO_CID}"`);
      expect(email.html).toContain('<html lang="pt-BR">');
      expect(email.html).toContain('name="viewport"');
    },
  );

  it('assunto e texto mudam conforme a finalidade', () => {
    const assunto = (finalidade: (typeof FINALIDADES_CODIGO)[number]) =>
      codigoEmail({ nome: 'X', codigo: '111111', finalidade, validadeMinutos: 10 }).assunto;
    expect(assunto('RECUPERACAO_ACESSO')).toBe('Seu código para redefinir a senha');
    expect(assunto('CONFIRMACAO')).toBe('Confirme seu e-mail');
    expect(assunto('EDICAO_EMAIL')).toBe('Confirme seu novo e-mail');
    expect(assunto('EDICAO_SENHA')).toBe('Código para alterar sua senha');
    expect(new Set(FINALIDADES_CODIGO.map(assunto)).size).toBe(FINALIDADES_CODIGO.length);
    expect(codigoEmail({ nome: 'X', codigo: '1', finalidade: 'CONFIRMACAO', validadeMinutos: 1 }).texto).toContain(
      'vale por 1 minuto.',
    );
  });

  it('boas-vindas traz o código de confirmação; avisos de segurança dizem o que mudou', () => {
    const welcome = boasVindasEmail({ nome: 'Davi', codigo: '777888', validadeMinutos: 30 });
    expect(welcome.assunto).toBe(`Boas-vindas à ${CLINICA_NOME}`);
    for (const body of [welcome.texto, welcome.html]) {
      expect(body).toContain('777888');
      expect(body).toContain('30 minutos');
      expect(body).toContain('Davi');
    }

    const senha = senhaAlteradaEmail({ nome: 'Eva' });
    expect(senha.assunto).toBe('Sua senha foi alterada');
    expect(senha.texto).toContain('Se não foi você');
    expect(senha.html).toContain(CLINICA_NOME);

    const email = emailAlteradoEmail({ nome: 'Fábio', novoEmail: 'novo@exemplo.com.br' });
    expect(email.assunto).toBe('O e-mail da sua conta foi alterado');
    for (const body of [email.texto, email.html]) {
      expect(body).toContain('novo@exemplo.com.br');
      expect(body).toContain('Fábio');
    }
  });

  it('renderEmail: título vira assunto, parágrafos com quebras de linha, destaque e rodapé opcionais', () => {
    const email = renderEmail({ titulo: 'Pedido enviado', paragrafos: ['Linha 1\nLinha 2', 'Outro'] });
    expect(email.assunto).toBe('Pedido enviado');
    expect(email.html).toContain('Linha 1<br>Linha 2');
    expect(email.texto).toBe(
      [
        CLINICA_NOME,
        '',
        'Pedido enviado',
        '',
        'Linha 1\nLinha 2',
        '',
        'Outro',
        '',
        '--',
        CLINICA_NOME,
        'Este é um e-mail automático; por favor, não responda.',
      ].join('\n'),
    );
    const custom = renderEmail({
      titulo: 'T',
      assunto: 'Assunto próprio',
      paragrafos: [],
      destaque: 'Nº 123',
      rodape: 'R',
    });
    expect(custom.assunto).toBe('Assunto próprio');
    expect(custom.texto).toContain('    Nº 123');
    expect(custom.html).toContain('Nº 123');
  });
});
