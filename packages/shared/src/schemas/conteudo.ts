/**
 * Library, classroom, progress and certificates of digital products
 * (docs/behaviour/library-and-classroom.md; ADR 013).
 *
 * Who may see a course is decided by the server on every request: a CLIENTE
 * owns a digital product while one of its orders holding it is PAGO, ENVIADO
 * or ENTREGUE; an ADMIN sees every digital product. The files themselves are
 * served by binary routes (not JSON, so not `defineEndpoint`) that a `<video>`
 * or the PDF viewer loads with a short-lived signed URL from
 * `GET /conteudoproduto/{id}`; their paths and query are exported below.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { MSG_CURSO } from '../messages-curso.js';
import { certificadoApi, codigoCertificadoParam, type CertificadoPublico } from './certificado.js';
import { idParam, safeText } from './common.js';

/** Progress of one course for the caller: items done of all items, and the rounded percentage (0 to 100). */
const progressoCursoSchema = z.object({
  concluidos: z.number().int(),
  total: z.number().int(),
  percentual: z.number().int(),
});
export type ProgressoCurso = z.infer<typeof progressoCursoSchema>;

const autorSchema = z.object({ nome: z.string(), sobre: z.string().nullable(), pathImg: z.string().nullable() });

/** A card of the library (/library): a digital product the caller may open, with its progress. */
const produtoAcessoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  pathImgDestaque: z.string().nullable(),
  descricao: z.string().nullable(),
  /** Workload ('Carga horária'), free text. */
  duracao: z.string().nullable(),
  autores: z.array(autorSchema),
  progresso: progressoCursoSchema,
});
export type ProdutoAcesso = z.infer<typeof produtoAcessoSchema>;

/** A content item of the classroom list with the caller's progress on it. */
const conteudoItemSchema = z.object({
  id: z.number().int(),
  ordem: z.number().int(),
  titulo: z.string(),
  /** HH:MM:SS */
  duracao: z.string(),
  /** true: a video; false: a PDF (reading). */
  video: z.boolean(),
  concluido: z.boolean(),
  /** Where the video was left, in whole seconds (0 for PDFs and unseen videos). */
  posicaoSegundos: z.number().int(),
});
export type ConteudoItem = z.infer<typeof conteudoItemSchema>;

/** The certificate of a course as its owner sees it. */
const certificadoResumoSchema = z.object({
  codigo: z.string(),
  /** ISO 8601 instant the course reached 100 %. */
  concluidoEm: z.string(),
});

/** GET /conteudoproduto/produto/{id}/conteudo/{idUser}: the classroom of one course. */
const conteudoCursoSchema = z.object({
  id: z.number().int(),
  nomeProduto: z.string(),
  duracao: z.string().nullable(),
  autores: z.array(autorSchema),
  listaConteudoProduto: z.array(conteudoItemSchema),
  listaTag: z.array(z.object({ nome: z.string() })),
  progresso: progressoCursoSchema,
  /** The item the caller touched last (resume there), or null before the first one. */
  ultimoConteudoId: z.number().int().nullable(),
  /** Whether the caller may rate the course (a CLIENTE who owns it and has not rated it yet; never an ADMIN). */
  podeAvaliar: z.boolean(),
  /** Whether the caller already rated it. */
  avaliado: z.boolean(),
  /** The caller's certificate, once issued (POST /certificado/produto/{id} issues it at 100 %). */
  certificado: certificadoResumoSchema.nullable(),
});
export type ConteudoCurso = z.infer<typeof conteudoCursoSchema>;

/**
 * GET /conteudoproduto/{id}: one item and the signed URL its `<video>` or PDF
 * viewer loads (relative to the site: `/api/conteudoproduto/stream/{id}?u=…&e=…&s=…`
 * for a video, `/api/conteudoproduto/pdf/{id}?…` for a PDF). Ask again for a
 * fresh URL once `expiraEm` has passed (the media route answers 401 then).
 */
const conteudoAcessoSchema = z.object({
  id: z.number().int(),
  produtoId: z.number().int(),
  ordem: z.number().int(),
  titulo: z.string(),
  duracao: z.string(),
  video: z.boolean(),
  /** The file's MIME type (video/mp4, application/pdf, …). */
  tipo: z.string(),
  tamanho: z.number().int(),
  url: z.string(),
  /**
   * The signed URL that downloads the file (`/api/conteudoproduto/download/{id}?…`, same expiry), when the staff
   * allow it for this item (ADR 046); null otherwise.
   */
  downloadUrl: z.string().nullable(),
  /** ISO 8601 instant the URL stops working. */
  expiraEm: z.string(),
  concluido: z.boolean(),
  posicaoSegundos: z.number().int(),
});
export type ConteudoAcesso = z.infer<typeof conteudoAcessoSchema>;

