/**
 * The clinic's e-mails, in pt-BR: each template returns a subject, a plain
 * text body and an HTML body. The HTML is deliberately simple (nested tables,
 * inline styles, one 560 px column that shrinks on phones) because that is
 * what mail clients render reliably; every interpolated value is escaped.
 * The logo is referenced as `cid:logo@sorrisopleno`: the SMTP transport
 * attaches the PNG under that Content-ID; the outbox keeps the HTML as is.
 */
import { escapeHtml } from '../../lib/escape-html.js';
import type { FinalidadeCodigo } from '../../modules/email/email.table.js';

export const CLINICA_NOME = 'Clínica Odontológica Sorriso Pleno';
/** Content-ID of the inline logo (assets/email/logo.png). */
export const LOGO_CID = 'logo@sorrisopleno';

/** A rendered e-mail; add `para` to get a MailMessage. */
export interface EmailRenderizado {
  assunto: string;
  texto: string;
  html: string;
}

export interface RenderEmailInput {
  /** The heading of the message; also the subject unless `assunto` is given. */
  titulo: string;
  assunto?: string;
  /** Paragraphs of plain text (a `\n` inside one becomes a line break). */
  paragrafos: string[];
  /** Shown big and centred, e.g. a 6-digit code or an order number. */
  destaque?: string;
  /** Small print under the body, e.g. "se você não pediu, ignore este e-mail". */
  rodape?: string;
  /** A button after the paragraphs (an https link, e.g. the carrier's tracking page); in the text body, "rotulo: url". */
  acao?: { rotulo: string; url: string };
  /**
   * Blocks after the paragraphs and before the button, in this order (an order's summary, its payment data): each
   * has an HTML rendering and a plain-text one that says the same.
   */
  blocos?: BlocoEmail[];
  /**
   * A marketing e-mail's unsubscribe link (ADR 033): a 'Descadastrar' link in the HTML's small print, the address in
   * the text body. The sender also sets the List-Unsubscribe headers.
   */
  descadastro?: { texto: string; url: string };
}

/** A line of an items table: what, how many, and the line's total (already formatted, e.g. 'R$ 49,80'). */
interface LinhaItens {
  descricao: string;
  quantidade: number;
  valor: string;
  /** A picture of the product beside its description (HTML only): an absolute URL in a real e-mail. */
  imagem?: string | null;
}

/**
 * A block of an e-mail's body (renderEmail's `blocos`):
 * - `itens`: a table of lines (description, quantity, value) followed by totals; the last total with `destaque`
 *   is bold (the order's total);
 * - `dados`: a titled list of label/value pairs (the delivery address, how it was paid);
 * - `codigo`: a long value to copy as it is (a PIX copy-and-paste code, a boleto's digitable line), in a box;
 * - `links`: a titled list of links (a course's classroom), each shown with its address in the text body;
 * - `texto`: a paragraph between blocks.
 */
export type BlocoEmail =
  | {
      tipo: 'itens';
      titulo?: string;
      linhas: LinhaItens[];
      totais: Array<{ rotulo: string; valor: string; destaque?: boolean }>;
    }
  | { tipo: 'dados'; titulo?: string; pares: Array<{ rotulo: string; valor: string }> }
  | { tipo: 'codigo'; titulo: string; valor: string }
  | { tipo: 'links'; titulo?: string; links: Array<{ rotulo: string; url: string }> }
  | { tipo: 'texto'; texto: string };

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";
const COR_MARCA = '#0f766e';

const paragraphHtml = (text: string) =>
  `<tr><td style="padding:0 24px 16px 24px;${FONT}font-size:16px;line-height:24px;color:#334155;">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</td></tr>`;

const tituloBlocoHtml = (titulo: string | undefined) =>
  titulo
    ? `<tr><td style="padding:8px 24px 8px 24px;${FONT}font-size:15px;line-height:20px;font-weight:bold;color:#0f172a;">${escapeHtml(titulo)}</td></tr>`
    : '';

const celula = (conteudo: string, estilo = '') =>
  `<td style="padding:8px 0;${FONT}font-size:14px;line-height:20px;color:#334155;${estilo}">${conteudo}</td>`;

/** A line's picture, 48 px wide, in the description's cell (its alt empty: the name follows it). */
const miniatura = (url: string | null | undefined) =>
  url
    ? `<img src="${escapeHtml(url)}" width="48" alt="" style="width:48px;max-width:48px;height:auto;border:0;border-radius:6px;vertical-align:middle;margin-right:10px;">`
    : '';

