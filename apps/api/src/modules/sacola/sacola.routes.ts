import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { sacolaApi, type Sacola } from '@clinica/shared/schemas/sacola';
import { ok } from '../../lib/envelope.js';
import { escapeHtml } from '../../lib/escape-html.js';
import { authUser, route } from '../../lib/route.js';
import { CLINICA_NOME } from '../../integrations/mail/templates.js';
import { DESCADASTRO_PATH, lerTokenDescadastro } from './descadastro-token.js';
import type { SacolaRepository } from './sacola.repository.js';
import type { SacolaService } from './sacola.service.js';

/** The page's own policy: inline styles and a form posting to itself, nothing else. */
const CSP_PAGINA =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function pagina(titulo: string, corpo: string): string {
  return `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(titulo)} · ${escapeHtml(CLINICA_NOME)}</title>
<style>
body{margin:0;background:#f1f5f9;font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;color:#334155}
main{max-width:520px;margin:48px auto;padding:32px 24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.marca{color:#0f766e;font-weight:bold;margin:0 0 16px}h1{font-size:22px;color:#0f172a;margin:0 0 16px}
p{font-size:16px;line-height:24px;margin:0 0 16px}
button,a.botao{display:inline-block;padding:12px 24px;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:16px;font-weight:bold;text-decoration:none;cursor:pointer}
a{color:#0f766e}
@media (max-width:560px){main{margin:16px 12px;padding:24px 16px}}
</style></head>
<body><main><p class="marca">${escapeHtml(CLINICA_NOME)}</p><h1>${escapeHtml(titulo)}</h1>${corpo}</main></body></html>
`;
}

const voltar = `<p><a href="/">${escapeHtml(MSG_SACOLA.voltarLoja)}</a></p>`;

/**
 * The customer's bag (ADR 034): CLIENTE only (a staff role gets 403, no session 401), the customer being the
 * token's. And the unsubscribe page of marketing e-mails, public and server-rendered: GET shows the question and
 * never changes anything (mail scanners open links), POST (the page's button, or the mail client's one-click
 * unsubscribe of RFC 8058) turns the opt-in off, idempotently. A forged or tampered token: 400 with a pt-BR page.
 */
export const sacolaRoutes: FastifyPluginAsync<{
  service: SacolaService;
  repository: SacolaRepository;
  jwtSecret: string;
}> = async (app, { service, repository, jwtSecret }) => {
  const clienteDe = (request: FastifyRequest) => {
    const { idCliente } = authUser(request);
    if (idCliente === null || idCliente === undefined) throw new Error('CLIENTE sem idCliente no token');
    return idCliente;
  };

  route(app, sacolaApi.ler, { access: ['CLIENTE'] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await service.ler(clienteDe(request)));
  });
  /**
   * The customer's other tabs and devices learn the bag's new version at once on the realtime channel
   * (destinoSacola) and read it; best effort, like every realtime message: a device that misses it reads the bag when
   * its window regains focus.
   */
  const avisar = async (request: FastifyRequest, bag: Sacola): Promise<Sacola> => {
    try {
      await app.notificacoes.publicarSacola(authUser(request).id, { versao: bag.versao });
    } catch (err) {
      request.log.warn({ err }, 'aviso de sacola alterada não publicado');
    }
    return bag;
  };

  route(app, sacolaApi.gravar, { access: ['CLIENTE'] }, async (request) =>
    ok(await avisar(request, await service.gravar(clienteDe(request), request.body.versao, request.body.itens))),
  );
  route(app, sacolaApi.mesclar, { access: ['CLIENTE'] }, async (request) =>
    ok(await avisar(request, await service.mesclar(clienteDe(request), request.body.itens))),
  );

  // RFC 8058's one-click POST is a form body ('List-Unsubscribe=One-Click'); the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, null),
  );

  const enviar = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', CSP_PAGINA)
      .send(html);

  async function descadastro(request: FastifyRequest, reply: FastifyReply, confirmar: boolean) {
    const token = (request.query as { token?: unknown }).token;
    const clienteId = lerTokenDescadastro(jwtSecret, token);
    const cliente = clienteId === null ? undefined : await repository.emailDoCliente(clienteId);
    if (clienteId === null || !cliente) {
      return enviar(
        reply,
        400,
        pagina(MSG_SACOLA.descadastroTitulo, `<p>${escapeHtml(MSG_SACOLA.descadastroInvalido)}</p>${voltar}`),
      );
    }
    if (confirmar) {
      await repository.descadastrar(clienteId);
      const feito = MSG_SACOLA.descadastroFeito.replace('{email}', cliente.email);
      return enviar(reply, 200, pagina(MSG_SACOLA.descadastroTitulo, `<p>${escapeHtml(feito)}</p>${voltar}`));
    }
    const pergunta = MSG_SACOLA.descadastroPergunta.replace('{email}', cliente.email);
    return enviar(
      reply,
      200,
      pagina(
        MSG_SACOLA.descadastroTitulo,
        `<p>${escapeHtml(pergunta)}</p>` +
          `<form method="post" action="${escapeHtml(`/api${DESCADASTRO_PATH}?token=${encodeURIComponent(String(token))}`)}">` +
          `<p><button type="submit">${escapeHtml(MSG_SACOLA.descadastroConfirmar)}</button></p></form>${voltar}`,
      ),
    );
  }

  const schema = { hide: true } as const;
  app.get(DESCADASTRO_PATH, { config: { access: 'public' }, schema }, (request, reply) =>
    descadastro(request, reply, false),
  );
  app.post(DESCADASTRO_PATH, { config: { access: 'public' }, schema }, (request, reply) =>
    descadastro(request, reply, true),
  );
};
