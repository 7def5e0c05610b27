import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { emailApi } from '@clinica/shared/schemas/email';
import { ok } from '../../lib/envelope.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { limitRoute } from '../../plugins/rate-limit.js';
import type { ContatoService } from './contato.service.js';
import type { EmailService } from './email.service.js';

/** Public code routes per source IP per 15 minutes: requests (they send mail) and checks. */
const MAX_PEDIDOS_CODIGO_POR_IP = 20;
const MAX_VALIDACOES_CODIGO_POR_IP = 60;
const JANELA_IP = 15 * 60;

/** E-mail codes (docs/behaviour/accounts-and-sign-in.md#e-mail-codes) and the contact form. */
export const emailRoutes: FastifyPluginAsync<{
  service: EmailService;
  contato: ContatoService;
  rateLimiter: RateLimiter;
  /** Contact messages per source IP per hour (each one sends mail). */
  maxContatosPorIpHora: number;
}> = async (app, { service, contato, rateLimiter, maxContatosPorIpHora }) => {
  const porIp = (name: string, max: number) => limitRoute(rateLimiter, { name, max, windowSeconds: JANELA_IP });

  route(
    app,
    emailApi.contato,
    {
      access: 'public',
      preHandler: limitRoute(rateLimiter, { name: 'contato:ip', max: maxContatosPorIpHora, windowSeconds: 3600 }),
    },
    async (request) => {
      await contato.enviar(request.body);
      return ok(null, MSG.mensagemEnviada);
    },
  );

  route(
    app,
    emailApi.codigoRecuperacao,
    { access: 'public', preHandler: porIp('codigo:pedido:ip', MAX_PEDIDOS_CODIGO_POR_IP) },
    async (request) => ok(await service.solicitarRecuperacao(request.body.email), MSG.codigoRecuperacaoEnviado),
  );

  route(
    app,
    emailApi.validaCodigoRecuperacao,
    { access: 'public', preHandler: porIp('codigo:validacao:ip', MAX_VALIDACOES_CODIGO_POR_IP) },
    async (request) => {
      await service.validarRecuperacao(request.body.email, request.body.codigo);
      return ok(null, MSG.codigoValidado);
    },
  );

  route(app, emailApi.codigoEdicaoEmail, { access: { owner: 'idUser' } }, async (request) =>
    ok(
      await service.enviarEdicaoEmail(request.params.idUser, request.body.email, request.body.senhaAtual),
      MSG_API.codigoEnviado,
    ),
  );

  route(app, emailApi.codigoEdicaoSenha, { access: { owner: 'idUser' } }, async (request) =>
    ok(await service.enviarEdicaoSenha(request.params.idUser), MSG_API.codigoEnviado),
  );

  route(app, emailApi.validaCodigoEdicao, { access: { owner: 'idUser' } }, async (request) =>
    ok(await service.validarEdicao(request.params.idUser, request.body.codigo), MSG.codigoValidado),
  );

  route(app, emailApi.codigoCriacao, { access: { owner: 'userId' } }, async (request) =>
    ok(await service.enviarConfirmacao(request.params.userId, 'CRIACAO'), MSG_API.codigoEnviado),
  );

  route(app, emailApi.codigoConfirmacao, { access: { owner: 'userId' } }, async (request) =>
    ok(await service.enviarConfirmacao(request.params.userId), MSG_API.codigoEnviado),
  );

  route(app, emailApi.validaCodigoConfirmacao, { access: { owner: 'userId' } }, async (request) => {
    await service.validarConfirmacao(request.params.userId, request.body.codigo);
    return ok(null, MSG.emailConfirmado);
  });
};
