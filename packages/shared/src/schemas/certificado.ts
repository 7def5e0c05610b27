/**
 * The public check of a course certificate (docs/behaviour/library-and-classroom.md; ADR 013), apart from the rest of
 * the courses' contract (conteudo.ts, which re-exports it): /certificado/{codigo} is a public page, and conteudo.ts
 * carries the back-office's texts (docs/quality.md#p6-javascript-of-the-public-pages).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';

/**
 * GET /certificado/{codigo}: the public check of a certificate. Only what is
 * printed on it: the name, the course, the workload and the date; nothing
 * else about the client (no e-mail, CPF, orders).
 */
const certificadoPublicoSchema = z.object({
  codigo: z.string(),
  /** False once revoked: the course's order was withdrawn or refunded (ADR 036). */
  valido: z.boolean(),
  /** ISO-8601 instant it was revoked; null while valid. */
  revogadoEm: z.string().nullable(),
  nomeCliente: z.string(),
  curso: z.string(),
  cargaHoraria: z.string().nullable(),
  concluidoEm: z.string(),
});
export type CertificadoPublico = z.infer<typeof certificadoPublicoSchema>;

/**
 * A verification code as typed by a person: letters, digits and dashes (the
 * printed form is `XXXX-XXXX-XXXX-XX`, case and dashes ignored).
 */
export const codigoCertificadoParam = z
  .string({ error: MSG.certificadoCodigoInvalido })
  .regex(/^[0-9A-Za-z-]{8,40}$/, { error: MSG.certificadoCodigoInvalido });

const verificar = defineEndpoint({
  method: 'GET',
  path: '/certificado/:codigo',
  summary: 'Verificação pública de um certificado pelo código',
  params: z.object({ codigo: codigoCertificadoParam }),
  response: certificadoPublicoSchema,
});

/** The public certificate check. */
export const certificadoApi = { verificar } as const;
