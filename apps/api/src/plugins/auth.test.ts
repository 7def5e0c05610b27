import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import type { RouteAccess } from '../lib/access.js';
import { createLogger } from '../lib/logger.js';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import {
  bearer,
  body,
  createTestApp,
  loginToken,
  TEST_JWT_SECRET,
  testDatabaseTargets,
  type TestApp,
  memoryLog,
} from '../test/harness.js';
import type { TokenSubject } from '../lib/jwt.js';
import { undeclaredRoutes } from './auth.js';

/**
 * The access each API route must have (docs/architecture.md#access-rules; the
 * roles in docs/behaviour/README.md#roles). A new route fails the walk below until it is added
 * here, and the matrix then checks it for every kind of caller.
 */
/** The staff: the team (USUARIO) and the manager (ADMIN). */
const EQUIPE: RouteAccess = ['USUARIO', 'ADMIN'];

export const EXPECTED_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // The bearer METRICS_TOKEN is the route's own check (plugins/metrics.ts).
  'GET /api/metrics': 'public',
  'POST /api/usuario/cliente/auth': 'public',
  'GET /api/usuario/auth/atualizatoken/:idUser': { owner: 'idUser' },
  'POST /api/usuario/logout/:userId': { owner: 'userId' },
  'PUT /api/usuario/recuperarSenha': 'public',
  'PUT /api/usuario/editar/email/:idUser': { owner: 'idUser' },
  'PUT /api/usuario/editar/senha/:idUser': { owner: 'idUser' },
  'GET /api/usuario/:id': { owner: 'id', or: ['ADMIN'] },
  'POST /api/email/emailcontato': 'public',
  'POST /api/email/codigorecuperacaoacesso': 'public',
  'POST /api/email/valida/codigorecuperacaoacesso': 'public',
  'POST /api/email/reenviarcodigo/edicaoEmail/:idUser': { owner: 'idUser' },
  'POST /api/email/reenviarcodigo/edicaoSenha/:idUser': { owner: 'idUser' },
  'PUT /api/email/recevecodigo/edicao/:idUser': { owner: 'idUser' },
  'POST /api/email/reenviarcodigo/criacao/:userId': { owner: 'userId' },
  'POST /api/email/reenviarcodigo/confirmacao/:userId': { owner: 'userId' },
  'PUT /api/email/recevecodigo/confirmacao/:userId': { owner: 'userId' },
  'POST /api/cliente/create': 'public',
  'GET /api/profile/:userId': { owner: 'userId', or: ['ADMIN', 'USUARIO'] },
  'PUT /api/profile/editar/:clientId': { owner: 'clientId', claim: 'idCliente' },
  'GET /api/cliente/:clientId/enderecos': { owner: 'clientId', claim: 'idCliente', or: ['USUARIO', 'ADMIN'] },
  'POST /api/cliente/:clientId/enderecos': { owner: 'clientId', claim: 'idCliente' },
  'PUT /api/cliente/:clientId/enderecos/:id': { owner: 'clientId', claim: 'idCliente' },
  'DELETE /api/cliente/:clientId/enderecos/:id': { owner: 'clientId', claim: 'idCliente' },
  'PUT /api/cliente/:clientId/enderecos/:id/padrao': { owner: 'clientId', claim: 'idCliente' },
  'PUT /api/cliente/:clientId/cro': { owner: 'clientId', claim: 'idCliente' },
  'GET /api/empresa/': 'public',
  'POST /api/empresa/': ['ADMIN'],
  'GET /api/produto/fisicodigital': 'public',
  'GET /api/produto/:id': 'public',
  'GET /api/produto/:id/comprados-juntos': 'public',
  'GET /api/produto/site/': 'public',
  'GET /api/produto/categoria': 'public',
  'GET /api/produto/buscaNomeListagem': 'public',
  'GET /api/produto/vitrine': 'public',
  'GET /api/produto/buscaNome/:text': 'public',
  'GET /api/produto/produtobrinde': 'public',
  'GET /api/produto/estoque': 'public',
  'POST /api/produto/:id/avise-me': 'public',
  'GET /api/sacola': ['CLIENTE'],
  'PUT /api/sacola': ['CLIENTE'],
  'POST /api/sacola/mesclar': ['CLIENTE'],
  'GET /api/notificacao': ['CLIENTE'],
  'PUT /api/notificacao/lidas': ['CLIENTE'],
  'PUT /api/notificacao/:id/lida': ['CLIENTE'],
  'GET /api/produto/sugestoes': 'public',
  'GET /api/favoritos': ['CLIENTE'],
  'GET /api/favoritos/ids': ['CLIENTE'],
  'PUT /api/favoritos/:produtoId': ['CLIENTE'],
  'DELETE /api/favoritos/:produtoId': ['CLIENTE'],
  'GET /api/privacidade/consentimento/:clientId': { owner: 'clientId', claim: 'idCliente', or: ['ADMIN'] },
  'PUT /api/privacidade/consentimento/:clientId': { owner: 'clientId', claim: 'idCliente' },
  'GET /api/privacidade/exportar/:clientId': { owner: 'clientId', claim: 'idCliente', or: ['ADMIN'] },
  'GET /api/privacidade/exportar/:clientId/resumo': { owner: 'clientId', claim: 'idCliente', or: ['ADMIN'] },
  'POST /api/privacidade/excluir/:clientId': { owner: 'clientId', claim: 'idCliente' },
  'POST /api/privacidade/equipe/anonimizar/:clientId': ['ADMIN'],
  'GET /api/email/descadastrar': 'public',
  'POST /api/email/descadastrar': 'public',
  'POST /api/produto/avaliacao': ['CLIENTE'],
  // Back-office: products and picture uploads
  'GET /api/produto/listagem': EQUIPE,
  'GET /api/produto/admin/:id': EQUIPE,
  'POST /api/produto/create/': EQUIPE,
  'PUT /api/produto/editar/:id': EQUIPE,
  'POST /api/produto/:id/estoque/movimento': EQUIPE,
  'GET /api/produto/:id/estoque/movimentos': EQUIPE,
  'GET /api/produto/estoque/baixo': EQUIPE,
  'PUT /api/produto/create/:productId/:isHomeImage': EQUIPE,
  'GET /api/produto/imagens/imagem/produto/:id': EQUIPE,
  'PUT /api/produto/imagens/imagem/produto/:id/ordem': EQUIPE,
  'DELETE /api/produto/imagens/imagem/delete/:imageId': EQUIPE,
  'POST /api/autor/save/imgautor/:id': EQUIPE,
  'GET /api/condicaodesconto/ativa': 'public',
  'GET /api/condicoescomerciais/': 'public',
  'POST /api/condicoescomerciais/': ['ADMIN'],
  // Back-office: authors, categories, discount conditions
  'GET /api/condicaodesconto/listagem': EQUIPE,
  'GET /api/condicaodesconto/:id': EQUIPE,
  'POST /api/condicaodesconto/': EQUIPE,
  'PUT /api/condicaodesconto/:id': EQUIPE,
  'DELETE /api/condicaodesconto/delete/:id': EQUIPE,
  'GET /api/autor/': EQUIPE,
  'GET /api/autor/listagem': EQUIPE,
  'GET /api/autor/:id': EQUIPE,
  'POST /api/autor/create': EQUIPE,
  'PUT /api/autor/editar/:id': EQUIPE,
  'DELETE /api/autor/delete/:id': EQUIPE,
  'GET /api/categoria/': EQUIPE,
  'GET /api/categoria/AllDigital/': EQUIPE,
  'GET /api/categoria/AllFisico/': EQUIPE,
  'GET /api/categoria/listagem': EQUIPE,
  'GET /api/categoria/:id': EQUIPE,
  'POST /api/categoria/create': EQUIPE,
  'PUT /api/categoria/:id': EQUIPE,
  'DELETE /api/categoria/delete/:id': EQUIPE,
  'GET /api/arquivos/*': 'public',
  'GET /api/sandbox/emails': 'public',
  'GET /api/uf/': 'public',
  'GET /api/endereco/uf': 'public',
  'GET /api/municipio/estado/:ufId': 'public',
  'GET /api/viacep/:cep': 'public',
  'POST /api/frete/calcular': 'public',
  'GET /api/melhorenvio/auth': ['ADMIN', 'USUARIO'],
  'GET /api/melhorenvio/callback': 'public',
  'POST /api/pedido/create': ['CLIENTE'],
  'GET /api/pedido/tentativa/:chave': ['CLIENTE'],
  'POST /api/pagamento/processar': ['CLIENTE'],
  'GET /api/pagamento/configuracao': 'public',
  'GET /api/pagamento/parcelas': ['CLIENTE'],
  'POST /api/sandbox/cartao/token': 'public',
  'GET /api/sandbox/cartao/metodos': 'public',
  'POST /api/sandbox/pix/consultar': 'public',
  'POST /api/sandbox/pix/pagar': 'public',
  'POST /api/sandbox/boleto/consultar': 'public',
  'POST /api/sandbox/boleto/pagar': 'public',
  'GET /api/pagamento/:id/boleto/pdf': ['CLIENTE'],
  'GET /api/pedido/:id': ['CLIENTE', 'USUARIO', 'ADMIN'],
  'GET /api/pedido/:id/nota-fiscal': ['CLIENTE', 'USUARIO', 'ADMIN'],
  'GET /api/pedido/:id/nota-fiscal/danfe.pdf': ['CLIENTE', 'USUARIO', 'ADMIN'],
  'GET /api/pedido/:id/comprovante.pdf': ['CLIENTE'],
  'GET /api/pedido/:id/nota-fiscal/nfe.xml': ['CLIENTE', 'USUARIO', 'ADMIN'],
  'POST /api/pedido/:id/nota-fiscal/reemitir': EQUIPE,
  'PUT /api/pedido/cancelar/:id': ['CLIENTE', 'USUARIO', 'ADMIN'],
  'GET /api/pedido/listagem/cliente/:clientId': { owner: 'clientId', claim: 'idCliente' },
  'GET /api/pedido/admin/listagem': EQUIPE,
  'GET /api/cliente/produtosacesso/:idUser': { owner: 'idUser', or: ['ADMIN'] },
  'GET /api/conteudoproduto/produto/:id/conteudo/:idUser': { owner: 'idUser', or: ['ADMIN'] },
  'GET /api/conteudoproduto/:id': ['CLIENTE', 'ADMIN'],
  'PUT /api/conteudoproduto/:id/progresso': ['CLIENTE', 'ADMIN'],
  'POST /api/certificado/produto/:id': ['CLIENTE'],
  'GET /api/certificado/:codigo': 'public',
  // Back-office: course contents, ADMIN only (ADR 013)
  'GET /api/conteudoproduto/admin/produto/:id': ['ADMIN'],
  'POST /api/conteudoproduto/create/:productId/:order': ['ADMIN'],
  'DELETE /api/conteudoproduto/delete/:id': ['ADMIN'],
  'PUT /api/conteudoproduto/:id/download': ['ADMIN'],
  'PUT /api/conteudoproduto/:id/previa': ['ADMIN'],
  'GET /api/conteudoproduto/previa/:id': 'public',
  'GET /api/conteudoproduto/stream/:id': 'public',
  'GET /api/conteudoproduto/pdf/:id': 'public',
  'GET /api/conteudoproduto/download/:id': 'public',
  'GET /api/certificado/:codigo/pdf': 'public',
  // Back-office: users
  'GET /api/usuario/buscar': ['ADMIN'],
  'POST /api/usuario/': ['ADMIN'],
  'PUT /api/usuario/updateativo/:id/:ativo': ['ADMIN'],
  'PUT /api/usuario/updatepermissao/:id': ['ADMIN'],
  'PUT /api/usuario/admin/:id': ['ADMIN'],
  // Back-office: clients
  'GET /api/cliente/buscar': EQUIPE,
  'GET /api/cliente/buscar/:id': EQUIPE,
  'GET /api/cliente/buscaNome/:text': EQUIPE,
  // Back-office: staff order moves
  'PUT /api/pedido/enviar/:id': EQUIPE,
  'PUT /api/pedido/entregar/:id': EQUIPE,
  // The right of withdrawal (ADR 036): the order's customer; the staff record the return's arrival
  'PUT /api/pedido/desistir/:id': ['CLIENTE'],
  'PUT /api/pedido/receber-devolucao/:id': EQUIPE,
  // Back-office: audit
  'GET /api/auditoria/:entidade/:entidadeId': EQUIPE,
  // Back-office: dashboard
  'GET /api/dashboard/vendas': ['ADMIN'],
  // Discount coupons (ADR 025): reads for the staff, writes for the manager; the customer checks a code on the bag.
  'GET /api/cupom/listagem': EQUIPE,
  'GET /api/cupom/:id': EQUIPE,
  'GET /api/cupom/:id/usos': EQUIPE,
  'POST /api/cupom/': ['ADMIN'],
  'PUT /api/cupom/:id': ['ADMIN'],
  'PUT /api/cupom/desativar/:id': ['ADMIN'],
  'POST /api/cupom/validar': ['CLIENTE'],
  // Background jobs ('Tarefas', ADR 007):
  'GET /api/tarefa/listagem': ['ADMIN'],
  'GET /api/tarefa/resumo': ['ADMIN'],
  'GET /api/tarefa/:id': ['ADMIN'],
  'PUT /api/tarefa/tentarnovamente/:id': ['ADMIN'],
};