/** Longest lesson position accepted, in seconds (a bit over 24 h, like the HH:MM:SS of a lesson). */
export const MAX_POSICAO_SEGUNDOS = 360_000;

/**
 * PUT /conteudoproduto/{id}/progresso: at least one of `concluido` (mark or
 * unmark done) and `posicaoSegundos` (the video position). The web sends
 * `concluido: true` at 90 % of a video and on the last page of a PDF.
 */
const progressoInputSchema = z
  .object({
    concluido: z.boolean({ error: MSG.progressoInvalido }).optional(),
    posicaoSegundos: z
      .number({ error: MSG.progressoInvalido })
      .int(MSG.progressoInvalido)
      .min(0, MSG.progressoInvalido)
      .max(MAX_POSICAO_SEGUNDOS, MSG.progressoInvalido)
      .optional(),
  })
  .refine((v) => v.concluido !== undefined || v.posicaoSegundos !== undefined, { error: MSG.progressoInvalido });
export type ProgressoInput = z.infer<typeof progressoInputSchema>;

const progressoConteudoSchema = z.object({
  conteudoId: z.number().int(),
  produtoId: z.number().int(),
  concluido: z.boolean(),
  posicaoSegundos: z.number().int(),
  /** The course's progress after this change. */
  progresso: progressoCursoSchema,
});
export type ProgressoConteudo = z.infer<typeof progressoConteudoSchema>;

/** What the owner gets when the certificate is issued (or asked for again). */
const certificadoSchema = z.object({
  codigo: z.string(),
  produtoId: z.number().int(),
  nomeCliente: z.string(),
  curso: z.string(),
  cargaHoraria: z.string().nullable(),
  concluidoEm: z.string(),
  emitidoEm: z.string(),
  /** Signed, short-lived URL of the PDF: `/api/certificado/{codigo}/pdf?u=…&e=…&s=…`. */
  url: z.string(),
  expiraEm: z.string(),
});
export type Certificado = z.infer<typeof certificadoSchema>;

/**
 * Query of a signed media URL: user id, expiry (Unix seconds) and the
 * signature (base64url). Loose on purpose: a malformed value is a bad
 * signature (401), checked by the API, not a validation error.
 */
export const midiaAssinadaQuerySchema = z.object({
  u: z.string().max(100).optional(),
  e: z.string().max(100).optional(),
  s: z.string().max(200).optional(),
});

/** Binary routes (relative to /api): video with HTTP Range, PDF inline, certificate PDF. */
export const CONTEUDO_STREAM_PATH = '/conteudoproduto/stream/:id';
export const CONTEUDO_PDF_PATH = '/conteudoproduto/pdf/:id';
/** The file as a download (attachment), only for an item whose download the staff allow (ADR 046). */
export const CONTEUDO_DOWNLOAD_PATH = '/conteudoproduto/download/:id';
export const CERTIFICADO_PDF_PATH = '/certificado/:codigo/pdf';
/**
 * The free preview of a course (ADR 047): public, with HTTP Range like the stream, serving only an item the staff
 * marked as preview of an active digital product (404 for any other). `{id}` is the content's id.
 */
export const CONTEUDO_PREVIA_PATH = '/conteudoproduto/previa/:id';
/** The preview's address as the web loads it. */
export const caminhoPrevia = (conteudoId: number) => `/api/conteudoproduto/previa/${conteudoId}`;

/** GET /cliente/produtosacesso/{idUser}?filtroProduto&idCliente (debounced 500 ms by the web). */
const produtosAcesso = defineEndpoint({
  method: 'GET',
  path: '/cliente/produtosacesso/:idUser',
  summary: 'Biblioteca: produtos digitais que o usuário pode abrir, com o progresso de cada um',
  description:
    'CLIENTE: os produtos digitais de pedidos PAGO, ENVIADO ou ENTREGUE; ADMIN: todos os produtos digitais. ' +
    '`idCliente` é aceito pela compatibilidade com o contrato original e ignorado: quem vê é decidido pelo token.',
  params: z.object({ idUser: idParam }),
  query: z.object({
    filtroProduto: safeText().max(150, MSG.textoLongo).optional(),
    idCliente: z.string().optional(),
  }),
  response: z.array(produtoAcessoSchema),
});

