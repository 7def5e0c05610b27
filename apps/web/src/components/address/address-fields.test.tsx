import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_API, VIACEP_PAULISTA } from '../../test/account-fixtures';
import { resetSession } from '../../test/reset-session';
import { fail, mockApi, type MockReply, okFor, renderWithRouter } from '../../test/test-utils';
import { AddressFields } from './address-fields';
import { toEnderecoInput, useAddressForm, type AddressValues } from './address-schema';

function Harness({ lock = true, onValid }: { lock?: boolean; onValid: (v: AddressValues) => void }) {
  const form = useAddressForm();
  return (
    <form noValidate onSubmit={form.handleSubmit(() => onValid(form.getValues()))}>
      <AddressFields form={form} lockUntilLookup={lock} />
      <button type="submit">Enviar</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('AddressFields', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the states when it appears and the cities when a state is chosen', async () => {
    const { calls } = mockApi(ADDRESS_API);
    renderWithRouter(<Harness lock={false} onValid={() => {}} />);
    expect(await screen.findByRole('option', { name: 'São Paulo (SP)' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/uf/']);
    expect(select('Cidade').disabled).toBe(true);
    fireEvent.change(select('Estado'), { target: { value: '33' } });
    expect(await screen.findByRole('option', { name: 'Rio de Janeiro' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/municipio/estado/33');
    expect(select('Cidade').disabled).toBe(false);
  });

  it('keeps the fields locked until the CEP lookup answers, then fills them', async () => {
    let answer: (r: MockReply) => void = () => {};
    mockApi({ ...ADDRESS_API, 'GET /api/viacep/01310100': () => new Promise<MockReply>((r) => (answer = r)) });
    const onValid = vi.fn();
    renderWithRouter(<Harness onValid={onValid} />);
    await screen.findByRole('option', { name: 'São Paulo (SP)' });
    for (const label of ['Logradouro', 'Número', 'Complemento', 'Bairro']) expect(input(label).disabled).toBe(true);
    expect(select('Estado').disabled).toBe(true);

    fireEvent.change(input('CEP'), { target: { value: '01310100' } });
    expect(input('CEP').value).toBe('01310-100');
    expect(screen.getByText('Buscando endereço...')).toBeTruthy();
    expect(input('Logradouro').disabled).toBe(true);

    await act(async () => answer(okFor(enderecoApi.viaCep, VIACEP_PAULISTA)));
    await waitFor(() => expect(input('Logradouro').disabled).toBe(false));
    expect(input('Logradouro').value).toBe('Avenida Paulista');
    expect(input('Bairro').value).toBe('Bela Vista');
    expect(select('Estado').value).toBe('35');
    await screen.findByRole('option', { name: 'Campinas' });
    expect(select('Cidade').value).toBe('3550308');

    fireEvent.change(input('Número'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(toEnderecoInput(onValid.mock.calls[0]![0])).toEqual({
      logradouro: 'Avenida Paulista',
      complemento: null,
      numero: '1000',
      bairro: 'Bela Vista',
      municipio: { id: 3550308 },
      uf: { id: 35 },
      cep: '01310100',
    });
  });

  it('an unknown CEP (404) unlocks the fields empty and shows the server message', async () => {
    mockApi({ ...ADDRESS_API, 'GET /api/viacep/99999999': fail(404, 'CEP não encontrado. Confira o número.') });
    renderWithRouter(<Harness onValid={() => {}} />);
    fireEvent.change(input('CEP'), { target: { value: '99999-999' } });
    expect(await screen.findByText('CEP não encontrado. Confira o número.')).toBeTruthy();
    await waitFor(() => expect(input('Logradouro').disabled).toBe(false));
    expect(input('Logradouro').value).toBe('');
    expect(select('Estado').value).toBe('');
  });

  it('a state-only answer fills the state and leaves the city to choose', async () => {
    mockApi({
      ...ADDRESS_API,
      'GET /api/viacep/13000000': okFor(enderecoApi.viaCep, {
        ...VIACEP_PAULISTA,
        logradouro: '',
        bairro: '',
        municipio: null,
      }),
    });
    renderWithRouter(<Harness onValid={() => {}} />);
    fireEvent.change(input('CEP'), { target: { value: '13000000' } });
    await waitFor(() => expect(select('Estado').value).toBe('35'));
    expect(select('Cidade').value).toBe('');
    expect(await screen.findByRole('option', { name: 'Campinas' })).toBeTruthy();
    expect(input('Logradouro').disabled).toBe(false);
  });

  it('shows each rule message on submit (complement optional)', async () => {
    mockApi(ADDRESS_API);
    renderWithRouter(<Harness lock={false} onValid={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('O campo tem que ter 8 caracteres.')).toBeTruthy();
    expect(screen.getByText('Selecione um estado')).toBeTruthy();
    expect(screen.getAllByText('O campo não pode ficar vazio.')).toHaveLength(4); // street, number, district, city
  });
});
