import type { ApiModule } from '../../app-context.js';
import { createContatoService } from './contato.service.js';
import { emailRoutes } from './email.routes.js';
import { createEmailService } from './email.service.js';

/** E-mail codes (confirmation, recovery, edits) and the contact form. */
export const emailModule: ApiModule = async (
  api,
  { config, db, rateLimiter, mailer, usuarios, codigos, usuarioService },
) => {
  await api.register(emailRoutes, {
    rateLimiter,
    maxContatosPorIpHora: config.RATE_LIMIT_CONTACT_IP,
    contato: createContatoService({ db, mailer }),
    service: createEmailService({
      db,
      usuarios,
      codigos,
      minDelayMs: config.LOGIN_MIN_DELAY_MS,
      conferirSenhaAtual: usuarioService.conferirSenhaAtual,
    }),
  });
};