/** GET /conteudoproduto/produto/{id}/conteudo/{idUser}?idCliente. */
const conteudoCurso = defineEndpoint({
  method: 'GET',
  path: '/conteudoproduto/produto/:id/conteudo/:idUser',
  summary: 'Sala de aula: conteúdos, autores, tags e progresso de um curso',
  params: z.object({ id: idParam, idUser: idParam }),
  query: z.object({ idCliente: z.string().optional() }),
  response: conteudoCursoSchema,
});

/** GET /conteudoproduto/{id}: one item with a signed URL of its file. */
const conteudo = defineEndpoint({
  method: 'GET',
  path: '/conteudoproduto/:id',
  summary: 'Um conteúdo do curso, com a URL assinada (minutos) do vídeo ou PDF',
  params: z.object({ id: idParam }),
  response: conteudoAcessoSchema,
});

const progresso = defineEndpoint({
  method: 'PUT',
  path: '/conteudoproduto/:id/progresso',
  summary: 'Marca um conteúdo como concluído (ou não) e guarda a posição do vídeo',
  params: z.object({ id: idParam }),
  body: progressoInputSchema,
  response: progressoConteudoSchema,
});

const emitirCertificado = defineEndpoint({
  method: 'POST',
  path: '/certificado/produto/:id',
  summary: 'Emite (uma vez) o certificado de um curso concluído a 100 %; repetir devolve o mesmo',
  params: z.object({ id: idParam }),
  response: certificadoSchema,
});

export const conteudoApi = {
  produtosAcesso,
  conteudoCurso,
  conteudo,
  progresso,
  emitirCertificado,
  verificarCertificado: certificadoApi.verificar,
} as const;

export { codigoCertificadoParam, type CertificadoPublico };

// ---------------------------------------------------------------------------
// Back-office: the contents of a digital product (docs/behaviour/back-office.md#product-contents,
// §5 content rules, §7 POST /conteudoproduto/create/{productId}/{order} and
// DELETE /conteudoproduto/delete/{id}; ADMIN only).
// ---------------------------------------------------------------------------

/**
 * PRONTO: playable. PROCESSANDO: an uploaded AVI being converted to MP4 by a
 * background job (students do not see it yet). FALHOU: the conversion gave up.
 */
const processamentoConteudoSchema = z.enum(['PRONTO', 'PROCESSANDO', 'FALHOU']);

/**
 * File types a content may have (docs/behaviour/forms-and-validation.md#back-office-fields: pdf, mp4, avi; 'mvi' names no known
 * format and is refused). The server decides by the file's bytes, never by its
 * name; the name's extension must agree. An AVI is converted to MP4.
 */
export const CONTEUDO_EXTENSOES = ['.pdf', '.mp4', '.avi'] as const;
/** The `accept` of the web's file input. */
export const CONTEUDO_ACCEPT = '.pdf,.mp4,.avi,application/pdf,video/mp4,video/x-msvideo,video/avi';

/** HH:MM:SS, minutes and seconds 0-59 (the database checks the same). */
export const DURACAO_CONTEUDO_REGEX = /^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$/;

/** Title of a content: required ('Preencha todos os campos'), 3 to 150 characters. */
export const conteudoTituloField = safeText()
  .min(1, { error: MSG_BO.conteudoCamposObrigatorios, abort: true })
  .min(3, MSG.min3)
  .max(150, MSG.textoLongo);

/** Duration of a content: required, HH:MM:SS ('Formato de duração inválido. Use HH:MM:SS'). */
export const conteudoDuracaoField = safeText()
  .min(1, { error: MSG_BO.conteudoCamposObrigatorios, abort: true })
  .regex(DURACAO_CONTEUDO_REGEX, { error: MSG_BO.conteudoDuracaoInvalida });

/** The text fields of the multipart upload (`conteudo` is the file). */
export const conteudoCamposSchema = z.object({
  titulo: conteudoTituloField,
  duracao: conteudoDuracaoField,
});

/** Largest order accepted (a course has far fewer items; keeps the number an exact integer). */
export const MAX_ORDEM_CONTEUDO = 100_000;

/** The `{order}` path value: an integer from 1. */
const ordemConteudoParam = z
  .string({ error: MSG_BO.conteudoOrdemInvalida })
  .regex(/^[1-9][0-9]{0,5}$/, { error: MSG_BO.conteudoOrdemInvalida, abort: true })
  .transform(Number)
  .refine((n) => n <= MAX_ORDEM_CONTEUDO, { error: MSG_BO.conteudoOrdemInvalida });

