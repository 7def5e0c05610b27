import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { UsuarioService } from './usuario.service.js';

/** Users and access: the ADMIN only (docs/behaviour/README.md#roles). */
const GERENTE = ['ADMIN'] as const;

/**
 * Authentication and users (docs/behaviour/accounts-and-sign-in.md, docs/behaviour/back-office.md#users-and-access):
 * login, token renewal, logout, staff profile, users and access.
 */
export const usuarioRoutes: FastifyPluginAsync<{ service: UsuarioService }> = async (app, { service }) => {
  route(app, usuarioApi.login, { access: 'public' }, async (request) =>
    ok(await service.login(request.body, request.ip), MSG_API.loginSucesso),
  );

  route(app, usuarioApi.atualizaToken, { access: { owner: 'idUser' } }, async (request) =>
    ok(await service.refreshToken(authUser(request)), MSG_API.tokenRenovado),
  );

  route(app, usuarioApi.logout, { access: { owner: 'userId' } }, async (request) => {
    await service.logout(authUser(request));
    return ok(null, MSG_API.logoutSucesso);
  });

  route(app, usuarioApi.recuperarSenha, { access: 'public' }, async (request) => {
    await service.recuperarSenha(request.body.email, request.body.novaSenha);
    return ok(null, MSG.senhaRedefinida);
  });

  route(app, usuarioApi.editarEmail, { access: { owner: 'idUser' } }, async (request) =>
    ok(
      await service.editarEmail(authUser(request), request.body.novoEmail, request.body.senhaAtual),
      MSG.emailAlterado,
    ),
  );

  route(app, usuarioApi.editarSenha, { access: { owner: 'idUser' } }, async (request) =>
    ok(
      await service.editarSenha(authUser(request), request.body.senhaAtual, request.body.senhaNova),
      MSG.senhaAlterada,
    ),
  );

  route(app, usuarioApi.get, { access: { owner: 'id', or: ['ADMIN'] } }, async (request) =>
    ok(await service.getUsuario(request.params.id)),
  );

  route(app, usuarioAdminApi.buscar, { access: GERENTE }, async (request) =>
    ok(await service.admin.listar(request.query)),
  );

  route(app, usuarioAdminApi.criar, { access: GERENTE }, async (request) =>
    ok(await service.admin.criar(authUser(request), request.body), MSG_BO.usuarioCadastrado),
  );

  route(app, usuarioAdminApi.alterarAtivo, { access: GERENTE }, async (request) =>
    ok(
      await service.admin.alterarAtivo(authUser(request), request.params.id, request.params.ativo),
      MSG_BO.usuarioAtivoAlterado,
    ),
  );

  route(app, usuarioAdminApi.alterarPermissao, { access: GERENTE }, async (request) =>
    ok(
      await service.admin.alterarPermissao(authUser(request), request.params.id, request.body.id),
      MSG_BO.usuarioPermissaoAlterada,
    ),
  );

  route(app, usuarioAdminApi.editar, { access: GERENTE }, async (request) =>
    ok(await service.admin.editar(authUser(request), request.params.id, request.body), MSG_BO.usuarioEditado),
  );
};
