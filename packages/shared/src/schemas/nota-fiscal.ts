/**
 * The NF-e of an order (docs/behaviour/orders.md#invoice, ADR 031): its status for the customer's order dialog and
 * the staff order view, the staff's 'Emitir novamente', and the paths of the DANFE and the XML (binary routes,
 * outside the JSON contract: the order's own customer or staff).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParam } from './common.js';

export const STATUS_NOTA_FISCAL = ['pendente', 'emitida', 'falhou'] as const;
export type StatusNotaFiscal = (typeof STATUS_NOTA_FISCAL)[number];

const notaFiscalSchema = z.object({
  status: z.enum(STATUS_NOTA_FISCAL),
  /** 'sandbox' or 'nfeio'. */
  provedor: z.string(),
  numero: z.number().int().nullable(),
  serie: z.number().int().nullable(),
  chaveAcesso: z.string().nullable(),
  /** Why the last attempt failed (SEFAZ's reason, a missing NCM, the provider unreachable). */
  motivoFalha: z.string().nullable(),
  tentativas: z.number().int(),
  emitidaEm: z.string().nullable(),
});
export type NotaFiscal = z.output<typeof notaFiscalSchema>;

export const notaFiscalApi = {
  daPedido: defineEndpoint({
    method: 'GET',
    path: '/pedido/:id/nota-fiscal',
    summary: 'A nota fiscal (NF-e) de um pedido: o cliente dono do pedido ou a equipe',
    description:
      'null enquanto o pedido não foi pago ou quando não tem produtos físicos (cursos são serviços, sem NF-e). Outro cliente: 403; pedido desconhecido: 404.',
    params: z.object({ id: idParam }),
    response: notaFiscalSchema.nullable(),
  }),
  reemitir: defineEndpoint({
    method: 'POST',
    path: '/pedido/:id/nota-fiscal/reemitir',
    summary: 'Pede de novo a emissão de uma nota fiscal que falhou (USUARIO e ADMIN; auditado)',
    description:
      'Só uma nota com status falhou (409 nos outros casos; 404 sem nota). Volta a pendente e entra na fila.',
    params: z.object({ id: idParam }),
    response: notaFiscalSchema,
  }),
};

export const NOTA_FISCAL_PDF_PATH = '/pedido/:id/nota-fiscal/danfe.pdf';
export const NOTA_FISCAL_XML_PATH = '/pedido/:id/nota-fiscal/nfe.xml';
export const notaFiscalPdfPath = (idPedido: number) => `/pedido/${idPedido}/nota-fiscal/danfe.pdf`;
export const notaFiscalXmlPath = (idPedido: number) => `/pedido/${idPedido}/nota-fiscal/nfe.xml`;
