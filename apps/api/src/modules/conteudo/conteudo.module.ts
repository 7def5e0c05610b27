import type { FastifyInstance } from 'fastify';
import type { ApiModule } from '../../app-context.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/files/index.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import { chaveMidia } from './assinatura.js';
import { createConteudoAdminRepository } from './conteudo-admin.repository.js';
import { conteudoAdminRoutes } from './conteudo-admin.routes.js';
import { createConteudoAdminService } from './conteudo-admin.service.js';
import { createConteudoRepository } from './conteudo.repository.js';
import { conteudoRoutes } from './conteudo.routes.js';
import { createConteudoService } from './conteudo.service.js';

/** Course contents (ADMIN): uploads streamed to private storage; an AVI converted to MP4 by a job. */
export function createConteudoAdmin(
  app: FastifyInstance,
  deps: { config: Config; db: Db; storage: FileStorage; jobs: JobQueue },
) {
  const { config, db } = deps;
  return createConteudoAdminService({
    db,
    repository: createConteudoAdminRepository(db),
    storage: deps.storage,
    jobs: deps.jobs,
    maxBytes: config.CONTEUDO_MAX_BYTES,
    conversaoTimeoutMs: config.CONTEUDO_TRANSCODE_TIMEOUT_SECONDS * 1000,
    log: app.log.child({ modulo: 'conteudos' }),
  });
}

/** Library, classroom and certificates: media through signed URLs keyed off the JWT secret (ADR 013). */
export const conteudoModule: ApiModule = async (api, { config, db, storage, jwtSecret, clock }) => {
  await api.register(conteudoRoutes, {
    service: createConteudoService({
      repository: createConteudoRepository(db),
      storage,
      chave: chaveMidia(jwtSecret),
      clock,
      publicUrl: config.PUBLIC_URL,
    }),
  });
};

export const conteudoAdminModule: ApiModule = async (api, { config, conteudoAdmin }) => {
  await api.register(conteudoAdminRoutes, { service: conteudoAdmin, maxBytes: config.CONTEUDO_MAX_BYTES });
};