/** A block as HTML rows of the message's one-column table. */
function blocoHtml(b: BlocoEmail): string {
  switch (b.tipo) {
    case 'texto':
      return paragraphHtml(b.texto);
    case 'codigo':
      return (
        tituloBlocoHtml(b.titulo) +
        `<tr><td style="padding:0 24px 16px 24px;">` +
        `<div style="padding:12px;background-color:#f0fdfa;border:1px solid #99f6e4;border-radius:8px;font-family:'Courier New',Courier,monospace;font-size:14px;line-height:20px;color:#0f172a;word-break:break-all;overflow-wrap:anywhere;">${escapeHtml(b.valor)}</div>` +
        `</td></tr>`
      );
    case 'links':
      return (
        tituloBlocoHtml(b.titulo) +
        b.links
          .map(
            (l) =>
              `<tr><td style="padding:0 24px 12px 24px;${FONT}font-size:15px;line-height:22px;">` +
              `<a href="${escapeHtml(l.url)}" target="_blank" style="color:${COR_MARCA};font-weight:bold;text-decoration:underline;">${escapeHtml(l.rotulo)}</a></td></tr>`,
          )
          .join('')
      );
    case 'dados':
      return (
        tituloBlocoHtml(b.titulo) +
        `<tr><td style="padding:0 24px 16px 24px;">` +
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">` +
        b.pares
          .map(
            (p) =>
              `<tr>${celula(escapeHtml(p.rotulo), 'width:40%;vertical-align:top;color:#64748b;padding-right:12px;')}` +
              `${celula(escapeHtml(p.valor).replace(/\r?\n/g, '<br>'), 'vertical-align:top;')}</tr>`,
          )
          .join('') +
        `</table></td></tr>`
      );
    case 'itens': {
      const borda = 'border-bottom:1px solid #e2e8f0;';
      const linhas = b.linhas
        .map(
          (l) =>
            `<tr>${celula(miniatura(l.imagem) + escapeHtml(l.descricao), borda + 'padding-right:8px;')}` +
            `${celula(`${l.quantidade}×`, borda + 'text-align:center;white-space:nowrap;width:40px;')}` +
            `${celula(escapeHtml(l.valor), borda + 'text-align:right;white-space:nowrap;padding-left:8px;')}</tr>`,
        )
        .join('');
      const totais = b.totais
        .map((t) => {
          const forte = t.destaque ? 'font-weight:bold;font-size:16px;color:#0f172a;' : '';
          return (
            `<tr><td colspan="2" style="padding:4px 0;${FONT}font-size:14px;line-height:20px;color:#334155;${forte}">${escapeHtml(t.rotulo)}</td>` +
            `<td style="padding:4px 0 4px 8px;${FONT}font-size:14px;line-height:20px;color:#334155;text-align:right;white-space:nowrap;${forte}">${escapeHtml(t.valor)}</td></tr>`
          );
        })
        .join('');
      return (
        tituloBlocoHtml(b.titulo) +
        `<tr><td style="padding:0 24px 16px 24px;">` +
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">` +
        `<tr>${celula('Item', 'font-size:12px;color:#64748b;' + 'border-bottom:1px solid #cbd5e1;')}` +
        `${celula('Qtd.', 'font-size:12px;color:#64748b;text-align:center;border-bottom:1px solid #cbd5e1;')}` +
        `${celula('Valor', 'font-size:12px;color:#64748b;text-align:right;border-bottom:1px solid #cbd5e1;')}</tr>` +
        linhas +
        `<tr><td colspan="3" style="height:8px;line-height:8px;font-size:0;">&nbsp;</td></tr>` +
        totais +
        `</table></td></tr>`
      );
    }
  }
}

/** A block as plain text lines (the same facts as its HTML). */
function blocoTexto(b: BlocoEmail): string[] {
  switch (b.tipo) {
    case 'texto':
      return [b.texto, ''];
    case 'codigo':
      return [`${b.titulo}:`, b.valor, ''];
    case 'links':
      return [...(b.titulo ? [`${b.titulo}:`] : []), ...b.links.map((l) => `- ${l.rotulo}: ${l.url}`), ''];
    case 'dados':
      return [
        ...(b.titulo ? [`${b.titulo}:`] : []),
        ...b.pares.map((p) => `${p.rotulo}: ${p.valor.replace(/\r?\n/g, ', ')}`),
        '',
      ];
    case 'itens':
      return [
        ...(b.titulo ? [`${b.titulo}:`] : []),
        ...b.linhas.map((l) => `- ${l.quantidade}x ${l.descricao}: ${l.valor}`),
        '',
        ...b.totais.map((t) => `${t.rotulo}: ${t.valor}`),
        '',
      ];
  }
}

