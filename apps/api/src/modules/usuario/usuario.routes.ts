import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import {
  idParamsSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshResponseSchema,
  userIdParamsSchema,
  userIdParamsSchemaAlt,
  usuarioResponseSchema,
} from '@clinica/shared/schemas/auth';
import { envelopeSchema } from '@clinica/shared/schemas/common';
import { ok } from '../../lib/envelope.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { UsuarioService } from './usuario.service.js';

/** The guard has run: a protected route always has its user. */
const caller = (user: AuthUser | null): AuthUser => {
  if (!user) throw new Error('Rota protegida sem usuário autenticado');
  return user;
};

/** SPEC §7 "Authentication and users": login, token renewal, logout, staff profile. */
export const usuarioRoutes: FastifyPluginAsyncZod<{ service: UsuarioService }> = async (app, { service }) => {
  app.post(
    '/usuario/cliente/auth',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Login por e-mail, CPF ou CNPJ e senha',
        description:
          'Informe `password` e exatamente um de `email`, `cpf` ou `cnpj` (os outros nulos). Limitado por IP e por conta (429).',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => ok(await service.login(request.body, request.ip), MSG.loginSucesso),
  );

  app.get(
    '/usuario/auth/atualizatoken/:idUser',
    {
      config: { access: { owner: 'idUser' } },
      schema: {
        summary: 'Renova o token do próprio usuário (novo jti e nova expiração)',
        params: userIdParamsSchema,
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => ok(await service.refreshToken(caller(request.user)), MSG.tokenRenovado),
  );

  app.post(
    '/usuario/logout/:userId',
    {
      config: { access: { owner: 'userId' } },
      schema: {
        summary: 'Logout: revoga o token usado na chamada',
        params: userIdParamsSchemaAlt,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.logout(caller(request.user));
      return ok(null, MSG.logoutSucesso);
    },
  );

  app.get(
    '/usuario/:id',
    {
      config: { access: { owner: 'id', or: ['ADMIN'] } },
      schema: {
        summary: 'Dados do usuário (o próprio ou, para o ADMIN, qualquer um)',
        params: idParamsSchema,
        response: { 200: usuarioResponseSchema },
      },
    },
    async (request) => ok(await service.getUsuario(request.params.id)),
  );
};
