import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { NOTA_FISCAL_PDF_PATH, NOTA_FISCAL_XML_PATH, notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { NotaFiscalService } from './nota-fiscal.service.js';

const DONO_OU_EQUIPE = ['CLIENTE', 'USUARIO', 'ADMIN'] as const;
const EQUIPE = ['USUARIO', 'ADMIN'] as const;
const idSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The NF-e of an order (docs/behaviour/orders.md#invoice): its status, 'Emitir novamente', the DANFE and the XML. */
export const notaFiscalRoutes: FastifyPluginAsync<{ service: NotaFiscalService; avisosNfeio: boolean }> = async (
  app,
  { service, avisosNfeio },
) => {
  route(app, notaFiscalApi.daPedido, { access: DONO_OU_EQUIPE }, async (request) =>
    ok(await service.ler(authUser(request), request.params.id)),
  );

  route(app, notaFiscalApi.reemitir, { access: EQUIPE }, async (request) =>
    ok(await service.reemitir(authUser(request), request.params.id), MSG_NFE.reemissaoPedida),
  );

  // Binary answers, outside the JSON contract (as the boleto's PDF): the order's owner or staff.
  for (const [path, tipo] of [
    [NOTA_FISCAL_PDF_PATH, 'pdf'],
    [NOTA_FISCAL_XML_PATH, 'xml'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: DONO_OU_EQUIPE },
        schema: {
          summary: tipo === 'pdf' ? 'O DANFE (PDF) da nota fiscal de um pedido' : 'O XML da nota fiscal de um pedido',
          description:
            'O cliente dono do pedido ou a equipe. Outro cliente: 403; sem nota: 404; nota não emitida: 409.',
          params: idSchema,
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const arquivo = await service.documento(authUser(request), id, tipo);
        return reply
          .type(tipo === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8')
          .header('content-disposition', `inline; filename="nfe-pedido-${id}.${tipo}"`)
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(arquivo);
      },
    );
  }

  if (avisosNfeio) {
    // NFE.io's notice of an invoice's new status: acknowledged, then the invoice is read again at NFE.io.
    app.post(
      '/nota-fiscal/webhook/nfeio',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Aviso da NFE.io sobre uma nota fiscal (a nota é relida na NFE.io)',
          body: z.object({ id: z.string().min(1).max(100) }).passthrough(),
        },
      },
      async (request) => {
        await service.aviso((request.body as { id: string }).id);
        return ok({ recebido: true });
      },
    );
  }
};
