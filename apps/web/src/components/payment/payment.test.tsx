import { MSG } from '@clinica/shared/messages';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentError } from '../../lib/payment/card';
import { button, click, field, renderAt, setupScreenTests, typeInto } from '../../test/screen-tests';
import { CONFIG_SANDBOX, metodoCartao, TOKEN_CARTAO } from '../../test/payment-fixtures';
import { fail, mockApi, type MockHandler, type MockReply } from '../../test/test-utils';
import { CardFields, cardIssuer } from './card-fields';
import { COPY_CONFIRM_MS, PixCode, pixChargeOf } from './pix-code';
import { PixDialog } from './pix-dialog';
import { PixPanel } from './pix-panel';
import { useCardForm, type CardForm } from './use-card-form';

/** The hook's latest value, for the tests that call `tokenize()` as a payment would. */
const harness: { card: CardForm | null } = { card: null };
function Harness({ documento }: { documento?: string }) {
  const card = useCardForm({ documentoPessoal: documento });
  useEffect(() => {
    harness.card = card;
  });
  return <CardFields card={card} />;
}

function renderCard(handlers: Record<string, MockHandler | MockReply> = {}, documento?: string) {
  const api = mockApi({
    'GET /api/pagamento/configuracao': CONFIG_SANDBOX,
    'GET /api/sandbox/cartao/metodos': metodoCartao(),
    'POST /api/sandbox/cartao/token': TOKEN_CARTAO,
    ...handlers,
  });
  renderAt('/', { '/': <Harness documento={documento} /> });
  return api;
}

const fillCard = (numero = '4235647728025682') => {
  typeInto('Número do cartão', numero);
  fireEvent.blur(field('Número do cartão'));
  typeInto('Nome do titular', 'APRO');
  typeInto('Validade (MM/AA)', '1130');
  typeInto('CVC', '123');
  typeInto('CPF ou CNPJ do titular', '12345678909');
};

