import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { idParam } from '@clinica/shared/schemas/common';
import { privacidadeApi, RESUMO_EXPORTACAO_PATH } from '@clinica/shared/schemas/privacidade';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { QuemAudita } from '../../lib/auditoria.js';
import { resumoExportacao } from './privacidade-resumo.js';
import type { PrivacidadeService } from './privacidade.service.js';

/** The customer's own client id, or the ADMIN's (ADR 038: the staff's USUARIO role has no access to these rights). */
const DONO_OU_ADMIN = { owner: 'clientId', claim: 'idCliente', or: ['ADMIN'] } as const;
const DONO = { owner: 'clientId', claim: 'idCliente' } as const;

const quem = (request: FastifyRequest): QuemAudita => {
  const u = authUser(request);
  return { id: u.id, permissao: u.permissao };
};

/** The holder's rights (ADR 038, docs/behaviour/accounts-and-sign-in.md#privacy). */
export const privacidadeRoutes: FastifyPluginAsync<{ service: PrivacidadeService }> = async (app, { service }) => {
  route(app, privacidadeApi.consentimentos, { access: DONO_OU_ADMIN }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await service.consentimentos(request.params.clientId));
  });

  route(app, privacidadeApi.consentir, { access: DONO }, async (request) =>
    ok(
      await service.consentir(request.params.clientId, request.body.ofertasEmail),
      MSG_PRIVACIDADE.consentimentoGravado,
    ),
  );

  route(app, privacidadeApi.exportar, { access: DONO_OU_ADMIN }, async (request, reply) => {
    const { clientId } = request.params;
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="meus-dados-${clientId}.json"`);
    return ok(await service.exportar(clientId, quem(request)));
  });

  // The readable summary: an HTML page outside the JSON contract (like the boleto's PDF).
  app.get(
    RESUMO_EXPORTACAO_PATH,
    {
      config: { access: DONO_OU_ADMIN },
      schema: {
        summary: 'Resumo legível (HTML) da exportação de dados do cliente',
        params: z.object({ clientId: idParam }),
      },
    },
    async (request, reply) => {
      const { clientId } = request.params as { clientId: number };
      const html = resumoExportacao(await service.exportar(clientId, quem(request)));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="meus-dados-${clientId}.html"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(html);
    },
  );

  route(app, privacidadeApi.excluirConta, { access: DONO }, async (request) =>
    ok(
      await service.excluirConta(request.params.clientId, request.body.senha, quem(request)),
      MSG_PRIVACIDADE.contaExcluida,
    ),
  );

  route(app, privacidadeApi.anonimizar, { access: ['ADMIN'] }, async (request) =>
    ok(await service.anonimizar(request.params.clientId, quem(request)), MSG_PRIVACIDADE.equipeAnonimizado),
  );
};