/**
 * The layout every e-mail of the clinic uses (codes, notices, later the
 * contact form and order updates): logo and name, title, paragraphs, an
 * optional highlighted value, blocks (an order's items and totals, label/value pairs, a code to copy), a button
 * and small print. Order e-mails (modules/pedido/pedido-emails.ts) and later marketing e-mails build on it.
 */
export function renderEmail({
  titulo,
  assunto,
  paragrafos,
  destaque,
  rodape,
  acao,
  blocos = [],
  descadastro,
}: RenderEmailInput): EmailRenderizado {
  const texto = [
    CLINICA_NOME,
    '',
    titulo,
    '',
    ...paragrafos.flatMap((p) => [p, '']),
    ...(destaque ? [`    ${destaque}`, ''] : []),
    ...blocos.flatMap(blocoTexto),
    ...(acao ? [`${acao.rotulo}: ${acao.url}`, ''] : []),
    ...(rodape ? [rodape, ''] : []),
    ...(descadastro ? [`${descadastro.texto} Descadastrar: ${descadastro.url}`, ''] : []),
    '--',
    CLINICA_NOME,
    'Este é um e-mail automático; por favor, não responda.',
  ].join('\n');

  const destaqueHtml = destaque
    ? `<tr><td align="center" style="padding:8px 24px 24px 24px;">` +
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td style="padding:12px 24px;background-color:#f0fdfa;border:1px solid #99f6e4;border-radius:8px;font-family:'Courier New',Courier,monospace;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:8px;color:${COR_MARCA};">${escapeHtml(destaque)}</td>` +
      `</tr></table></td></tr>`
    : '';
  const acaoHtml = acao
    ? `<tr><td align="center" style="padding:8px 24px 24px 24px;">` +
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td style="border-radius:8px;background-color:${COR_MARCA};">` +
      `<a href="${escapeHtml(acao.url)}" target="_blank" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(acao.rotulo)}</a>` +
      `</td></tr></table></td></tr>`
    : '';
  const descadastroHtml = descadastro
    ? `${rodape ? '<br><br>' : ''}${escapeHtml(descadastro.texto)} <a href="${escapeHtml(descadastro.url)}" target="_blank" style="color:${COR_MARCA};text-decoration:underline;">Descadastrar</a>`
    : '';
  const rodapeHtml =
    rodape || descadastro
      ? `<tr><td style="padding:8px 24px 24px 24px;border-top:1px solid #e2e8f0;${FONT}font-size:13px;line-height:20px;color:#64748b;">${escapeHtml(rodape ?? '').replace(/\r?\n/g, '<br>')}${descadastroHtml}</td></tr>`
      : '';

  const html = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(titulo)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 24px 8px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="vertical-align:middle;"><img src="cid:${LOGO_CID}" width="48" height="48" alt="" style="display:block;border:0;outline:none;text-decoration:none;"></td>
<td style="vertical-align:middle;padding-left:12px;${FONT}font-size:16px;line-height:22px;font-weight:bold;color:${COR_MARCA};">${escapeHtml(CLINICA_NOME)}</td>
</tr></table>
</td></tr>
<tr><td style="padding:16px 24px 16px 24px;${FONT}font-size:22px;line-height:28px;font-weight:bold;color:#0f172a;">${escapeHtml(titulo)}</td></tr>
${paragrafos.map(paragraphHtml).join('\n')}
${destaqueHtml}
${blocos.map(blocoHtml).join('\n')}
${acaoHtml}
${rodapeHtml}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td align="center" style="padding:16px 24px;${FONT}font-size:12px;line-height:18px;color:#94a3b8;">${escapeHtml(CLINICA_NOME)} · Este é um e-mail automático; por favor, não responda.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { assunto: assunto ?? titulo, texto, html };
}

const minutos = (n: number) => (n === 1 ? '1 minuto' : `${n} minutos`);
const saudacao = (nome: string) => (nome.trim() ? `Olá, ${nome.trim()}!` : 'Olá!');

const AVISO_CODIGO =
  'Se você não pediu este código, ignore este e-mail: nada muda na sua conta. Nunca compartilhe este código; a clínica não o pede por telefone nem por mensagem.';