/**
 * Digital content (ADR 013): who owns a course comes from paid orders, not
 * from the path, and the media routes are public to the guard because they
 * check a signed URL or the bearer token themselves. The matrix checks their
 * role layer on ids that name nothing (anyone the rule admits gets 404), with
 * the rule the media routes apply; modules/conteudo/conteudo.test.ts checks
 * owners and non-owners.
 */
const NADA = 2_147_483_000;
const MATRIX_OVERRIDES: Record<string, { url: string; access?: RouteAccess }> = {
  // Open to no user's token, only to METRICS_TOKEN (ADR 040): 401 without a bearer token, 403 with a user's.
  'GET /api/metrics': { url: '/api/metrics', access: [] },
  // A client that does not exist: the ADMIN's call must not close client A's account (404).
  'POST /api/privacidade/equipe/anonimizar/:clientId': { url: `/api/privacidade/equipe/anonimizar/${NADA}` },
  'GET /api/conteudoproduto/produto/:id/conteudo/:idUser': {
    url: `/api/conteudoproduto/produto/${NADA}/conteudo/:idUser`,
  },
  'GET /api/conteudoproduto/:id': { url: `/api/conteudoproduto/${NADA}` },
  'PUT /api/conteudoproduto/:id/progresso': { url: `/api/conteudoproduto/${NADA}/progresso` },
  'POST /api/certificado/produto/:id': { url: `/api/certificado/produto/${NADA}` },
  'GET /api/conteudoproduto/stream/:id': { url: `/api/conteudoproduto/stream/${NADA}`, access: ['CLIENTE', 'ADMIN'] },
  'GET /api/conteudoproduto/pdf/:id': { url: `/api/conteudoproduto/pdf/${NADA}`, access: ['CLIENTE', 'ADMIN'] },
  'GET /api/conteudoproduto/download/:id': {
    url: `/api/conteudoproduto/download/${NADA}`,
    access: ['CLIENTE', 'ADMIN'],
  },
  'GET /api/certificado/:codigo/pdf': { url: '/api/certificado/0000-0000-0000-00/pdf', access: ['CLIENTE'] },
  // Product back-office writes: ids that name nothing, so the staff's calls change no seeded product or picture (404).
  'PUT /api/produto/editar/:id': { url: `/api/produto/editar/${NADA}` },
  'PUT /api/produto/create/:productId/:isHomeImage': { url: `/api/produto/create/${NADA}/false` },
  'DELETE /api/produto/imagens/imagem/delete/:imageId': { url: `/api/produto/imagens/imagem/delete/${NADA}` },
  'PUT /api/produto/imagens/imagem/produto/:id/ordem': { url: `/api/produto/imagens/imagem/produto/${NADA}/ordem` },
  'POST /api/autor/save/imgautor/:id': { url: `/api/autor/save/imgautor/${NADA}` },
  // Contents back-office: ids that name nothing, so the ADMIN's calls change no seeded content (404).
  'POST /api/conteudoproduto/create/:productId/:order': { url: `/api/conteudoproduto/create/${NADA}/1` },
  'DELETE /api/conteudoproduto/delete/:id': { url: `/api/conteudoproduto/delete/${NADA}` },
  'PUT /api/conteudoproduto/:id/download': { url: `/api/conteudoproduto/${NADA}/download` },
  'PUT /api/conteudoproduto/:id/previa': { url: `/api/conteudoproduto/${NADA}/previa` },
  // Ids that name nothing, so the ADMIN's calls deactivate, demote or edit no seeded account (404).
  'PUT /api/usuario/updateativo/:id/:ativo': { url: `/api/usuario/updateativo/${NADA}/false` },
  'PUT /api/usuario/updatepermissao/:id': { url: `/api/usuario/updatepermissao/${NADA}` },
  'PUT /api/usuario/admin/:id': { url: `/api/usuario/admin/${NADA}` },
  // Orders: ids that name nothing, so no call reads or cancels a seeded demo order (404), and no staff move changes one.
  'GET /api/pedido/:id': { url: `/api/pedido/${NADA}` },
  'GET /api/pedido/:id/nota-fiscal': { url: `/api/pedido/${NADA}/nota-fiscal` },
  'GET /api/pedido/:id/nota-fiscal/danfe.pdf': { url: `/api/pedido/${NADA}/nota-fiscal/danfe.pdf` },
  'GET /api/pedido/:id/comprovante.pdf': { url: `/api/pedido/${NADA}/comprovante.pdf` },
  'GET /api/pedido/:id/nota-fiscal/nfe.xml': { url: `/api/pedido/${NADA}/nota-fiscal/nfe.xml` },
  'POST /api/pedido/:id/nota-fiscal/reemitir': { url: `/api/pedido/${NADA}/nota-fiscal/reemitir` },
  'PUT /api/pedido/cancelar/:id': { url: `/api/pedido/cancelar/${NADA}` },
  'PUT /api/pedido/enviar/:id': { url: `/api/pedido/enviar/${NADA}` },
  'PUT /api/pedido/entregar/:id': { url: `/api/pedido/entregar/${NADA}` },
  'PUT /api/pedido/desistir/:id': { url: `/api/pedido/desistir/${NADA}` },
  'PUT /api/pedido/receber-devolucao/:id': { url: `/api/pedido/receber-devolucao/${NADA}` },
  'GET /api/pagamento/:id/boleto/pdf': { url: `/api/pagamento/${NADA}/boleto/pdf` },
  // The log of a product (the USUARIO may read it; users' entries are ADMIN only, checked in auditoria.test.ts).
  'GET /api/auditoria/:entidade/:entidadeId': { url: `/api/auditoria/produto/${NADA}` },
  // Coupons: an id that names nothing, so the ADMIN's calls edit or deactivate no seeded coupon (404).
  'PUT /api/cupom/desativar/:id': { url: `/api/cupom/desativar/${NADA}` },
  'PUT /api/cupom/:id': { url: `/api/cupom/${NADA}` },
  // Background jobs: an id that names nothing, so the ADMIN's call retries no job (404).
  'GET /api/tarefa/:id': { url: `/api/tarefa/${NADA}` },
  'PUT /api/tarefa/tentarnovamente/:id': { url: `/api/tarefa/tentarnovamente/${NADA}` },
};

