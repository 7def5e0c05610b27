import type { ApiModule } from '../../app-context.js';
import { createDesistencia } from './pedido-desistencia.js';
import { createEmpresaRepository } from '../empresa/empresa.repository.js';
import { createEmpresaService } from '../empresa/empresa.service.js';
import { pedidoRoutes } from './pedido.routes.js';
import { createPedidoService } from './pedido.service.js';

/** Orders: read, listed, cancelled and moved by staff; created and paid through the checkout. */
export const pedidoModule: ApiModule = async (api, { db, pedidoRepository, checkout, avisos, jobs, notasFiscais }) => {
  await api.register(pedidoRoutes, {
    service: createPedidoService({
      db,
      empresa: createEmpresaService({ repository: createEmpresaRepository(db) }).get,
      repository: pedidoRepository,
      pagamentos: checkout,
      avisos,
      jobs,
      notaFiscal: notasFiscais,
    }),
    desistencia: createDesistencia({ db, repository: pedidoRepository, pagamentos: checkout, avisos, jobs }),
  });
};
