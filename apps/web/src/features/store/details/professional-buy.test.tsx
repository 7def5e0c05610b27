import { favoritoApi } from '@clinica/shared/schemas/favorito';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENTE_PF, CLIENTE_PF_SESSION } from '../../../test/account-fixtures';
import { ESCOVA_DETALHE } from '../../../test/catalog-fixtures';
import { click, renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { mockApi, okFor } from '../../../test/test-utils';
import { DetailsPage } from './details-page';

/** The demo's whitening gel: professional use, with its ANVISA number (ADR 037). */
const GEL = {
  ...ESCOVA_DETALHE,
  id: 5,
  nome: 'Gel clareador peróxido de carbamida 16%',
  anvisaRegistro: '89999990009',
  usoProfissional: true,
};

function render(cro: { numero: string; uf: string } | null, signedIn = true) {
  if (signedIn) signInAs(CLIENTE_PF_SESSION);
  mockApi({
    'GET /api/produto/5': okFor(produtoApi.detalhe, GEL),
    'GET /api/produto/5/comprados-juntos': okFor(produtoRelacionadosApi.compradosJuntos, []),
    'GET /api/favoritos/ids': okFor(favoritoApi.ids, []),
    'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
      listProdutoDigital: [],
      listProdutoFisico: [],
    }),
    ...(signedIn ? { 'GET /api/profile/7': okFor(clienteApi.perfil, { ...CLIENTE_PF, cro }) } : {}),
  });
  renderAt('/details/5', { '/details/:id/:openSheet?': <DetailsPage /> });
}

const storedCart = () => JSON.parse(localStorage.getItem('@shoppingCartItems') ?? 'null');

describe('/details/:id of a professional-use product (docs/behaviour/catalogue-and-search.md#professional-use-products)', () => {
  setupScreenTests();

  it('shows the ANVISA number and the rule; without a CRO "Incluir" adds nothing and links to the profile', async () => {
    render(null);
    await screen.findByRole('heading', { level: 1, name: GEL.nome });
    expect(screen.getByTestId('produto-anvisa').textContent).toBe('Registro ANVISA nº 8.9999.9900.09');
    expect(screen.getByTestId('produto-uso-profissional').textContent).toContain(MSG_ANVISA.vendaExclusiva);
    click('Incluir');
    expect((await screen.findByTestId('produto-sem-cro')).textContent).toContain(MSG_ANVISA.precisaCro);
    expect(screen.getByRole('link', { name: MSG_ANVISA.irParaPerfil }).getAttribute('href')).toBe('/user/7');
    expect(storedCart()).toBeNull();
  });

  it('a visitor is sent to the sign-in', async () => {
    render(null, false);
    await screen.findByRole('heading', { level: 1, name: GEL.nome });
    click('Incluir');
    expect((await screen.findByTestId('produto-sem-cro')).textContent).toContain(MSG_ANVISA.precisaEntrar);
    expect(screen.getByRole('link', { name: MSG_ANVISA.entrar }).getAttribute('href')).toBe('/signIn');
    expect(storedCart()).toBeNull();
  });

  it('with a CRO "Incluir" adds the line marked usoProfissional', async () => {
    render({ numero: '12345', uf: 'SP' });
    await screen.findByRole('heading', { level: 1, name: GEL.nome });
    click('Incluir');
    expect(await screen.findByText(MSG.produtoAdicionado)).toBeTruthy();
    expect(storedCart()).toEqual([expect.objectContaining({ id: 5, quantity: 1, usoProfissional: true })]);
    expect(screen.queryByTestId('produto-sem-cro')).toBeNull();
  });
});