/**
 * Routes a CLIENTE reaches through its role (or, for media, its own check),
 * where whose object it is comes from the data, not from a path parameter the
 * guard compares: an order, a bought course and its items, a certificate, a
 * `clienteId` in the body. The role matrix above cannot see an object's
 * owner, so each of these also gets a row here, run on seeded objects of two
 * clients (A owns them, B is another client). Every cell is asserted: 'ok'
 * (past the guard and the owner check: neither 401 nor 403), 401 or 403; a
 * refused call carries no content. A route open to CLIENTE by role must have a
 * row here or in OBJECT_MATRIX_ELSEWHERE, or the test fails.
 */
interface Objetos {
  /** A digital product (course) clienteA bought and clienteB did not. */
  curso: number;
  /** An order of clienteA, and one of clienteB. */
  pedidoA: number;
  pedidoB: number;
  /** An ENTREGUE order of clienteA: it cannot be cancelled or paid, so no cell changes it. */
  pedidoAEntregue: number;
  /** A video and a PDF item of the course. */
  video: number;
  pdf: number;
  /** A certificate clienteA earned for the course (issued in the set-up). */
  certificado: string;
}
type Cell = 'ok' | 401 | 403;
type Subjects = Record<Exclude<Caller, 'anonimo'>, TokenSubject>;
interface ObjectRow {
  /** A key of EXPECTED_ACCESS. */
  route: string;
  /** Whose object the call names, for the failure message. */
  objeto: string;
  request: (o: Objetos, s: Subjects) => { url: string; payload?: unknown; headers?: Record<string, string> };
  cells: Record<Caller, Cell>;
}
const OWNER_ONLY: Record<Caller, Cell> = { anonimo: 401, clienteA: 'ok', clienteB: 403, usuario: 403, admin: 403 };
const OWNER_OR_ADMIN: Record<Caller, Cell> = { anonimo: 401, clienteA: 'ok', clienteB: 403, usuario: 403, admin: 'ok' };
const OWNER_OR_STAFF: Record<Caller, Cell> = {
  anonimo: 401,
  clienteA: 'ok',
  clienteB: 403,
  usuario: 'ok',
  admin: 'ok',
};
const OBJECT_MATRIX: ObjectRow[] = [
  {
    route: 'GET /api/pedido/:id',
    objeto: 'pedido de A',
    request: (o) => ({ url: `/api/pedido/${o.pedidoA}` }),
    cells: OWNER_OR_STAFF,
  },
  {
    route: 'GET /api/pedido/:id',
    objeto: 'pedido de B',
    request: (o) => ({ url: `/api/pedido/${o.pedidoB}` }),
    cells: { ...OWNER_OR_STAFF, clienteA: 403, clienteB: 'ok' },
  },
  {
    route: 'GET /api/pedido/:id/comprovante.pdf',
    objeto: 'pedido de A',
    request: (o) => ({ url: `/api/pedido/${o.pedidoA}/comprovante.pdf` }),
    cells: OWNER_ONLY,
  },
  {
    route: 'PUT /api/pedido/cancelar/:id',
    objeto: 'pedido entregue de A',
    request: (o) => ({ url: `/api/pedido/cancelar/${o.pedidoAEntregue}` }),
    cells: OWNER_OR_STAFF,
  },
  {
    route: 'POST /api/pagamento/processar',
    objeto: 'pedido entregue de A',
    request: (o) => ({
      url: '/api/pagamento/processar',
      payload: { idPedido: o.pedidoAEntregue, tipoPagamento: 'pix', valor: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    cells: OWNER_ONLY,
  },
  {
    // An amount and a BIN name no one's object: every customer gets the offer, staff and anonymous callers do not.
    route: 'GET /api/pagamento/parcelas',
    objeto: 'nenhum (um valor)',
    request: () => ({ url: '/api/pagamento/parcelas?valor=1000.00' }),
    cells: { anonimo: 401, clienteA: 'ok', clienteB: 'ok', usuario: 403, admin: 403 },
  },
  {
    route: 'POST /api/produto/avaliacao',
    objeto: 'clienteId de A no corpo',
    request: (o, s) => ({
      url: '/api/produto/avaliacao',
      payload: { nota: 5, comentario: null, produtoId: o.curso, clienteId: s.clienteA.idCliente },
    }),
    cells: OWNER_ONLY,
  },
  {
    route: 'GET /api/conteudoproduto/:id',
    objeto: 'aula do curso de A',
    request: (o) => ({ url: `/api/conteudoproduto/${o.video}` }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'PUT /api/conteudoproduto/:id/progresso',
    objeto: 'apostila do curso de A',
    request: (o) => ({ url: `/api/conteudoproduto/${o.pdf}/progresso`, payload: { concluido: true } }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'GET /api/conteudoproduto/stream/:id',
    objeto: 'vídeo do curso de A',
    request: (o) => ({ url: `/api/conteudoproduto/stream/${o.video}`, headers: { range: 'bytes=0-0' } }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'GET /api/conteudoproduto/pdf/:id',
    objeto: 'apostila do curso de A',
    request: (o) => ({ url: `/api/conteudoproduto/pdf/${o.pdf}`, headers: { range: 'bytes=0-0' } }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'GET /api/conteudoproduto/download/:id',
    objeto: 'apostila do curso de A',
    request: (o) => ({ url: `/api/conteudoproduto/download/${o.pdf}`, headers: { range: 'bytes=0-0' } }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'GET /api/conteudoproduto/produto/:id/conteudo/:idUser',
    objeto: 'curso de A',
    request: (o, s) => ({ url: `/api/conteudoproduto/produto/${o.curso}/conteudo/${s.clienteA.id}` }),
    cells: OWNER_OR_ADMIN,
  },
  {
    route: 'POST /api/certificado/produto/:id',
    objeto: 'curso de A',
    request: (o) => ({ url: `/api/certificado/produto/${o.curso}` }),
    cells: OWNER_ONLY,
  },
  {
    route: 'GET /api/certificado/:codigo/pdf',
    objeto: 'certificado de A',
    request: (o) => ({ url: `/api/certificado/${o.certificado}/pdf`, headers: { range: 'bytes=0-0' } }),
    cells: OWNER_ONLY,
  },
];
/** Routes open to CLIENTE whose owner check needs a body the matrix cannot build; the module test asserts it. */
const OBJECT_MATRIX_ELSEWHERE: Record<string, string> = {
  'PUT /api/pedido/desistir/:id':
    'the order must be the caller\'s own (a withdrawal changes it, so no shared object here): pedido-desistencia.test.ts "recusas: … de outro cliente, da equipe …" (403 another customer and staff, 401 anonymous)',
  ...Object.fromEntries(
    ['GET /api/sacola', 'PUT /api/sacola', 'POST /api/sacola/mesclar'].map((route) => [
      route,
      'names no object: the bag is the token\'s own customer\'s: sacola.test.ts "is the customer’s own: 401 without a session, 403 for staff roles"',
    ]),
  ),
  ...Object.fromEntries(
    ['GET /api/notificacao', 'PUT /api/notificacao/lidas'].map((route) => [
      route,
      'names no object: the notifications are the token\'s own customer\'s: notificacao.test.ts "são do cliente: 401 sem sessão, 403 para a equipe"',
    ]),
  ),
  'PUT /api/notificacao/:id/lida':
    'the notification must be the caller\'s own (marking it changes it): notificacao.test.ts "marcar a de outro cliente: 403, nada muda"',
  ...Object.fromEntries(
    [
      'GET /api/favoritos',
      'GET /api/favoritos/ids',
      'PUT /api/favoritos/:produtoId',
      'DELETE /api/favoritos/:produtoId',
    ].map((route) => [
      route,
      'names no customer: the favourites are the token\'s own customer\'s: favorito.test.ts "são do próprio cliente: 401 sem sessão, 403 para a equipe, e um cliente não vê os de outro"',
    ]),
  ),
  ...Object.fromEntries(
    ['', '/danfe.pdf', '/nfe.xml'].map((arquivo) => [
      `GET /api/pedido/:id/nota-fiscal${arquivo}`,
      'the order must be the caller\'s or the staff\'s, and its invoice issued: nota-fiscal.test.ts "downloads are the owner’s and staff’s: 403 another customer, 404 an unknown order"',
    ]),
  ),
  'POST /api/pedido/create':
    'the clienteId of the body (a full priced order): pedido.test.ts "clienteId de outro cliente: 403 e nada gravado"',
  'GET /api/pedido/tentativa/:chave':
    'the key is looked up among the caller\'s own orders only: checkout.test.ts "a tentativa de outro cliente não é achada"',
  'GET /api/pagamento/:id/boleto/pdf':
    'the payment\'s order must be the caller\'s: boleto.test.ts "serves its PDF to the order owner only: a real PDF, 403 to another customer, 404 unknown"',
  'POST /api/cupom/validar':
    'names no object: the customer is the token\'s own, whose uses and purchases count: cupom.test.ts "os usos e as compras de outro cliente não contam"',
};

/** Routes of the docs page, served by @fastify/swagger-ui: public by declaration of their context. */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApiRoute = (url: string) => url.startsWith('/api/');

type Caller = 'anonimo' | 'clienteA' | 'clienteB' | 'usuario' | 'admin';
const CALLERS: Caller[] = ['anonimo', 'clienteA', 'clienteB', 'usuario', 'admin'];

describe.each(testDatabaseTargets())('autenticação e guarda de rotas (%s)', (kind) => {
  let t: TestApp;
  const subjects = {} as Record<Exclude<Caller, 'anonimo'>, TokenSubject>;
  /** Ids of the seeded objects of the object matrix; the course is one clienteA bought and clienteB did not. */
  const objetos = {} as Objetos;

  beforeAll(async () => {
    // With METRICS_TOKEN, so GET /api/metrics (ADR 040) is in the table too.
    t = await createTestApp({ kind, seed: true, config: { METRICS_TOKEN: 'token-das-metricas-do-teste-de-acesso' } });
    const ids = async (email: string) => {
      const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
        'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
        [email],
      );
      if (!row) throw new Error(`conta de demonstração ausente: ${email}`);
      return { id: Number(row.id), idCliente: row.cliente === null ? null : Number(row.cliente) };
    };
    const ofClient = async (idCliente: number) => {
      const [row] = await t.database.raw<{ id: number }>('SELECT usuario_id AS id FROM clientes WHERE id = $1', [
        idCliente,
      ]);
      if (!row) throw new Error(`cliente ausente: ${idCliente}`);
      return { id: Number(row.id), idCliente };
    };
    // Two seeded buyers with objects of their own (orders; A also a bought course: OBJECT_MATRIX).
    const [a] = await t.database.raw<{ cliente: number; produto: number }>(
      `SELECT p.cliente_id AS cliente, i.produto_id AS produto
         FROM pedidos p JOIN pedido_itens i ON i.pedido_id = p.id
        WHERE p.situacao IN ('PAGO', 'ENVIADO', 'ENTREGUE')
          AND EXISTS (SELECT 1 FROM conteudos_produto c
                       WHERE c.produto_id = i.produto_id AND c.video AND c.processamento = 'PRONTO')
          AND EXISTS (SELECT 1 FROM conteudos_produto c
                       WHERE c.produto_id = i.produto_id AND NOT c.video AND c.processamento = 'PRONTO')
          AND EXISTS (SELECT 1 FROM pedidos f WHERE f.cliente_id = p.cliente_id AND f.situacao = 'ENTREGUE')
        ORDER BY p.cliente_id, i.produto_id LIMIT 1`,
    );
    if (!a) throw new Error('a semente não tem um cliente com curso comprado e pedido entregue');
    const [b] = await t.database.raw<{ cliente: number }>(
      `SELECT p.cliente_id AS cliente FROM pedidos p
        WHERE p.cliente_id <> $1
          AND NOT EXISTS (SELECT 1 FROM pedidos q JOIN pedido_itens j ON j.pedido_id = q.id
                           WHERE q.cliente_id = p.cliente_id AND j.produto_id = $2
                             AND q.situacao IN ('PAGO', 'ENVIADO', 'ENTREGUE'))
        ORDER BY p.cliente_id LIMIT 1`,
      [a.cliente, a.produto],
    );
    if (!b) throw new Error('a semente não tem um segundo cliente com pedidos');
    subjects.clienteA = { ...(await ofClient(Number(a.cliente))), permissao: 'CLIENTE' };
    subjects.clienteB = { ...(await ofClient(Number(b.cliente))), permissao: 'CLIENTE' };
    subjects.usuario = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    subjects.admin = { ...(await ids(DEMO_ACCOUNTS.admin.email)), permissao: 'ADMIN' };
    objetos.curso = Number(a.produto);
  });
  afterAll(() => t?.dispose());

  const profileUrl = () => `/api/usuario/${subjects.clienteA.id}`;
  const getProfile = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: profileUrl(), headers: authorization ? { authorization } : {} });
  /** POST /usuario/logout of clienteA with this token. */
  const logoutClienteA = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/usuario/logout/${subjects.clienteA.id}`, headers: bearer(token) });
  const expect401 = (res: Awaited<ReturnType<typeof getProfile>>, message: string = MSG.naoAutenticado) => {
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ statusCode: 401, message, content: null });
  };
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const claimsOf = (s: TokenSubject) => ({ permissao: s.permissao, idCliente: s.idCliente });

  describe('tokens recusados com 401', () => {
    it('sem token, ou com cabeçalho malformado', async () => {
      expect401(await getProfile());
      expect401(await getProfile('Basic YWRtaW46YWRtaW4='));
      expect401(await getProfile('Bearer'));
      expect401(await getProfile('Bearer x.y.z'));
    });

    it('um token válido passa (controle)', async () => {
      const token = await t.issueToken(subjects.clienteA);
      expect((await getProfile(`Bearer ${token}`)).statusCode).toBe(200);
    });

    it('expirado: 401 com a mensagem de sessão expirada', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT(claimsOf(subjects.clienteA))
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(subjects.clienteA.id))
        .setJti(crypto.randomUUID())
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 60)
        .sign(key);
      expect401(await getProfile(`Bearer ${token}`), MSG.sessaoExpirada);
    });

    it('assinatura adulterada, ou conteúdo trocado mantendo a assinatura', async () => {
      const token = await t.issueToken(subjects.clienteA);
      const [h, p, s] = token.split('.') as [string, string, string];
      const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
      expect401(await getProfile(`Bearer ${h}.${p}.${flipped}`));

      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = Buffer.from(
        JSON.stringify({ ...payload, permissao: 'ADMIN', sub: String(subjects.admin.id) }),
      ).toString('base64url');
      expect401(await getProfile(`Bearer ${h}.${forged}.${s}`));
    });

    it('alg none (sem assinatura)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const payload = {
        sub: String(subjects.admin.id),
        permissao: 'ADMIN',
        idCliente: null,
        jti: crypto.randomUUID(),
        iat: now,
        exp: now + 3600,
      };
      expect401(await getProfile(`Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`));
      expect401(await getProfile(`Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}`));
    });

    it('segredo errado, ou outro algoritmo com o mesmo segredo', async () => {
      const now = Math.floor(Date.now() / 1000);
      const build = () =>
        new SignJWT(claimsOf(subjects.admin))
          .setSubject(String(subjects.admin.id))
          .setJti(crypto.randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + 3600);
      const wrongSecret = await build()
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('outro-segredo-qualquer-com-32-caracteres!'));
      expect401(await getProfile(`Bearer ${wrongSecret}`));
      const hs512 = await build().setProtectedHeader({ alg: 'HS512' }).sign(key);
      expect401(await getProfile(`Bearer ${hs512}`));
    });

    it('revogado por logout', async () => {
      const token = await t.issueToken(subjects.clienteA);
      expect((await logoutClienteA(token)).statusCode).toBe(200);
      expect401(await getProfile(`Bearer ${token}`));
    });

    it('um token sem sid (emitido antes das sessões) vale como sessão própria, e o logout o revoga', async () => {
      const now = Math.floor(Date.now() / 1000);
      const assinar = (claims: ReturnType<typeof claimsOf> & { sid?: string }) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(subjects.clienteA.id))
          .setJti(crypto.randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(key);
      const legacy = await assinar(claimsOf(subjects.clienteA));
      expect((await getProfile(`Bearer ${legacy}`)).statusCode).toBe(200);
      expect((await logoutClienteA(legacy)).statusCode).toBe(200);
      expect401(await getProfile(`Bearer ${legacy}`));
      // A jti or sid that is not one of ours is refused before any query.
      const odd = await assinar({ ...claimsOf(subjects.clienteA), sid: 'x'.repeat(65) });
      expect401(await getProfile(`Bearer ${odd}`));
    });

    it('usuário desativado depois de emitido o token, ou que não existe mais', async () => {
      const login = await loginToken(t.app, {
        email: DEMO_ACCOUNTS.equipe.email,
        password: DEMO_ACCOUNTS.equipe.password,
      });
      const url = `/api/usuario/${subjects.usuario.id}`;
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(login) })).statusCode).toBe(200);
      await t.database.raw('UPDATE usuarios SET ativo = false WHERE id = $1', [subjects.usuario.id]);
      try {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(login) });
        expect(res.statusCode).toBe(401);
      } finally {
        await t.database.raw('UPDATE usuarios SET ativo = true WHERE id = $1', [subjects.usuario.id]);
      }
      const ghost = await t.issueToken({ id: 987654, permissao: 'ADMIN', idCliente: null });
      expect401(await getProfile(`Bearer ${ghost}`));
    });

    it('o papel vale o atual do banco: um token de ADMIN de quem virou USUARIO perde o acesso', async () => {
      const stale = await t.issueToken({ ...subjects.usuario, permissao: 'ADMIN' });
      const res = await getProfile(`Bearer ${stale}`);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('tabela de rotas', () => {
    const apiRoutes = () =>
      t.app.routeAccess().filter((r) => isApiRoute(r.url) && !isDocsRoute(r.url) && r.method !== 'HEAD');

    it('toda rota declara o seu acesso, e ele é o esperado', () => {
      expect(undeclaredRoutes(t.app)).toEqual([]);
      const declared = Object.fromEntries(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.access]));
      expect(declared).toEqual(EXPECTED_ACCESS);
    });

    it('documentação, arquivos estáticos e preflight CORS são públicos por declaração', () => {
      const all = t.app.routeAccess();
      expect(all.filter((r) => isDocsRoute(r.url)).length).toBeGreaterThan(0);
      for (const r of all.filter((x) => isDocsRoute(x.url) || !isApiRoute(x.url))) expect(r.access).toBe('public');
    });

    it('uma rota sem declaração é apontada pelo verificador, registrada no log e sempre negada (403)', async () => {
      const log = memoryLog();
      const extra = await createTestApp({
        kind,
        database: t.database,
        logger: createLogger({ LOG_LEVEL: 'error', NODE_ENV: 'test' }, log.stream),
        extraRoutes: (api) => {
          api.get('/teste/sem-declaracao', async () => ({ statusCode: 200, message: 'aberta', content: null }));
        },
      });
      try {
        expect(undeclaredRoutes(extra.app).map((r) => `${r.method} ${r.url}`)).toEqual([
          'GET /api/teste/sem-declaracao',
          'HEAD /api/teste/sem-declaracao',
        ]);
        expect(log.lines.some((l) => l.level === 50 && l.url === '/api/teste/sem-declaracao')).toBe(true);
        const anonymous = await extra.app.inject({ method: 'GET', url: '/api/teste/sem-declaracao' });
        expect(anonymous.statusCode).toBe(403);
        const asAdmin = await extra.app.inject({
          method: 'GET',
          url: '/api/teste/sem-declaracao',
          headers: bearer(await extra.issueToken(subjects.admin)),
        });
        expect(asAdmin.statusCode).toBe(403);
        expect(body(asAdmin).message).toBe(MSG.semPermissao);
      } finally {
        await extra.dispose();
      }
    });
  });

  describe('matriz de papéis: rota × {anônimo, cliente A, cliente B, USUARIO, ADMIN}', () => {
    /** Path params are clienteA's ids: clienteA owns them, clienteB is "another client". */
    const urlFor = (url: string, access: RouteAccess) =>
      url
        .replace(/:(\w+)/g, (_m, name: string) => {
          const rule =
            typeof access === 'object' && !Array.isArray(access) ? (access as { owner: string; claim?: string }) : null;
          const useCliente = rule?.owner === name && rule.claim === 'idCliente';
          return String(useCliente ? subjects.clienteA.idCliente : subjects.clienteA.id);
        })
        .replace(/\*$/, 'inexistente.png');

    function allowed(access: RouteAccess, caller: Caller): boolean {
      if (access === 'public') return true;
      if (caller === 'anonimo') return false;
      if (access === 'authenticated') return true;
      const role = subjects[caller].permissao;
      if (Array.isArray(access)) return access.includes(role);
      const rule = access as { owner: string; claim?: string; or?: readonly string[] };
      if (rule.or?.includes(role)) return true;
      return caller === 'clienteA';
    }

    it('cada chamada recebe exatamente o acesso da tabela esperada', async () => {
      const failures: string[] = [];
      for (const [route, declared] of Object.entries(EXPECTED_ACCESS)) {
        const override = MATRIX_OVERRIDES[route];
        const access = override?.access ?? declared;
        const [method, url] = [route.split(' ')[0]!, override?.url ?? route.split(' ')[1]!];
        for (const caller of CALLERS) {
          const headers: Record<string, string> = {};
          if (caller !== 'anonimo') headers.authorization = `Bearer ${await t.issueToken(subjects[caller])}`;
          const res = await t.app.inject({
            method: method as 'GET',
            url: urlFor(url, access),
            headers,
            ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
          });
          const ok = allowed(access, caller);
          const expected = ok ? 'não 401/403' : caller === 'anonimo' ? '401' : '403';
          const pass = ok
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === (caller === 'anonimo' ? 401 : 403);
          if (!pass) failures.push(`${route} como ${caller}: esperado ${expected}, recebido ${res.statusCode}`);
          if (!ok && pass && body(res).content !== null)
            failures.push(`${route} como ${caller}: a recusa trouxe conteúdo`);
          if (res.statusCode >= 500) failures.push(`${route} como ${caller}: ${res.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('matriz de objetos: objetos semeados de dois clientes × {anônimo, dono, outro cliente, USUARIO, ADMIN}', () => {
    const one = async (sql: string, params: unknown[]) => {
      const [row] = await t.database.raw<{ v: number | string | null }>(sql, params);
      if (row?.v === null || row?.v === undefined) throw new Error(`semente sem o objeto: ${sql}`);
      return row.v;
    };

    beforeAll(async () => {
      const a = subjects.clienteA.idCliente;
      objetos.pedidoA = Number(await one('SELECT min(id) AS v FROM pedidos WHERE cliente_id = $1', [a]));
      objetos.pedidoB = Number(
        await one('SELECT min(id) AS v FROM pedidos WHERE cliente_id = $1', [subjects.clienteB.idCliente]),
      );
      objetos.pedidoAEntregue = Number(
        await one("SELECT min(id) AS v FROM pedidos WHERE cliente_id = $1 AND situacao = 'ENTREGUE'", [a]),
      );
      const item = (video: boolean) =>
        one(
          "SELECT min(id) AS v FROM conteudos_produto WHERE produto_id = $1 AND video = $2 AND processamento = 'PRONTO'",
          [objetos.curso, video],
        );
      objetos.video = Number(await item(true));
      objetos.pdf = Number(await item(false));
      // The handout's download allowed (ADR 046), so its route is decided by ownership alone.
      await t.database.raw('UPDATE conteudos_produto SET permite_download = true WHERE id = $1', [objetos.pdf]);
      // A finishes the course and gets its certificate (a certificate never changes afterwards, ADR 013).
      const dono = bearer(await t.issueToken(subjects.clienteA));
      const itens = await t.database.raw<{ id: number }>(
        "SELECT id FROM conteudos_produto WHERE produto_id = $1 AND processamento = 'PRONTO'",
        [objetos.curso],
      );
      for (const { id } of itens) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/conteudoproduto/${id}/progresso`,
          headers: dono,
          payload: { concluido: true },
        });
        expect(res.statusCode).toBe(200);
      }
      const cert = await t.app.inject({
        method: 'POST',
        url: `/api/certificado/produto/${objetos.curso}`,
        headers: dono,
      });
      expect(cert.statusCode).toBeLessThan(300);
      objetos.certificado = (body(cert).content as { codigo: string }).codigo;
    });

    it('toda rota aberta a CLIENTE por papel (ou que confere o dono ela mesma) tem linha nesta matriz', () => {
      const byRole = Object.entries(EXPECTED_ACCESS)
        .filter(([route, declared]) => {
          const access = MATRIX_OVERRIDES[route]?.access ?? declared;
          return Array.isArray(access) && access.includes('CLIENTE');
        })
        .map(([route]) => route);
      const covered = new Set([...OBJECT_MATRIX.map((r) => r.route), ...Object.keys(OBJECT_MATRIX_ELSEWHERE)]);
      expect(byRole.filter((r) => !covered.has(r))).toEqual([]);
      expect([...covered].filter((r) => !(r in EXPECTED_ACCESS))).toEqual([]);
      expect(Object.keys(MATRIX_OVERRIDES).filter((r) => !(r in EXPECTED_ACCESS))).toEqual([]);
    });

    it('cada célula: o dono passa, o outro cliente recebe 403 sem conteúdo, anônimo 401, equipe conforme o papel', async () => {
      const situacaoAntes = await one('SELECT situacao AS v FROM pedidos WHERE id = $1', [objetos.pedidoAEntregue]);
      const failures: string[] = [];
      for (const row of OBJECT_MATRIX) {
        const method = row.route.split(' ')[0] as 'GET' | 'PUT' | 'POST';
        for (const caller of CALLERS) {
          const { url, payload, headers = {} } = row.request(objetos, subjects);
          const auth = caller === 'anonimo' ? {} : bearer(await t.issueToken(subjects[caller]));
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, ...auth },
            ...(method === 'GET' ? {} : { payload: payload ?? {} }),
          });
          const cell = row.cells[caller];
          const label = `${row.route} (${row.objeto}) como ${caller}`;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
          if (cell === 'ok') {
            // A read of an existing object answers it; a write may still meet a business refusal (409/422).
            if (res.statusCode === 401 || res.statusCode === 403 || (method === 'GET' && res.statusCode >= 300))
              failures.push(`${label}: esperado passar, recebido ${res.statusCode} ${res.body.slice(0, 120)}`);
          } else if (res.statusCode !== cell) {
            failures.push(`${label}: esperado ${cell}, recebido ${res.statusCode}`);
          } else if (body(res).content !== null) {
            failures.push(`${label}: a recusa trouxe conteúdo`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Nobody's call changed the ENTREGUE order (a refusal for the client, a business refusal for the staff).
      expect(await one('SELECT situacao AS v FROM pedidos WHERE id = $1', [objetos.pedidoAEntregue])).toBe(
        situacaoAntes,
      );
    });
  });
});
