import { MSG } from '@clinica/shared/messages';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_API, CLIENTE_PF, CLIENTE_PF_BODY, ENDERECO_PAULISTA_BODY } from '../../../test/account-fixtures';
import { click, field, renderAt, setupScreenTests, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor } from '../../../test/test-utils';
import { SignUpPage } from './sign-up-page';
import { loadPageParts } from '../../../lib/page-part';

const renderSignUp = () => renderAt('/signUp', { '/signUp': <SignUpPage />, '/signIn': <h1>Entrar</h1> });

async function documentStep(documento: string) {
  typeInto('CPF ou CNPJ', documento);
  click('Avançar');
  await screen.findByRole('heading', { level: 2, name: /Seus dados|Dados da empresa/ });
}

function credentials() {
  typeInto('E-mail', 'maria@clinica.com.br');
  typeInto('Celular', '11987654321');
  typeInto('Senha', 'segredo1');
  typeInto('Confirme a senha', 'segredo1');
}

async function addressStep() {
  click('Avançar');
  await screen.findByLabelText('CEP');
  typeInto('CEP', '01310100');
  await waitFor(() => expect(field('Logradouro').value).toBe('Avenida Paulista'));
  await screen.findByRole('option', { name: 'São Paulo' });
  typeInto('Número', '1000');
  typeInto('Complemento', 'Conjunto 42');
}