/** A content as the back-office lists it (a classroom item plus file and processing state). */
const conteudoAdminItemSchema = z.object({
  id: z.number().int(),
  produtoId: z.number().int(),
  ordem: z.number().int(),
  titulo: z.string(),
  /** HH:MM:SS */
  duracao: z.string(),
  /** true: a video (MP4, or an AVI being converted); false: a PDF. */
  video: z.boolean(),
  /** MIME type of the stored file: application/pdf, video/mp4, or video/x-msvideo while an AVI is converted. */
  tipo: z.string(),
  /** Bytes of the stored file. */
  tamanho: z.number().int(),
  processamento: processamentoConteudoSchema,
  /** The name the file had on the uploader's computer. */
  nomeArquivo: z.string().nullable(),
  /** Buyers may download the file from the classroom (ADR 046). */
  permiteDownload: z.boolean(),
  /** A free preview: anyone may open it from the course's page (ADR 047). */
  previaGratuita: z.boolean(),
});
export type ConteudoAdminItem = z.infer<typeof conteudoAdminItemSchema>;

/** The staff list of a product's contents, in order. */
const conteudosProdutoAdminSchema = z.object({
  produtoId: z.number().int(),
  nomeProduto: z.string(),
  listaConteudoProduto: z.array(conteudoAdminItemSchema),
});
export type ConteudosProdutoAdmin = z.infer<typeof conteudosProdutoAdminSchema>;

/**
 * POST /conteudoproduto/create/{productId}/{order}: multipart with the
 * fields `conteudo` (the file), `titulo` and `duracao`, in any order. The
 * contract has no JSON body: the web sends a FormData with `callUpload`.
 */
const criarConteudo = defineEndpoint({
  method: 'POST',
  path: '/conteudoproduto/create/:productId/:order',
  summary: 'Adiciona um conteúdo (PDF, MP4 ou AVI) a um produto digital (multipart: conteudo, titulo, duracao)',
  description:
    'ADMIN. O tipo é decidido pelos bytes do arquivo (PDF, MP4 ou AVI; a extensão precisa bater). ' +
    'O arquivo é gravado em fluxo, sem ficar inteiro na memória. Um AVI fica PROCESSANDO até ser ' +
    'convertido para MP4 (H.264/AAC) por uma tarefa em segundo plano. Ordem a partir de 1, única no produto (409).',
  params: z.object({ productId: idParam, order: ordemConteudoParam }),
  response: conteudoAdminItemSchema,
  status: 201,
});

/** DELETE /conteudoproduto/delete/{id}: the row, its file and its progress rows. */
const excluirConteudo = defineEndpoint({
  method: 'DELETE',
  path: '/conteudoproduto/delete/:id',
  summary: 'Exclui um conteúdo, seu arquivo e o progresso dos alunos nele',
  params: z.object({ id: idParam }),
  response: z.object({ id: z.number().int() }),
});

/** The back-office list of a product's contents (an extension: the original brief has no such call). */
const listarConteudos = defineEndpoint({
  method: 'GET',
  path: '/conteudoproduto/admin/produto/:id',
  summary: 'Lista os conteúdos de um produto digital para o back-office (com o estado de processamento)',
  params: z.object({ id: idParam }),
  response: conteudosProdutoAdminSchema,
});

/** PUT /conteudoproduto/{id}/download: whether buyers may download the item's file from the classroom (ADR 046). */
const permitirDownload = defineEndpoint({
  method: 'PUT',
  path: '/conteudoproduto/:id/download',
  summary: 'ADMIN: libera ou bloqueia o download de um conteúdo',
  params: z.object({ id: idParam }),
  body: z.object({ permiteDownload: z.boolean({ error: MSG_BO.conteudoCamposObrigatorios }) }),
  response: conteudoAdminItemSchema,
});

/** PUT /conteudoproduto/{id}/previa: whether the content is a free preview on the course's page (ADR 047). */
const alterarPrevia = defineEndpoint({
  method: 'PUT',
  path: '/conteudoproduto/:id/previa',
  summary: 'Marca ou desmarca um conteúdo como prévia grátis na página do curso',
  description:
    'ADMIN. Uma prévia pode ser aberta por qualquer visitante em /api/conteudoproduto/previa/{id} enquanto o produto estiver ativo.',
  params: z.object({ id: idParam }),
  body: z.object({ previaGratuita: z.boolean({ error: MSG_CURSO.previaInvalida }) }),
  response: conteudoAdminItemSchema,
});

export const conteudoAdminApi = {
  alterarPrevia,
  criar: criarConteudo,
  excluir: excluirConteudo,
  listar: listarConteudos,
  permitirDownload,
} as const;
