import type { ApiModule } from '../../app-context.js';
import { privacidadeRoutes } from './privacidade.routes.js';
import { createPrivacidadeService } from './privacidade.service.js';

/** The holder's rights under the LGPD: consent, data export, account closure (ADR 038). */
export const privacidadeModule: ApiModule = async (api, { db, usuarioService }) => {
  await api.register(privacidadeRoutes, {
    service: createPrivacidadeService({
      db,
      conferirSenha: (usuarioId, senha) => usuarioService.conferirSenhaAtual(usuarioId, senha),
    }),
  });
};