describe('/signUp', () => {
  setupScreenTests();
  // The form is a part the page loads after its own code (lib/page-part.tsx).
  beforeAll(() => loadPageParts());

  it('does not advance with an invalid document and shows the message', async () => {
    mockApi(ADDRESS_API);
    renderSignUp();
    click('Avançar');
    expect(await screen.findByText(MSG.cpfCnpj)).toBeTruthy();
    typeInto('CPF ou CNPJ', '12345678900');
    expect(field('CPF ou CNPJ').value).toBe('123.456.789-00');
    click('Avançar');
    await waitFor(() => expect(screen.getByText(MSG.cpfCnpj)).toBeTruthy());
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
  });

  it('an individual (11 digits) fills name, e-mail, phone and password, and sends the sign-up payload', async () => {
    const { calls } = mockApi({
      ...ADDRESS_API,
      'POST /api/cliente/create': okFor(clienteApi.create, CLIENTE_PF, { status: 201 }),
    });
    const { router } = renderSignUp();
    await documentStep('529.982.247-25');
    expect(screen.queryByLabelText('Razão social')).toBeNull();

    click('Avançar');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    expect(screen.getByText(MSG.email)).toBeTruthy();
    expect(screen.getByText(MSG.celular)).toBeTruthy();
    expect(screen.getAllByText(MSG.senhaMin4)).toHaveLength(2); // the password and its confirmation
    typeInto('Nome completo', 'Maria Cliente Silva');
    credentials();
    typeInto('Confirme a senha', 'segredo2');
    expect(await screen.findByText(MSG.confirmacaoSenha)).toBeTruthy();
    typeInto('Confirme a senha', 'segredo1');
    await waitFor(() => expect(screen.queryByText(MSG.confirmacaoSenha)).toBeNull());

    await addressStep();
    // Marketing e-mails: unchecked by default (ADR 034), sent as false.
    expect((screen.getByLabelText(MSG_SACOLA.ofertasEmail) as HTMLInputElement).checked).toBe(false);
    click('Cadastrar');
    expect(await screen.findByText(MSG.cadastroSucesso)).toBeTruthy();
    const create = calls.find((c) => c.url === '/api/cliente/create');
    expect(create?.method).toBe('POST');
    expect(create?.body).toEqual({
      ...CLIENTE_PF_BODY,
      usuario: { email: 'maria@clinica.com.br', password: 'segredo1' },
      endereco: ENDERECO_PAULISTA_BODY,
      ofertasEmail: false,
    });
    expect(clienteApi.create.body!.safeParse(create?.body).success).toBe(true);
    // The toast closes, then /signIn.
    const toast = screen.getByText(MSG.cadastroSucesso).closest('.Toastify__toast') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });

  it('a company (14 characters) fills razão social and inscrição estadual, and sends juridica true with nome null', async () => {
    const { calls } = mockApi({
      ...ADDRESS_API,
      'POST /api/cliente/create': okFor(clienteApi.create, CLIENTE_PF, { status: 201 }),
    });
    renderSignUp();
    await documentStep('11.222.333/0001-81');
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
    click('Avançar');
    expect(await screen.findByText(MSG.naoVazio)).toBeTruthy();
    typeInto('Razão social', 'Odonto Materiais Ltda');
    typeInto('Inscrição estadual', '110042490114');
    credentials();
    await addressStep();
    fireEvent.click(screen.getByLabelText(MSG_SACOLA.ofertasEmail));
    click('Cadastrar');
    await screen.findByText(MSG.cadastroSucesso);
    expect(calls.find((c) => c.url === '/api/cliente/create')?.body).toEqual({
      nome: null,
      cpf: null,
      razaoSocial: 'Odonto Materiais Ltda',
      cnpj: '11222333000181',
      inscricaoEstadual: '110042490114',
      juridica: true,
      telefone: '11987654321',
      usuario: { email: 'maria@clinica.com.br', password: 'segredo1' },
      endereco: ENDERECO_PAULISTA_BODY,
      ofertasEmail: true,
    });
    expect(clienteApi.create.body!.safeParse(calls.find((c) => c.url === '/api/cliente/create')?.body).success).toBe(
      true,
    );
  });

  it('accepts an alphanumeric CNPJ as a company', async () => {
    mockApi(ADDRESS_API);
    renderSignUp();
    await documentStep('12ABC34501DE35');
    expect(field('Razão social')).toBeTruthy();
  });

  it('states load on entering the address step; cities when a state is chosen; fields locked until the CEP answers', async () => {
    const { calls } = mockApi(ADDRESS_API);
    renderSignUp();
    await documentStep('52998224725');
    expect(calls.some((c) => c.url === '/api/uf/')).toBe(false);
    typeInto('Nome completo', 'Maria Cliente Silva');
    credentials();
    click('Avançar');
    await screen.findByRole('option', { name: 'São Paulo (SP)' });
    expect(calls.filter((c) => c.url.startsWith('/api/municipio')).length).toBe(0);
    expect(field('Logradouro').disabled).toBe(true);
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).disabled).toBe(true);

    typeInto('CEP', '01310100');
    await waitFor(() => expect(field('Logradouro').disabled).toBe(false));
    expect(field('Bairro').value).toBe('Bela Vista');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/municipio/estado/35')).toBe(true));
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '33' } });
    expect(await screen.findByRole('option', { name: 'Rio de Janeiro' })).toBeTruthy();
    expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('');
  });

  it('going back clears the later steps', async () => {
    mockApi(ADDRESS_API);
    renderSignUp();
    await documentStep('52998224725');
    typeInto('Nome completo', 'Maria Cliente Silva');
    credentials();
    await addressStep();

    click('Voltar');
    await screen.findByLabelText('Nome completo');
    expect(field('Nome completo').value).toBe('Maria Cliente Silva'); // the step returned to keeps its data
    click('Avançar');
    await screen.findByLabelText('CEP');
    expect(field('CEP').value).toBe('');
    expect(field('Número').value).toBe('');
    expect(field('Logradouro').disabled).toBe(true);

    click('Voltar');
    await screen.findByLabelText('Nome completo');
    click('Voltar');
    await screen.findByLabelText('CPF ou CNPJ');
    expect(field('CPF ou CNPJ').value).toBe('529.982.247-25');
    click('Avançar');
    await screen.findByLabelText('Nome completo');
    expect(field('Nome completo').value).toBe('');
    expect(field('E-mail').value).toBe('');
  });

  it('a duplicate e-mail shows the server message and stays on the address step', async () => {
    mockApi({ ...ADDRESS_API, 'POST /api/cliente/create': fail(409, 'Este e-mail já está cadastrado.') });
    const { router } = renderSignUp();
    await documentStep('52998224725');
    typeInto('Nome completo', 'Maria Cliente Silva');
    credentials();
    await addressStep();
    click('Cadastrar');
    expect(await screen.findByText('Este e-mail já está cadastrado.')).toBeTruthy();
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/signUp');
    expect((screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('links back to /signIn', () => {
    mockApi({});
    renderSignUp();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/signIn');
  });
});