describe('card form', () => {
  setupScreenTests();

  it('masks the number in groups (4-6-5 for Amex), the expiry 99/99, the CVC and the document', () => {
    renderCard();
    typeInto('Número do cartão', '4235647728025682999');
    expect(field('Número do cartão').value).toBe('4235 6477 2802 5682');
    typeInto('Número do cartão', '375365153556885');
    expect(field('Número do cartão').value).toBe('3753 651535 56885');
    typeInto('CVC', '12345');
    expect(field('CVC').value).toBe('1234');
    typeInto('Validade (MM/AA)', '11300');
    expect(field('Validade (MM/AA)').value).toBe('11/30');
    typeInto('CPF ou CNPJ do titular', '12345678909');
    expect(field('CPF ou CNPJ do titular').value).toBe('123.456.789-09');
    typeInto('Nome do titular', '1234');
    expect(field('Nome do titular').value).toBe('');
  });

  it('each field keeps its autocomplete, keyboard and placeholder; the preview turns to the CVC while it has the focus', () => {
    renderCard();
    const attrs = (label: string) => {
      const input = field(label);
      return [input.autocomplete, input.inputMode, input.placeholder, input.getAttribute('aria-required') === 'true'];
    };
    expect(attrs('Número do cartão')).toEqual(['cc-number', 'numeric', '0000 0000 0000 0000', true]);
    expect(attrs('Nome do titular')).toEqual(['cc-name', '', 'Como está impresso no cartão', true]);
    expect(attrs('Validade (MM/AA)')).toEqual(['cc-exp', 'numeric', 'MM/AA', true]);
    expect(attrs('CVC')).toEqual(['cc-csc', 'numeric', '000', true]);
    expect(attrs('CPF ou CNPJ do titular')).toEqual(['', 'numeric', '', true]);
    const flipped = () => document.querySelector('.rccs__card--flipped') !== null;
    fireEvent.focus(field('CVC'));
    expect(flipped()).toBe(true);
    fireEvent.blur(field('CVC'));
    expect(flipped()).toBe(false);
    fireEvent.focus(field('CVC'));
    fireEvent.focus(field('CPF ou CNPJ do titular'));
    expect(flipped()).toBe(true);
  });

  it('detects the brand with credit-card-type (the provider answer wins)', () => {
    expect(cardIssuer('4235 6477')).toBe('visa');
    expect(cardIssuer('3753 651535')).toBe('amex');
    expect(cardIssuer('5067 7667 8388')).toBe('elo');
    expect(cardIssuer('5031 4332 1540 6351', 'master')).toBe('mastercard');
    expect(cardIssuer('')).toBeUndefined();
  });

  it("on blur: 'Verificando o cartão...', then the green check of an accepted card", async () => {
    let release: (r: MockReply) => void = () => {};
    const { calls } = renderCard({
      'GET /api/sandbox/cartao/metodos': () =>
        new Promise<MockReply>((resolve) => {
          release = resolve;
        }),
    });
    typeInto('Número do cartão', '4235647728025682');
    fireEvent.blur(field('Número do cartão'));
    expect(await screen.findByText(MSG.verificandoCartao)).toBeTruthy();
    release(metodoCartao());
    expect(await screen.findByText('Cartão Visa aceito')).toBeTruthy();
    expect(screen.queryByText(MSG.verificandoCartao)).toBeNull();
    expect(screen.getByTestId('field-valid-icon')).toBeTruthy();
    // Only the first 8 digits go to the lookup.
    const lookup = calls.find((c) => c.url.startsWith('/api/sandbox/cartao/metodos'))!;
    expect(lookup.url).toBe('/api/sandbox/cartao/metodos?bin=42356477');
  });

  it('a bin the provider does not take: the warning and a red border; a lookup failure says so', async () => {
    renderCard({ 'GET /api/sandbox/cartao/metodos': metodoCartao('inactive') });
    typeInto('Número do cartão', '4235647728025682');
    fireEvent.blur(field('Número do cartão'));
    expect(await screen.findByText(MSG.cartaoPodeNaoSerAceito)).toBeTruthy();
    expect(field('Número do cartão').getAttribute('aria-invalid')).toBe('true');
  });

  it("a failed lookup shows 'Erro ao buscar métodos de pagamento'", async () => {
    renderCard({ 'GET /api/sandbox/cartao/metodos': fail(503, 'fora do ar') });
    typeInto('Número do cartão', '4235647728025682');
    fireEvent.blur(field('Número do cartão'));
    expect(await screen.findByText(MSG.erroMetodosPagamento)).toBeTruthy();
  });

  it("invalid fields: tokenize refuses with 'Dados do pagamento invalidos' and nothing is tokenized", async () => {
    const { calls } = renderCard();
    typeInto('Número do cartão', '4235647728025683');
    typeInto('CVC', '12');
    let error: unknown;
    await act(async () => {
      error = await harness.card!.tokenize().catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as Error).message).toBe(MSG.dadosPagamentoInvalidos);
    expect(await screen.findByText(MSG.dadosPagamentoInvalidos)).toBeTruthy();
    expect(screen.getByText('O CVC tem que ter de 3 há 4 caracteres')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/sandbox/cartao/token')).toBe(false);
  });

  it('a valid card is tokenized: only the token and the brand come back; the number goes to the tokenizer only', async () => {
    const { calls } = renderCard();
    fillCard();
    await screen.findByText('Cartão Visa aceito');
    let cartao: unknown;
    await act(async () => {
      cartao = await harness.card!.tokenize();
    });
    expect(cartao).toEqual({ token: 'tok_123', paymentMethodId: 'visa' });
    const token = calls.find((c) => c.url === '/api/sandbox/cartao/token')!;
    expect(token.body).toEqual({
      cardNumber: '4235647728025682',
      cardholderName: 'APRO',
      cardExpirationMonth: '11',
      cardExpirationYear: '2030',
      securityCode: '123',
      identificationType: 'CPF',
      identificationNumber: '12345678909',
    });
  });

  it("'same document as the personal data' copies the document; off clears it (invalid)", async () => {
    renderCard({}, '529.982.247-25');
    const toggle = screen.getByLabelText('Usar o mesmo documento dos dados pessoais');
    fireEvent.click(toggle);
    await waitFor(() => expect(field('CPF ou CNPJ do titular').value).toBe('529.982.247-25'));
    fireEvent.click(toggle);
    await waitFor(() => expect(field('CPF ou CNPJ do titular').value).toBe(''));
    expect(await screen.findByText(MSG.cpfCnpj)).toBeTruthy();
  });
});

const PIX = {
  qrCode: '00020126580014br.gov.bcb.pix0136pix-teste5204000053039865406100.005802BR',
  qrCodeBase64: 'iVBORw0KGgo=',
  validadeSegundos: 600,
};

describe('PIX', () => {
  setupScreenTests();

  it.each([
    ['not generated', false, false, 'pix-empty'],
    ['loading', true, false, 'pix-loading'],
    ['generated', false, true, 'pix-code'],
  ] as const)('the PIX panel: %s', (_state, loading, generated, testId) => {
    renderAt('/', { '/': <PixPanel loading={loading} pix={generated ? pixChargeOf(PIX) : null} /> });
    expect(screen.getByTestId(testId)).toBeTruthy();
    if (testId === 'pix-empty') {
      expect(screen.getByText('Pagamento PIX não gerado')).toBeTruthy();
      expect(screen.getByText('Clique em "Gerar QRCode PIX" para visualizar o código de pagamento')).toBeTruthy();
    }
  });

  it('counts down from 10:00 and at 00:00 shows "QRCODE EXPIRADO GERE NOVAMENTE"', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderAt('/', { '/': <PixPanel loading={false} pix={pixChargeOf(PIX)} /> });
    expect(screen.getByTestId('pix-countdown').textContent).toBe('10:00');
    expect(screen.getByRole('img', { name: 'QR Code do PIX' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('pix-countdown').textContent).toBe('08:59');
    act(() => vi.advanceTimersByTime(539_000));
    expect(screen.getByText(MSG.pixExpirado)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR Code do PIX' })).toBeNull();
    expect(screen.queryByLabelText('PIX copia e cola')).toBeNull();
  });

  it('copy shows the check mark for 3 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderAt('/', { '/': <PixCode pix={pixChargeOf(PIX)} /> });
    await act(async () => {
      fireEvent.click(button('Copiar código PIX'));
    });
    expect(writeText).toHaveBeenCalledWith(PIX.qrCode);
    expect(button('Código copiado')).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS - 100));
    expect(button('Código copiado')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(button('Copiar código PIX')).toBeTruthy();
  });

  it("the PIX dialog: title, text, code; 'Fechar' shows the toast and goes to the route 2 s later", async () => {
    const { router } = renderAt('/checkout', {
      '/checkout': <PixDialog open pix={pixChargeOf(PIX)} route="/orders/7" />,
      '/orders/:id': <h1>Lista de pedidos</h1>,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento via PIX' });
    expect(dialog.textContent).toContain('Escaneie o QR Code abaixo');
    expect((screen.getByLabelText('PIX copia e cola') as HTMLTextAreaElement).value).toBe(PIX.qrCode);
    click('Fechar');
    expect(await screen.findByText(MSG.acompanhePedidoPix)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'), { timeout: 3500 });
  });
});