/** Subject, heading and the sentence before the code, per purpose. */
const TEXTOS_CODIGO: Record<FinalidadeCodigo, { assunto: string; titulo: string; pedido: string }> = {
  RECUPERACAO_ACESSO: {
    assunto: 'Seu código para redefinir a senha',
    titulo: 'Redefinição de senha',
    pedido: 'Recebemos um pedido para redefinir a senha da sua conta. Use o código abaixo para continuar:',
  },
  CONFIRMACAO: {
    assunto: 'Confirme seu e-mail',
    titulo: 'Confirme seu e-mail',
    pedido: 'Use o código abaixo para confirmar o seu endereço de e-mail:',
  },
  CRIACAO: {
    assunto: 'Seu código para criar a conta',
    titulo: 'Crie sua conta',
    pedido: 'Use o código abaixo para confirmar o seu e-mail e concluir o cadastro:',
  },
  EDICAO_EMAIL: {
    assunto: 'Confirme seu novo e-mail',
    titulo: 'Confirme seu novo e-mail',
    pedido: 'Para passar a usar este endereço na sua conta, confirme-o com o código abaixo:',
  },
  EDICAO_SENHA: {
    assunto: 'Código para alterar sua senha',
    titulo: 'Alteração de senha',
    pedido: 'Recebemos um pedido para alterar a senha da sua conta. Use o código abaixo para confirmar:',
  },
};

export interface CodigoEmailInput {
  nome: string;
  /** The 6-digit code, as the user types it. */
  codigo: string;
  finalidade: FinalidadeCodigo;
  validadeMinutos: number;
}

/** A 6-digit code for one of the account flows (docs/behaviour/accounts-and-sign-in.md#e-mail-codes). */
export function codigoEmail({ nome, codigo, finalidade, validadeMinutos }: CodigoEmailInput): EmailRenderizado {
  const textos = TEXTOS_CODIGO[finalidade];
  return renderEmail({
    assunto: textos.assunto,
    titulo: textos.titulo,
    paragrafos: [saudacao(nome), textos.pedido],
    destaque: codigo,
    rodape: `O código vale por ${minutos(validadeMinutos)}. ${AVISO_CODIGO}`,
  });
}

/** Welcome after sign-up, with the code that confirms the e-mail. */
export function boasVindasEmail({
  nome,
  codigo,
  validadeMinutos,
}: {
  nome: string;
  codigo: string;
  validadeMinutos: number;
}): EmailRenderizado {
  return renderEmail({
    assunto: `Boas-vindas à ${CLINICA_NOME}`,
    titulo: 'Boas-vindas!',
    paragrafos: [
      saudacao(nome),
      `Sua conta na ${CLINICA_NOME} foi criada. Na nossa loja você encontra materiais odontológicos e cursos digitais, e acompanha seus pedidos pela sua área de cliente.`,
      'Para começar, confirme o seu e-mail com o código abaixo:',
    ],
    destaque: codigo,
    rodape: `O código vale por ${minutos(validadeMinutos)}. Se você não criou esta conta, ignore este e-mail.`,
  });
}

/** Security notice after a password change. */
export function senhaAlteradaEmail({ nome }: { nome: string }): EmailRenderizado {
  return renderEmail({
    assunto: 'Sua senha foi alterada',
    titulo: 'Sua senha foi alterada',
    paragrafos: [
      saudacao(nome),
      'A senha da sua conta acaba de ser alterada. Se foi você, não é preciso fazer nada.',
      'Se não foi você, redefina a sua senha agora pela opção "Esqueci minha senha" na tela de entrada e fale com a clínica.',
    ],
    rodape: 'Enviamos este aviso para proteger a sua conta.',
  });
}

/** Security notice sent to the old address after the account's e-mail changed. */
export function emailAlteradoEmail({ nome, novoEmail }: { nome: string; novoEmail: string }): EmailRenderizado {
  return renderEmail({
    assunto: 'O e-mail da sua conta foi alterado',
    titulo: 'O e-mail da sua conta foi alterado',
    paragrafos: [
      saudacao(nome),
      `O e-mail de acesso da sua conta foi alterado para ${novoEmail}. A partir de agora, as mensagens da clínica vão para o novo endereço.`,
      'Se não foi você, fale com a clínica imediatamente.',
    ],
    rodape: 'Enviamos este aviso para o endereço anterior para proteger a sua conta.',
  });
}

/** A message of the site's contact form, delivered to the clinic's address (Reply-To: the sender). */
export function contatoEmail(input: {
  nome: string;
  email: string;
  telefone: string;
  assunto: string;
  mensagem: string;
}): EmailRenderizado {
  return renderEmail({
    assunto: `Contato pelo site: ${input.assunto} — ${input.nome}`,
    titulo: 'Nova mensagem pelo site',
    paragrafos: [
      `Assunto: ${input.assunto}`,
      `Nome: ${input.nome}\nE-mail: ${input.email}\nTelefone: ${input.telefone}`,
      input.mensagem,
    ],
    rodape: 'Responda a este e-mail para falar diretamente com quem escreveu.',
  });
}
