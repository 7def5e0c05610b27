/**
 * Every endpoint of the shared contract (packages/shared/src/schemas/*, ADR 005),
 * so the web's API mock can check that a handler key names a real endpoint.
 */
import type { AnyEndpoint } from '@clinica/shared/endpoint';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { aviseMeApi } from '@clinica/shared/schemas/avise-me';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { autorApi } from '@clinica/shared/schemas/autor';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { comercialApi } from '@clinica/shared/schemas/comercial';
import { comercialAdminApi } from '@clinica/shared/schemas/comercial-admin';
import { conteudoAdminApi, conteudoApi } from '@clinica/shared/schemas/conteudo';
import { cupomApi } from '@clinica/shared/schemas/cupom';
import { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { dashboardApi } from '@clinica/shared/schemas/dashboard';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { emailApi } from '@clinica/shared/schemas/email';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { empresaAdminApi } from '@clinica/shared/schemas/empresa-admin';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { estoqueApi } from '@clinica/shared/schemas/estoque';
import { freteApi, melhorEnvioApi } from '@clinica/shared/schemas/frete';
import { healthApi, readyApi } from '@clinica/shared/schemas/health';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { notificacaoApi } from '@clinica/shared/schemas/notificacao';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { pedidoDesistenciaApi } from '@clinica/shared/schemas/pedido-desistencia';
import { pedidoEquipeApi } from '@clinica/shared/schemas/pedido-equipe';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { sugestoesApi } from '@clinica/shared/schemas/produto-sugestoes';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { vitrineApi } from '@clinica/shared/schemas/vitrine';
import { privacidadeApi } from '@clinica/shared/schemas/privacidade';
import { sacolaApi } from '@clinica/shared/schemas/sacola';
import { favoritoApi } from '@clinica/shared/schemas/favorito';
import { sandboxApi, sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';

const GROUPS: Record<string, Record<string, AnyEndpoint>> = {
  auditoriaApi,
  aviseMeApi,
  usuarioApi,
  autorApi,
  catalogoEnderecosApi,
  categoriaApi,
  clienteApi,
  clienteAdminApi,
  comercialApi,
  comercialAdminApi,
  conteudoApi,
  conteudoAdminApi,
  cupomApi,
  cupomAdminApi,
  dashboardApi,
  descontoApi,
  emailApi,
  empresaApi,
  empresaAdminApi,
  enderecoApi,
  estoqueApi,
  freteApi,
  melhorEnvioApi,
  healthApi,
  readyApi,
  imagemApi,
  notaFiscalApi,
  notificacaoApi,
  pagamentoApi,
  pedidoApi,
  pedidoEquipeApi,
  pedidoDesistenciaApi,
  sacolaApi,
  favoritoApi,
  privacidadeApi,
  produtoApi,
  sugestoesApi,
  produtoAdminApi,
  produtoRelacionadosApi,
  sandboxApi,
  sandboxPagamentoApi,
  tarefaApi,
  usuarioAdminApi,
  vitrineApi,
};

export interface ContractEntry {
  /** `produtoApi.detalhe` */
  name: string;
  endpoint: AnyEndpoint;
  /** Matches `METHOD /api/concrete/path` (no query string). */
  pattern: RegExp;
  /** Path parameters in the pattern (fewer means a more specific route, as Fastify prefers static segments). */
  paramCount: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key pattern of an endpoint: `GET /produto/:id` matches `GET /api/produto/12`. */
export function endpointKeyPattern(endpoint: Pick<AnyEndpoint, 'method' | 'path'>): RegExp {
  let source = '';
  for (const part of endpoint.path.split(/(\/:[A-Za-z0-9_]+\??)/)) {
    if (!part) continue;
    const param = /^\/:[A-Za-z0-9_]+(\?)?$/.exec(part);
    if (param) source += param[1] ? '(?:/[^/]+)?' : '/[^/]+';
    else source += escapeRegExp(part).replace(/\\\*/g, '.*');
  }
  return new RegExp(`^${endpoint.method} /api${source}$`);
}

const CONTRACT: ContractEntry[] = Object.entries(GROUPS).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({
    name: `${group}.${name}`,
    endpoint,
    pattern: endpointKeyPattern(endpoint),
    paramCount: (endpoint.path.match(/:/g) ?? []).length,
  })),
);

/** The contract endpoint a `METHOD /api/path` key calls (the most specific when several match), if any. */
export function contractEntryFor(key: string): ContractEntry | undefined {
  return CONTRACT.filter((e) => e.pattern.test(key)).sort((a, b) => a.paramCount - b.paramCount)[0];
}
