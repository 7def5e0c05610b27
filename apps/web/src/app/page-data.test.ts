import { describe, expect, it } from 'vitest';
import { condicoesComerciaisQuery } from '../lib/condicoes-comerciais';
import { empresaQuery } from '../lib/empresa';
import { pageQueries } from './page-data';

const EMPRESA = empresaQuery.queryKey;
const REGRAS = condicoesComerciaisQuery.queryKey;
/** The page's own reads: every rendered page reads the clinic's data first (footer, WhatsApp link). */
const keys = (pathname: string, search = '') => {
  const queries = pageQueries(pathname, search)?.map((q) => q.queryKey);
  if (queries) expect(queries[0]).toEqual(EMPRESA);
  return queries?.slice(1);
};

describe('páginas renderizadas no servidor e suas leituras (ADR 019)', () => {
  it('a página inicial só lê os dados da clínica; a loja, os destaques e as categorias; o produto, o seu detalhe', () => {
    expect(keys('/')).toEqual([]);
    expect(keys('/loja')?.length).toBe(3);
    expect(keys('/details/14')?.length).toBe(2);
    expect(keys('/details/14/true')).toEqual(keys('/details/14'));
  });

  it('o contato e os artigos são renderizados com os dados da clínica (telefones, endereço, redes)', () => {
    expect(keys('/contato')).toEqual([]);
    expect(keys('/artigos', '?aba=redes')).toEqual([]);
    // The terms of purchase and the privacy policy name the clinic (ADR 035).
    expect(keys('/termos')).toEqual([]);
    expect(keys('/privacidade')).toEqual([]);
  });

  it('a entrada, o cadastro e a recuperação de senha são renderizados sem leituras próprias', () => {
    for (const path of ['/signIn', '/signUp', '/forgot']) expect(keys(path)).toEqual([]);
  });

  it('uma busca na loja e um id inválido renderizam sem dados (a página os lê no navegador)', () => {
    expect(keys('/loja', '?pesquisaProduto=escova')).toEqual([]);
    expect(keys('/loja', '?pesquisaProduto=%20')?.length).toBe(3);
    expect(keys('/details/abc')).toEqual([]);
    expect(keys('/details/0')).toEqual([]);
  });

  it('a loja e o produto leem as regras comerciais: os cartões mostram o preço no PIX e as parcelas', () => {
    expect(keys('/loja')).toContainEqual(REGRAS);
    expect(keys('/details/14')).toContainEqual(REGRAS);
  });

  it('as outras páginas não são renderizadas no servidor', () => {
    for (const path of ['/checkout', '/orders/3', '/details', '/library']) expect(pageQueries(path, '')).toBeNull();
  });
});
