import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { setContextAccess } from './auth.js';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas. Registered before the
 * routes (it collects them as they are added).
 */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Clínica — API da loja e do site',
          description:
            'Todas as respostas JSON seguem o envelope `{ statusCode, message, content }`; erros trazem uma mensagem em português (`message`) e, na validação (400), `content.errors: [{ campo, mensagem }]`. Rotas protegidas exigem `Authorization: Bearer <token>` obtido em `POST /api/usuario/cliente/auth`: 401 sem token/token inválido, expirado ou revogado; 403 sem permissão.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'clinica-swagger' },
);

/** The browsable page at /api/docs (assets served by @fastify/swagger-ui itself, no CDN). */
export async function swaggerUiRoutes(scope: FastifyInstance): Promise<void> {
  setContextAccess(scope, 'public');
  await scope.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, displayRequestDuration: true, persistAuthorization: false },
    validatorUrl: false,
  });
}
