import { MSG } from '@clinica/shared/messages';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { MSG_API } from '@clinica/shared/messages-api';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import {
  ADDRESS_API,
  CATALOGO_VAZIO_API,
  CONSENTIMENTO_API,
  CLIENTE_PF,
  CLIENTE_PF_BODY,
  CLIENTE_PF_SESSION,
  CLIENTE_PJ,
  ENDERECO_PAULISTA_BODY,
} from '../../../test/account-fixtures';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, type MockReply, okFor } from '../../../test/test-utils';
import { ProfilePage } from './profile-page';

function renderProfile() {
  signInAs(CLIENTE_PF_SESSION);
  return renderAt('/user/7', { '/user/:id': <ProfilePage /> });
}

/** From the loaded individual profile to the person step of the editor. */
async function toPersonStep() {
  await screen.findByDisplayValue('Maria Cliente Silva');
  click('Editar');
  click('Avançar');
  await screen.findByLabelText('Nome completo');
}

describe('/user/:id profile', () => {
  setupScreenTests();

  it('loads GET /profile/{userId} and shows it read-only until "Editar"', async () => {
    const { calls } = mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    });
    renderProfile();
    expect(await screen.findByDisplayValue('Maria Cliente Silva')).toBeTruthy();
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/profile/7')).toBe(true);
    for (const label of ['CPF ou CNPJ', 'Nome completo', 'Celular', 'CEP', 'Logradouro', 'Número', 'Cidade']) {
      expect(field(label).readOnly).toBe(true);
    }
    expect(field('CPF ou CNPJ').value).toBe('529.982.247-25');
    expect(field('Celular').value).toBe('(11) 9 8765-4321');
    expect(field('Estado').value).toBe('São Paulo (SP)');
    expect(screen.getByText('cliente@clinica.com.br')).toBeTruthy();
    expect(screen.getByText('E-mail não confirmado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();

    click('Editar');
    const doc = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    expect((doc as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('"Cancelar" goes back to read-only with the loaded data', async () => {
    mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    });
    renderProfile();
    await toPersonStep();
    typeInto('Nome completo', 'Outro Nome');
    expect(field('Nome completo').value).toBe('Outro Nome');
    click('Cancelar');
    await screen.findByRole('button', { name: 'Editar' });
    expect(field('Nome completo').value).toBe('Maria Cliente Silva');
    expect(field('Nome completo').readOnly).toBe(true);
    click('Editar');
    click('Avançar');
    await screen.findByRole('textbox', { name: 'Nome completo' });
    expect(field('Nome completo').value).toBe('Maria Cliente Silva');
  });

  it('step 1 has name and mobile for 11 digits, razão social, inscrição estadual and mobile for 14', async () => {
    mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    });
    renderProfile();
    await screen.findByDisplayValue('Maria Cliente Silva');
    click('Editar');
    click('Avançar');
    expect(await screen.findByLabelText('Nome completo')).toBeTruthy();
    expect(screen.queryByLabelText('Razão social')).toBeNull();
    click('Voltar');
    typeInto('CPF ou CNPJ', '11222333000181');
    expect(field('CPF ou CNPJ').value).toBe('11.222.333/0001-81');
    click('Avançar');
    expect(await screen.findByLabelText('Razão social')).toBeTruthy();
    expect(screen.getByLabelText('Inscrição estadual')).toBeTruthy();
    expect(screen.getByLabelText('Celular')).toBeTruthy();
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
    click('Avançar');
    expect(await screen.findByText(MSG.min3)).toBeTruthy(); // the company fields start empty for an individual
  });

  it('"Salvar" on the address step calls PUT /profile/editar/{idClient}, then back to read-only with the saved data', async () => {
    const saved = { ...CLIENTE_PF, nome: 'Maria Souza Silva' };
    let profile: MockReply = okFor(clienteApi.perfil, CLIENTE_PF);
    const { calls } = mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': () => profile,
      'PUT /api/profile/editar/3': () => {
        profile = okFor(clienteApi.perfil, saved);
        return okFor(clienteApi.editarPerfil, saved, { message: 'Dados atualizados com sucesso!' });
      },
    });
    renderProfile();
    await toPersonStep();
    typeInto('Nome completo', 'Maria Souza Silva');
    click('Avançar');
    await screen.findByRole('button', { name: 'Salvar' });
    await screen.findByRole('option', { name: 'São Paulo' });
    expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('3550308');
    // The marketing opt-in is chosen in 'Privacidade e dados' with one click, not in the editor (ADR 038).
    expect(screen.getAllByRole('checkbox', { name: MSG_SACOLA.ofertasEmail })).toHaveLength(1);
    click('Salvar');
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/profile/editar/3');
    expect(put?.body).toEqual({
      ...CLIENTE_PF_BODY,
      nome: 'Maria Souza Silva',
      endereco: ENDERECO_PAULISTA_BODY,
    });
    expect(clienteApi.editarPerfil.body!.safeParse(put?.body).success).toBe(true);
    await screen.findByRole('button', { name: 'Editar' });
    expect(field('Nome completo').value).toBe('Maria Souza Silva');
    expect(session.getSnapshot().user?.nome).toBe('Maria Souza Silva');
  });

  it('a company profile shows razão social and inscrição estadual; a failed save shows the server message', async () => {
    mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PJ),
      'PUT /api/profile/editar/3': fail(409, MSG_API.cnpjEmUso),
    });
    renderProfile();
    expect(await screen.findByDisplayValue('Odonto Materiais Ltda')).toBeTruthy();
    expect(field('Inscrição estadual').value).toBe('110042490114');
    expect(screen.getByText('E-mail confirmado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar e-mail' })).toBeNull();
    click('Editar');
    click('Avançar');
    await screen.findByLabelText('Razão social');
    click('Avançar');
    await screen.findByRole('button', { name: 'Salvar' });
    click('Salvar');
    expect(await screen.findByText(MSG_API.cnpjEmUso)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
  });

  it('a failed load shows "erro ao buscar dados de usuario"', async () => {
    mockApi({
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': fail(404, MSG_API.clienteNaoEncontrado),
    });
    renderProfile();
    expect(await screen.findByText(MSG.erroBuscarUsuario)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('waits for the edit wizard to be valid before advancing', async () => {
    mockApi({
      ...ADDRESS_API,
      ...CATALOGO_VAZIO_API,
      ...CONSENTIMENTO_API,
      'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    });
    renderProfile();
    await toPersonStep();
    typeInto('Celular', '1198');
    click('Avançar');
    expect(await screen.findByText(MSG.celular)).toBeTruthy();
    expect(screen.queryByLabelText('CEP')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Avançar' })).toBeTruthy());
  });
});
