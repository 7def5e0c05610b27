import type { ApiModule } from '../app-context.js';
import { MSG_API } from '@clinica/shared/messages-api';
import { AppError } from '../lib/errors.js';
import { metricsTokenVerdict } from '../lib/metrics.js';

/**
 * GET /api/metrics (ADR 040, docs/monitoring.md): the Prometheus exposition on the main port, only with
 * METRICS_TOKEN and only to `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time): 401 without a
 * bearer token, 403 with another one. Not an envelope endpoint of the contract (Prometheus reads text), so it is
 * registered outside `route()`; its access is declared public and the token is its own check.
 */
export const metricsModule: ApiModule = async (api, { config, metrics }) => {
  const token = config.METRICS_TOKEN;
  if (!metrics || !token) return;
  api.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const verdict = metricsTokenVerdict(request.headers.authorization, token);
    if (verdict === 'missing') {
      reply.header('www-authenticate', 'Bearer realm="metricas"');
      throw new AppError(401, MSG_API.metricasSemToken);
    }
    if (verdict === 'wrong') throw new AppError(403, MSG_API.metricasTokenInvalido);
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
};
