import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpointPath, queryString, responseSchema } from './endpoint.js';

describe('contrato de endpoints', () => {
  it('monta o caminho com os parâmetros codificados e recusa parâmetro ausente', () => {
    expect(endpointPath('/usuario/:id', { id: 5 })).toBe('/usuario/5');
    expect(endpointPath('/viacep/:cep', { cep: '01310-100' })).toBe('/viacep/01310-100');
    expect(endpointPath('/a/:x/b/:y', { x: 'a b', y: '../c' })).toBe('/a/a%20b/b/..%2Fc');
    expect(endpointPath('/empresa/')).toBe('/empresa/');
    expect(() => endpointPath('/usuario/:id', {})).toThrow('Parâmetro ausente: id');
  });

  it('monta a query sem nulos nem vazios e repete chaves de listas', () => {
    expect(queryString({ page: 0, size: 10, nome: '', ativo: null, x: undefined })).toBe('?page=0&size=10');
    expect(queryString({ para: 'a+b@c.com' })).toBe('?para=a%2Bb%40c.com');
    expect(queryString({ id: [1, 2] })).toBe('?id=1&id=2');
    expect(queryString({})).toBe('');
    expect(queryString()).toBe('');
  });

  it('o envelope de sucesso é validado pelo schema do conteúdo', () => {
    const e = defineEndpoint({ method: 'GET', path: '/x', summary: 'x', response: z.object({ n: z.number() }) });
    expect(responseSchema(e).parse({ statusCode: 200, message: 'ok', content: { n: 1 } }).content.n).toBe(1);
    expect(responseSchema(e).safeParse({ statusCode: 200, message: 'ok', content: { n: '1' } }).success).toBe(false);
  });
});
