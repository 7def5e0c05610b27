import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { autorApi } from '@clinica/shared/schemas/autor';
import { estoqueApi } from '@clinica/shared/schemas/estoque';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { mockApi, okFor } from '../../test/test-utils';
import { EditProductPage } from './edit-product-page';
import { ADMIN_SESSION, AUTORES, CATEGORIAS_DIGITAIS, CATEGORIAS_FISICAS, produtoAdminWire } from './product-fixtures';

const API = {
  'GET /api/categoria/AllFisico/': okFor(categoriaApi.fisicas, CATEGORIAS_FISICAS),
  'GET /api/categoria/AllDigital/': okFor(categoriaApi.digitais, CATEGORIAS_DIGITAIS),
  'GET /api/autor/': okFor(autorApi.todos, AUTORES),
  'GET /api/auditoria/produto/12': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
  // The product's stock section (ADR 032): no movement yet.
  'GET /api/produto/12/estoque/movimentos': okFor(estoqueApi.movimentos, {
    estoque: { produtoId: 12, estoque: 10, reservado: 0, disponiveis: 10, estoqueMinimo: 5 },
    listaMovimento: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};

function renderEdit() {
  signInAs(ADMIN_SESSION);
  return renderAt('/editProduct/12', { '/editProduct/:id': <EditProductPage />, '/products': <p>Lista</p> });
}

describe("product form: 'Dados fiscais' (ADR 031)", () => {
  setupScreenTests();

  it('shows the NCM masked, warns without it, checks NCM and CFOP and sends their digits', async () => {
    let saved = produtoAdminWire();
    const { calls } = mockApi({
      ...API,
      'GET /api/produto/admin/12': () => okFor(produtoAdminApi.buscar, saved),
      'PUT /api/produto/editar/12': ({ body }) => {
        const sent = JSON.parse(String(body)) as { ncm: string | null; cfop: string | null };
        saved = produtoAdminWire({ ncm: sent.ncm, cfop: sent.cfop });
        return okFor(produtoAdminApi.editar, saved);
      },
    });
    renderEdit();
    await screen.findByDisplayValue('3906.90.19');
    expect(screen.getByRole('region', { name: MSG_NFE.dadosFiscais })).toBeTruthy();
    expect(screen.queryByText(MSG_NFE.semNcmAviso)).toBeNull();
    click('Editar');

    typeInto(MSG_NFE.ncm, '');
    expect(await screen.findByText(MSG_NFE.semNcmAviso)).toBeTruthy();
    typeInto(MSG_NFE.ncm, '9018');
    expect(field(MSG_NFE.ncm).value).toBe('9018');
    typeInto(MSG_NFE.cfop, '51');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_NFE.ncmInvalido)).toBeTruthy();
    expect(screen.getByText(MSG_NFE.cfopInvalido)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    typeInto(MSG_NFE.ncm, '90184999');
    expect(field(MSG_NFE.ncm).value).toBe('9018.49.99');
    await waitFor(() => expect(screen.queryByText(MSG_NFE.semNcmAviso)).toBeNull());
    typeInto(MSG_NFE.cfop, '5405');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.produtoAtualizado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ ncm: '90184999', cfop: '5405' });
  });

  it('a product without NCM opens with the warning that its orders cannot be invoiced', async () => {
    mockApi({ ...API, 'GET /api/produto/admin/12': okFor(produtoAdminApi.buscar, produtoAdminWire({ ncm: null })) });
    renderEdit();
    expect(await screen.findByText(MSG_NFE.semNcmAviso)).toBeTruthy();
    expect(field(MSG_NFE.ncm).value).toBe('');
  });
});
