import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { freteApi } from '@clinica/shared/schemas/frete';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VIACEP_PAULISTA } from '../../test/account-fixtures';
import { setupScreenTests } from '../../test/screen-tests';
import { fail, mockApi, okFor, renderWithRouter, type MockHandler, type MockReply } from '../../test/test-utils';
import { FreightQuote } from './freight-quote';

/** A freight option (reais on the wire). */
const opcao = (id: number, name: string, custom_price: number, max: number) => ({
  id,
  name,
  custom_price,
  delivery_time: max,
  delivery_range: { min: 1, max },
  company: { id: 1, name: 'Correios', picture: null },
});
const OPCOES = [opcao(1, 'PAC', 19.9, 5), opcao(2, 'SEDEX', 29.9, 1), opcao(3, 'Mini', 15, 9)];
const ITENS = [{ id: 12, quantidade: 1 }];

function renderQuote(handlers: Record<string, MockHandler | MockReply> = {}) {
  const api = mockApi({
    'GET /api/viacep/01310100': okFor(enderecoApi.viaCep, VIACEP_PAULISTA),
    'POST /api/frete/calcular': okFor(freteApi.calcular, OPCOES),
    ...handlers,
  });
  renderWithRouter(<FreightQuote itens={ITENS} />);
  return api;
}

const cep = () => screen.getByRole('textbox', { name: 'CEP' }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(cep(), { target: { value } });

describe('FreightQuote (docs/behaviour/bag-and-checkout.md#freight-before-checkout)', () => {
  setupScreenTests();

  it('asks for 8 digits: fewer and "Calcular" says "O campo tem que ter 8 caracteres."', () => {
    const { calls } = renderQuote();
    type('0131');
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(screen.getByText(MSG.cep)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('quotes at 8 digits (masked): where, and each option with its price and days; the CEP is remembered', async () => {
    const { calls } = renderQuote();
    type('01310100');
    expect(cep().value).toBe('01310-100');
    expect(await screen.findByText('Entrega para São Paulo - SP')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Opções de entrega para o CEP 01310-100' });
    const opcoes = within(list).getAllByRole('listitem');
    // Two options are shown.
    expect(opcoes).toHaveLength(2);
    expect(opcoes[0]!.textContent).toBe('PAC · CorreiosEntrega em até 5 dias úteisR$ 19,90');
    expect(opcoes[1]!.textContent).toBe('SEDEX · CorreiosEntrega em até 1 dia útilR$ 29,90');
    expect(calls.find((c) => c.url === '/api/frete/calcular')?.body).toEqual({
      cep: '01310100',
      pedidoProdutos: ITENS,
    });
    expect(localStorage.getItem('@cepFrete')).toBe('"01310100"');
  });

  it('starts from the remembered CEP and quotes it by itself', async () => {
    localStorage.setItem('@cepFrete', '"01310100"');
    renderQuote();
    expect(cep().value).toBe('01310-100');
    expect(await screen.findByText('Entrega para São Paulo - SP')).toBeTruthy();
    expect(screen.getAllByTestId('freight-option')).toHaveLength(2);
  });

  it('a CEP that does not exist, or that no state has, says so and is not remembered', async () => {
    renderQuote({
      'GET /api/viacep/99999999': fail(404, MSG.cepNaoEncontrado),
      // The lookup is down: the quote's refusal of the CEP tells it alone.
      'GET /api/viacep/00000001': fail(503, MSG_API.servicoIndisponivel),
      'POST /api/frete/calcular': (init) =>
        (JSON.parse(String(init.body)) as { cep: string }).cep === '00000001'
          ? {
              status: 422,
              body: {
                statusCode: 422,
                message: MSG.cepNaoEncontrado,
                content: { errors: [{ campo: 'cep', mensagem: MSG.cepNaoEncontrado }] },
              },
            }
          : okFor(freteApi.calcular, OPCOES),
    });
    type('99999999');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.freteCepNaoEncontrado);
    expect(screen.queryByTestId('freight-option')).toBeNull();
    type('00000001');
    expect(cep().value).toBe('00000-001');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.freteCepNaoEncontrado);
    expect(localStorage.getItem('@cepFrete')).toBeNull();
  });

  it('a failure shows "Erro ao calcular frete…" with "Tentar novamente"; no service: "Não há opções…"', async () => {
    let quotes = 0;
    renderQuote({
      'POST /api/frete/calcular': () => {
        quotes += 1;
        if (quotes === 1) return fail(503, MSG_API.freteIndisponivel);
        return fail(422, MSG.freteSemOpcoes);
      },
    });
    type('01310100');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.erroCalcularFrete);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(MSG.freteSemOpcoes)).toBeTruthy();
    expect(localStorage.getItem('@cepFrete')).toBeNull();
  });
});
