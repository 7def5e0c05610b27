import { produtoApi } from '@clinica/shared/schemas/produto';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { freteApi } from '@clinica/shared/schemas/frete';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { installmentOption } from '@clinica/shared/installments';
import { formatBRL, fromCents } from '@clinica/shared/money';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import {
  ADDRESS_API,
  CATALOGO_PF,
  CATALOGO_VAZIO_API,
  CLIENTE_PF,
  CLIENTE_PF_SESSION,
} from '../../test/account-fixtures';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';

import { CONFIG_SANDBOX, metodoCartao, PARCELAS_SANDBOX, TOKEN_CARTAO } from '../../test/payment-fixtures';
import { button, click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, type MockHandler, type MockReply, okFor } from '../../test/test-utils';
import { CheckoutPage } from './checkout-page';
import { CARTAO_RECUSADO, PAGAR_DE_NOVO, pedidoWire, TOTAIS_CURSO } from './checkout-test-fixtures';

/** The demo store's installment rule in cents (test/comercial-fixtures.ts has it on the wire). */
const REGRA_DEMO = { maxParcelas: 10, parcelasSemJuros: 3, jurosMensal: 1.99, parcelaMinima: 3000 };

/** The realtime channel: the test sends the notifications itself. */
const realtime = vi.hoisted(() => ({ handler: null as ((n: NotificacaoPagamento) => void) | null }));
vi.mock('../../lib/realtime', () => ({
  useOnNotificacao: (handler: (n: NotificacaoPagamento) => void) => {
    realtime.handler = handler;
  },
  useRealtime: () => ({ status: 'CONNECTED', notificacoes: [], limpar: () => {} }),
}));
const notify = (n: NotificacaoPagamento) => act(() => realtime.handler?.(n));

/** The sandbox card services (PAYMENT_PROVIDER=sandbox). */
const PAGAMENTO_API = {
  'GET /api/pagamento/configuracao': CONFIG_SANDBOX,
  'GET /api/sandbox/cartao/metodos': metodoCartao('active', 'visa', 'Visa'),
  'POST /api/sandbox/cartao/token': TOKEN_CARTAO,
  'GET /api/pagamento/parcelas': PARCELAS_SANDBOX,
};

/** Mercado Pago's Visa test card, with the 'same document as the personal data' toggle. */
function fillCard(nome = 'APRO') {
  typeInto('Número do cartão', '4235 6477 2802 5682');
  fireEvent.blur(field('Número do cartão'));
  typeInto('Nome do titular', nome);
  typeInto('Validade (MM/AA)', '11/30');
  typeInto('CVC', '123');
  fireEvent.click(screen.getByLabelText('Usar o mesmo documento dos dados pessoais'));
}

const ESCOVA = {
  id: 1,
  nome: 'Escova ultramacia',
  pathImg: null,
  quantity: 2,
  unitaryValue: 18.9,
  amount: '37.80',
  brinde: false,
  digital: false,
};
const CURSO = {
  id: 9,
  nome: 'Biossegurança no consultório',
  pathImg: null,
  quantity: 1,
  unitaryValue: 97,
  amount: '97.00',
  brinde: false,
  digital: true,
};
const BRINDE = { ...ESCOVA, id: 30, nome: 'Kit de brinde', quantity: 1, unitaryValue: 0, amount: '0.00', brinde: true };
/** GET /api/produto/produtobrinde: the gift product of BRINDE's line. */
const PRODUTO_BRINDE = { id: 30, nome: 'Kit de brinde', pathImgDestaque: null, digital: false };
/** GET /api/condicaodesconto/ativa (reais on the wire): R$ 100,00 earns the gift, more than the bags below hold. */
const condicao = (valor = 100) =>
  okFor(descontoApi.ativa, { id: 1, descricao: `Brinde acima de R$ ${valor}`, valor, ativo: true });

/** A freight option (reais on the wire), delivered within `min` to `max` days. */
const opcaoFrete = (id: number, name: string, custom_price: number, [min, max]: [number, number], company: string) => ({
  id,
  name,
  custom_price,
  delivery_time: max,
  delivery_range: { min, max },
  company: { id: company === 'Correios' ? 1 : 2, name: company, picture: null },
});
/** POST /api/frete/calcular: PAC and SEDEX, plus a third the page leaves out. */
const FRETE = [
  opcaoFrete(1, 'PAC', 25.5, [5, 7], 'Correios'),
  opcaoFrete(2, 'SEDEX', 42.3, [1, 2], 'Correios'),
  opcaoFrete(3, '.Package', 30, [5, 6], 'Jadlog'),
];

/** A bag line as the order holds it. */
const produtoDe = (line: typeof ESCOVA) => ({
  produtoId: line.id,
  produtoNome: line.nome,
  quantidade: line.quantity,
  valor: line.unitaryValue,
  valorTotal: Number(line.amount),
  brinde: line.brinde,
  digital: line.digital,
});
function setup(cart: unknown[], handlers: Record<string, MockHandler | MockReply> = {}) {
  signInAs(CLIENTE_PF_SESSION);
  localStorage.setItem('@shoppingCartItems', JSON.stringify(cart));
  const api = mockApi({
    ...ADDRESS_API,
    ...CATALOGO_VAZIO_API,
    'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    'GET /api/condicaodesconto/ativa': condicao(),
    'GET /api/produto/produtobrinde': okFor(produtoApi.brinde, PRODUTO_BRINDE),
    'POST /api/frete/calcular': okFor(freteApi.calcular, FRETE),
    'POST /api/pedido/create': okFor(pedidoApi.create, pedidoWire(), { status: 201 }),
    ...PAGAMENTO_API,
    ...handlers,
  });
  const view = renderAt('/checkout', {
    '/checkout': <CheckoutPage />,
    '/loja': <h1>Loja</h1>,
    '/orders/:id': <h1>Lista de pedidos</h1>,
  });
  return { ...api, ...view };
}

/** The e-mail input (its step's section is named 'E-mail' too). */
const email = () => screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
const stepState = (step: string) => screen.getByTestId(`step-${step}`);

/** Mode 0 → mode 1, then e-mail and personal data (prefilled from the profile). */
async function throughIdentification() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Minha sacola' })).toBeTruthy();
  click('Finalizar compra');
  await waitFor(() => expect(email().value).toBe('cliente@clinica.com.br'));
  click('Avançar');
  await waitFor(() => expect(field('Nome completo').value).toBe('Maria Cliente Silva'));
  expect(field('CPF ou CNPJ').value).toBe('529.982.247-25');
  expect(field('Celular').value).toBe('(11) 9 8765-4321');
  click('Avançar');
  await screen.findByLabelText('CEP');
}

async function choosePacAndAdvance() {
  fireEvent.click(await screen.findByRole('radio', { name: /PAC/ }));
  click('Avançar');
  await screen.findByRole('button', { name: 'Enviar pagamento' });
}

/** Identification, PAC, then a card whose holder 'OTHE' the sandbox refuses: resolves to the 'Erro!' dialog. */
async function sendRefusedCard() {
  await throughIdentification();
  await choosePacAndAdvance();
  fillCard('OTHE');
  await screen.findByText('Cartão Visa aceito');
  click('Enviar pagamento');
  return screen.findByRole('dialog', { name: 'Erro!' });
}

describe('/checkout', () => {
  setupScreenTests();

  it('mode 0 lists the bag; an advance with an invalid field marks the step and stays (checked false)', async () => {
    setup([ESCOVA]);
    const table = await screen.findByRole('table', { name: 'Itens da sacola' });
    const row = within(table).getByTestId('checkout-line');
    expect(row.textContent).toContain('Escova ultramacia');
    expect(row.textContent).toContain('R$ 18,90');
    expect(row.textContent).toContain('R$ 37,80');
    expect(within(screen.getByTestId('order-summary')).getByText('A calcular')).toBeTruthy();

    click('Finalizar compra');
    await waitFor(() => expect(email().value).toBe('cliente@clinica.com.br'));
    fireEvent.change(email(), { target: { value: 'cliente@clinica' } });
    click('Avançar');
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    await waitFor(() => expect(stepState('identificacao').getAttribute('data-invalid')).toBe('true'));
    expect(screen.queryByLabelText('Nome completo')).toBeNull();

    fireEvent.change(email(), { target: { value: 'maria@clinica.com.br' } });
    click('Avançar');
    await screen.findByLabelText('Nome completo');
    // Still the identification: the e-mail given above the personal data, with 'Alterar'.
    expect(stepState('identificacao').getAttribute('data-state')).toBe('active');
    expect(within(stepState('identificacao')).getByText('maria@clinica.com.br')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alterar e-mail' })).toBeTruthy();
    expect(stepState('entrega').getAttribute('data-state')).toBe('upcoming');
  });

  it('goes through every step with freight and creates the order once (Idempotency-Key kept on retry)', async () => {
    let attempts = 0;
    const { calls, router } = setup([ESCOVA], {
      'POST /api/pedido/create': () => {
        attempts += 1;
        if (attempts === 1) return fail(500, 'Ocorreu um erro inesperado.');
        if (attempts === 2) return fail(409, MSG_API.pedidoValorDivergente);
        return okFor(pedidoApi.create, pedidoWire(), { status: 201 });
      },
    });
    await throughIdentification();

    // Freight for the profile's CEP: two options; advancing without one is refused.
    expect(await screen.findByRole('radio', { name: /SEDEX/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Package/ })).toBeNull();
    const quote = calls.find((c) => c.url === '/api/frete/calcular');
    // With the products (after a coupon, none here): the options free shipping covers come free.
    expect(quote?.body).toEqual({ cep: '01310100', pedidoProdutos: [{ id: 1, quantidade: 2 }], subtotal: 37.8 });
    click('Avançar');
    expect(await screen.findByText(MSG.pedidoEntregaObrigatoria)).toBeTruthy();
    expect(stepState('entrega').getAttribute('data-invalid')).toBe('true');
    await choosePacAndAdvance();
    const summary = screen.getByTestId('order-summary');
    expect(summary.textContent).toContain('EntregaR$ 25,50');
    expect(summary.textContent).toContain('TotalR$ 63,30');
    expect(within(stepState('entrega')).getByText(/PAC \(Correios\)/)).toBeTruthy();

    // The contract's summary before 'Enviar pagamento' (ADR 035): items, freight, total, payment, delivery, the
    // withdrawal right and the terms in a new tab; 'Corrigir entrega' opens the delivery step again.
    const contrato = screen.getByTestId('contract-summary');
    expect(contrato.textContent).toContain('2 × Escova');
    expect(contrato.textContent).toContain('FreteR$ 25,50');
    expect(contrato.textContent).toContain('TotalR$ 63,30');
    expect(within(contrato).getByTestId('contract-payment').textContent).toMatch(/^Cartão de crédito/);
    expect(contrato.textContent).toContain('PAC (Correios)');
    expect(contrato.textContent).toContain('Avenida Paulista');
    expect(contrato.textContent).toContain(MSG_TERMOS.arrependimento);
    const termos = within(contrato).getByRole('link', { name: /termos de compra/ });
    expect(termos.getAttribute('href')).toBe('/termos');
    expect(termos.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(contrato).getByRole('button', { name: MSG_TERMOS.corrigirEntrega }));
    await waitFor(() => expect(stepState('entrega').getAttribute('data-state')).toBe('active'));
    expect(screen.queryByTestId('contract-summary')).toBeNull();
    click('Avançar');
    await waitFor(() => expect(screen.getByTestId('contract-summary')).toBeTruthy());

    // Without the card: 'Dados do pagamento invalidos' and no order.
    fireEvent.click(button('Enviar pagamento'));
    expect(await screen.findAllByText(MSG.dadosPagamentoInvalidos)).not.toHaveLength(0);
    expect(calls.some((c) => c.url === '/api/pedido/create')).toBe(false);
    fillCard();
    expect(await screen.findByText('Cartão Visa aceito')).toBeTruthy();

    // Double click: one request. A 500 shows 'Erro ao salvar pedido', a 409 the server's message.
    fireEvent.click(button('Enviar pagamento'));
    fireEvent.click(button('Enviar pagamento'));
    expect(await screen.findByText(MSG.erroSalvarPedido)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/pedido/create')).toHaveLength(1);
    await waitFor(() => expect(button('Enviar pagamento').disabled).toBe(false));
    fireEvent.click(button('Enviar pagamento'));
    expect(await screen.findByText(MSG_API.pedidoValorDivergente)).toBeTruthy();
    await waitFor(() => expect(button('Enviar pagamento').disabled).toBe(false));
    fireEvent.click(button('Enviar pagamento'));
    expect(await screen.findByRole('heading', { name: 'Pedido criado!' })).toBeTruthy();

    const creates = calls.filter((c) => c.url === '/api/pedido/create');
    expect(creates).toHaveLength(3);
    const keys = creates.map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[\x21-\x7E]{1,255}$/);
    expect(new Set(keys).size).toBe(1);
    const body = creates[0]!.body as Record<string, unknown>;
    expect(pedidoApi.create.body!.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      versaoTermos: VERSAO_TERMOS,
      valorTotal: 63.3,
      clienteId: 3,
      nomeRecebedor: 'Maria Cliente Silva',
      telefoneRecebedor: '11987654321',
      itens: [{ produto: { id: 1 }, quantidade: 2, valor: 18.9, valorTotal: 37.8 }],
      enderecoEntrega: {
        ufId: 35,
        municipioId: 3550308,
        bairro: 'Bela Vista',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        cep: '01310100',
        complemento: 'Conjunto 42',
      },
      dadosPessoais: {
        nome: 'Maria Cliente Silva',
        email: 'cliente@clinica.com.br',
        telefone: '11987654321',
        documento: '52998224725',
      },
      entrega: { idMelhorEnvio: 1, name: 'PAC', customPrice: 25.5, tempoEntrega: 7, transportadora: 'Correios' },
      cupom: null,
      pagamento: {
        tipoPagamento: 'credit',
        paymentMethodId: 'visa',
        nome: 'Maria Cliente Silva',
        email: 'cliente@clinica.com.br',
        valor: 63.3,
        token: 'tok_123',
        parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
        bin: null,
      },
    });
    // The number never reaches our API: only the sandbox tokenizer saw it.
    const apiBodies = calls.filter((c) => !c.url.startsWith('/api/sandbox/')).map((c) => JSON.stringify(c.body ?? ''));
    expect(apiBodies.some((b) => b.includes('4235647728025682'))).toBe(false);

    // The payment is on its way: the order is pending and the bag is emptied. One confirmation says it all, with
    // no toast beside it, and stays until the customer moves on.
    const created = screen.getByTestId('order-created');
    expect(created.textContent).toContain('Pendente');
    expect(created.textContent).toContain(`${MSG.pagamentoEmAnalise} ${MSG.acompanhePedido}`);
    await waitFor(() => expect(localStorage.getItem('@shoppingCartItems')).toBe('[]'));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // The heading only: no 'Pedido criado!' nor 'Acompanhe…' toast.
    expect(screen.getAllByText(MSG.pedidoCriado)).toHaveLength(1);
    expect(screen.queryByText(MSG.acompanhePedido)).toBeNull();
    expect(router.state.location.pathname).toBe('/checkout');
    fireEvent.click(within(created).getByRole('link', { name: 'Ver meus pedidos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
  }, 30_000);

  it('each step opens at the top with the focus on its heading, numbered as the bar at the top', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    setup([ESCOVA]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha sacola' })).toBeTruthy();
    click('Finalizar compra');
    const identificacao = await screen.findByRole('heading', { name: 'Identificação' });
    await waitFor(() => expect(document.activeElement).toBe(identificacao));
    const bar = screen.getByRole('list', { name: 'Etapas da compra' });
    expect(within(bar).getByText('Identificação').closest('li')!.getAttribute('aria-current')).toBe('step');
    expect(stepState('identificacao').textContent).toMatch(/^2Identificação/);
    expect(stepState('entrega').textContent).toMatch(/^3Entrega/);
    expect(stepState('pagamento').textContent).toMatch(/^4Pagamento/);

    await waitFor(() => expect(email().value).toBe('cliente@clinica.com.br'));
    click('Avançar');
    const dados = await screen.findByRole('heading', { name: 'Dados pessoais' });
    await waitFor(() => expect(document.activeElement).toBe(dados));
    expect(scrolled).toContain(dados);
    await waitFor(() => expect(field('Nome completo').value).toBe('Maria Cliente Silva'));
    click('Avançar');
    const entrega = await screen.findByRole('heading', { name: 'Entrega' });
    await waitFor(() => expect(document.activeElement).toBe(entrega));
    expect(scrolled).toContain(stepState('entrega'));
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('a customer without an address gets the CEP of the last freight quote; a saved address wins over it', async () => {
    localStorage.setItem('@cepFrete', '"01310100"');
    const { calls } = setup([ESCOVA], {
      'GET /api/profile/7': okFor(clienteApi.perfil, { ...CLIENTE_PF, endereco: null }),
    });
    await throughIdentification();
    // Looked up as if typed: the street and the city come with it, and the freight of that CEP.
    expect(field('CEP').value).toBe('01310-100');
    await waitFor(() => expect(field('Logradouro').value).toBe('Avenida Paulista'));
    expect(field('Número').value).toBe('');
    expect(await screen.findByRole('radio', { name: /PAC/ })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/frete/calcular')?.body).toMatchObject({ cep: '01310100' });
  });

  it("a saved address wins over the last freight quote's CEP", async () => {
    localStorage.setItem('@cepFrete', '"20040020"');
    setup([ESCOVA]);
    await throughIdentification();
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Número').value).toBe('1000');
  });

  it('card installments: the select lists the offer; 6x with interest shows the cost in full and is what is sent', async () => {
    const KIT = { ...ESCOVA, id: 2, nome: 'Kit clareamento', quantity: 4, unitaryValue: 249, amount: '996.00' };
    // R$ 996,00 and R$ 25,50 of PAC: R$ 1.021,50; the gift's threshold out of reach.
    const { calls } = setup([KIT], { 'GET /api/condicaodesconto/ativa': condicao(5000) });
    await throughIdentification();
    await choosePacAndAdvance();
    fillCard();
    await screen.findByText('Cartão Visa aceito');
    const select = (await screen.findByLabelText('Parcelamento')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(10));
    expect(select.options[0]!.text).toBe('À vista: R$ 1.021,50');
    expect(select.options[2]!.text).toBe('3x de R$ 340,50 sem juros — total R$ 1.021,50');
    const seis = installmentOption(102150, { ...REGRA_DEMO }, 6)!;
    expect(select.options[5]!.text).toBe(
      `6x de ${formatBRL(seis.valorParcela)} com juros (1,99% a.m.) — total ${formatBRL(seis.total)}`,
    );
    fireEvent.change(select, { target: { value: '6' } });
    // Before paying: cash price, installments, monthly and yearly rate, interest and the total (CDC art. 52).
    const resumo = screen.getByTestId('installment-summary');
    expect(resumo.textContent).toContain('Preço à vistaR$ 1.021,50');
    expect(resumo.textContent).toContain('Taxa de juros1,99% ao mês (26,68% ao ano)');
    expect(resumo.textContent).toContain(`Juros${formatBRL(seis.custoJuros)}`);
    expect(resumo.textContent).toContain(`Total a prazo${formatBRL(seis.total)}`);
    expect(screen.getByTestId('pay-total').textContent).toContain(formatBRL(seis.total));
    click('Enviar pagamento');
    await screen.findByRole('heading', { name: 'Pedido criado!' });
    const body = calls.find((c) => c.url === '/api/pedido/create')!.body as { pagamento: unknown; valorTotal: number };
    expect(body.valorTotal).toBe(1021.5);
    expect(body.pagamento).toMatchObject({
      tipoPagamento: 'credit',
      valor: 1021.5,
      parcelamento: { parcelas: 6, valorParcela: fromCents(seis.valorParcela), total: fromCents(seis.total) },
    });
  });

  it('editing an earlier step reopens it and resets the later ones', async () => {
    setup([ESCOVA]);
    await throughIdentification();
    await choosePacAndAdvance();
    expect(stepState('entrega').getAttribute('data-state')).toBe('done');

    fireEvent.click(screen.getByRole('button', { name: 'Editar Identificação' }));
    await screen.findByLabelText('Nome completo');
    expect(stepState('identificacao').getAttribute('data-state')).toBe('active');
    expect(stepState('entrega').getAttribute('data-state')).toBe('upcoming');
    expect(stepState('pagamento').getAttribute('data-state')).toBe('upcoming');
    expect(screen.queryByRole('button', { name: 'Enviar pagamento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Entrega' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Alterar e-mail' })).toBeTruthy();

    // A company document asks for the company's fields instead.
    typeInto('CPF ou CNPJ', '11222333000181');
    expect(await screen.findByLabelText('Razão social')).toBeTruthy();
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
    click('Avançar');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    expect(stepState('identificacao').getAttribute('data-invalid')).toBe('true');
  });

  it('a bag of digital items only: no freight; PIX shows the QR code and the bag empties with the order', async () => {
    const pix = {
      qrCode: '00020126580014br.gov.bcb.pix0136chave5204000053039865405' + '97.005802BR',
      qrCodeBase64: 'iVBORw0KGgo=',
    };
    const { calls, router } = setup([CURSO], {
      'POST /api/pedido/create': okFor(
        pedidoApi.create,
        pedidoWire({
          ...TOTAIS_CURSO,
          produtos: [produtoDe(CURSO)],
          pix: { ...pix, expiraEm: '2026-01-10T12:10:00.000Z', validadeSegundos: 600 },
        }),
        { status: 201 },
      ),
    });
    await throughIdentification();
    expect(screen.getByText(/apenas produtos digitais/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByTestId('order-summary').textContent).toContain('EntregaR$ 0,00');
    click('Avançar');
    await screen.findByRole('button', { name: 'Enviar pagamento' });
    expect(within(stepState('entrega')).getByText('Sem frete (produtos digitais)')).toBeTruthy();

    // By card the course costs R$ 97,00; by PIX, 5 % less (the demo store's rules), shown in the summary.
    expect(screen.getByTestId('order-summary').textContent).toContain('TotalR$ 97,00');
    fireEvent.click(screen.getByRole('radio', { name: 'PIX' }));
    expect(screen.getByText('Pagamento PIX não gerado')).toBeTruthy();
    const desconto = within(screen.getByTestId('order-summary')).getByTestId('desconto-pix');
    expect(desconto.textContent).toBe('Desconto PIX (5%)−R$ 4,85');
    expect(screen.getByTestId('order-summary').textContent).toContain('TotalR$ 92,15');
    expect(screen.getByTestId('pay-total').textContent).toContain('R$ 92,15');
    click('Gerar QRcode do pix');
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento via PIX' });
    expect(within(dialog).getByText('Escaneie o QR Code abaixo')).toBeTruthy();
    expect(within(dialog).getByTestId('pix-countdown').textContent).toBe('10:00');
    expect(await screen.findByText(MSG.pixGerado)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/frete/calcular')).toBe(false);
    const body = calls.find((c) => c.url === '/api/pedido/create')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      valorTotal: 92.15,
      entrega: null,
      enderecoEntrega: null,
      itens: [{ produto: { id: 9 }, quantidade: 1, valor: 97, valorTotal: 97 }],
      pagamento: { tipoPagamento: 'pix', paymentMethodId: 'pix', valor: 92.15, token: null, parcelamento: null },
    });
    expect(pedidoApi.create.body!.safeParse(body).success).toBe(true);
    // The order exists: the bag is empty (ADR 010); a notification of another order changes nothing.
    await waitFor(() => expect(localStorage.getItem('@shoppingCartItems')).toBe('[]'));
    notify({ id: 1, message: 'Pagamento aprovado', statusPayment: 'approved', idPedido: 999 });
    expect(screen.queryByRole('dialog', { name: 'Sucesso!' })).toBeNull();

    notify({ id: 1, message: 'Pagamento aprovado!', statusPayment: 'approved', idPedido: 41 });
    const success = await screen.findByRole('dialog', { name: 'Sucesso!' });
    expect(within(success).getByText('Pagamento aprovado!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Pagamento via PIX' })).toBeNull();
    expect(screen.queryByTestId('pix-code')).toBeNull();
    await waitFor(() => expect(localStorage.getItem('@shoppingCartItems')).toBe('[]'));
    fireEvent.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
  });

  it("PIX: 'Fechar' shows 'Acompanhe seu pedido pela Lista de pedidos' and opens the orders list 2 s later", async () => {
    const { router } = setup([CURSO], {
      'POST /api/pedido/create': okFor(
        pedidoApi.create,
        pedidoWire({
          ...TOTAIS_CURSO,
          pix: {
            qrCode: 'x'.repeat(40),
            qrCodeBase64: 'AAAA',
            expiraEm: '2026-01-10T12:10:00.000Z',
            validadeSegundos: 600,
          },
        }),
        { status: 201 },
      ),
    });
    await throughIdentification();
    click('Avançar');
    fireEvent.click(await screen.findByRole('radio', { name: 'PIX' }));
    click('Gerar QRcode do pix');
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento via PIX' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText(MSG.acompanhePedidoPix)).toBeTruthy();
    // The panel keeps the code on the page meanwhile.
    expect(screen.getByTestId('pix-code')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'), { timeout: 3500 });
  });

  it('a retry refused because an earlier attempt paid after all (its answer lost): the paid order is shown', async () => {
    const recusado = pedidoWire({
      produtos: [produtoDe(ESCOVA)],
      pagamento: CARTAO_RECUSADO,
    });
    const { calls } = setup([ESCOVA], {
      'POST /api/pedido/create': okFor(pedidoApi.create, recusado, { status: 201 }),
      'POST /api/pagamento/processar': fail(409, MSG.pedidoJaPago),
      'GET /api/pedido/41': okFor(pedidoApi.detalhe, {
        ...recusado,
        situacaoPedido: 'PAGO',
        pagamento: {
          id: 6,
          tipoPagamento: 'credit',
          status: 'approved',
          valor: 63.3,
          createAt: [2026, 1, 10],
          dataPagamento: '2026-01-10T12:01:00.000Z',
          parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
        },
      }),
    });
    const erro = await sendRefusedCard();
    fireEvent.click(within(erro).getByRole('button', { name: 'OK' }));
    typeInto('Nome do titular', 'APRO');
    click('Enviar pagamento');
    expect(await screen.findByRole('heading', { name: 'Pedido criado!' })).toBeTruthy();
    expect(screen.getByTestId('order-created').textContent).toContain(MSG.pagamentoProcessado);
    expect(screen.queryByText(MSG.pedidoJaPago)).toBeNull();
    expect(calls.filter((c) => c.url === '/api/pagamento/processar')).toHaveLength(1);
  });

  it('a refused card shows "Erro!"; the retry pays the same order (POST /pagamento/processar, origem checkout)', async () => {
    const { calls, router } = setup([ESCOVA], {
      'POST /api/pedido/create': okFor(
        pedidoApi.create,
        pedidoWire({
          produtos: [produtoDe(ESCOVA)],
          pagamento: CARTAO_RECUSADO,
        }),
        { status: 201 },
      ),
      'POST /api/pagamento/processar': okFor(
        pagamentoApi.processar,
        {
          idPedido: 41,
          idPagamento: 6,
          tipoPagamento: 'credit',
          status: 'approved',
          statusDetalhe: 'accredited',
          valor: 63.3,
          parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
          pixPaymentResponse: null,
          boleto: null,
        },
        { status: 201 },
      ),
      'GET /api/pedido/41': okFor(
        pedidoApi.detalhe,
        pedidoWire({
          produtos: [produtoDe(ESCOVA)],
          situacaoPedido: 'PAGO',
          pagamento: { ...CARTAO_RECUSADO, id: 6, status: 'approved', dataPagamento: '2026-01-10T12:01:00.000Z' },
        }),
      ),
    });
    const erro = await sendRefusedCard();
    // One message: the refusal says the order exists and waits for its payment; no 'Pedido criado!' beside it.
    expect(
      within(erro).getByText(`${MSG.pagamentoRecusado} Seu pedido nº 41 foi criado e aguarda o pagamento.`),
    ).toBeTruthy();
    expect(screen.queryByText(MSG.pedidoCriado)).toBeNull();
    fireEvent.click(within(erro).getByRole('button', { name: 'OK' }));
    // Still on the payment step, with the order waiting; the bag left with the order (ADR 010), the summary
    // now lists the order's lines.
    expect(await screen.findByTestId('pending-order')).toBeTruthy();
    expect(localStorage.getItem('@shoppingCartItems')).toBe('[]');
    expect(screen.getByTestId('order-summary').textContent).toContain('2 × Escova ultramacia');

    typeInto('Nome do titular', 'APRO');
    click('Enviar pagamento');
    expect(await screen.findByRole('heading', { name: 'Pedido criado!' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/pedido/create')).toHaveLength(1);
    const retry = calls.find((c) => c.url === '/api/pagamento/processar')!;
    expect(retry.body).toEqual(PAGAR_DE_NOVO);
    expect(retry.headers['idempotency-key']).toMatch(/^[\x21-\x7E]{1,255}$/);
    expect(screen.getByTestId('order-created').textContent).toContain(
      `${MSG.pagamentoProcessado} ${MSG.acompanhePedido}`,
    );
    expect(within(screen.getByTestId('order-created')).getByText('Pago')).toBeTruthy();
    expect(screen.queryByText(MSG.pagamentoProcessado)).toBeNull();
    await waitFor(() => expect(localStorage.getItem('@shoppingCartItems')).toBe('[]'));
    expect(router.state.location.pathname).toBe('/checkout');
  }, 15_000);

  it('a freight failure shows "Erro ao calcular frete. tente novamente em alguns instantes" and can retry', async () => {
    let quotes = 0;
    const { calls } = setup([ESCOVA, BRINDE], {
      'GET /api/condicaodesconto/ativa': condicao(30),
      'POST /api/frete/calcular': () => {
        quotes += 1;
        return quotes === 1 ? fail(503, MSG_API.freteIndisponivel) : okFor(freteApi.calcular, FRETE);
      },
    });
    await throughIdentification();
    await waitFor(() => expect(screen.getAllByText(MSG.erroCalcularFrete).length).toBeGreaterThan(0));
    // The gift is not quoted (the same lines the server quotes).
    expect(calls.find((c) => c.url === '/api/frete/calcular')?.body).toEqual({
      cep: '01310100',
      pedidoProdutos: [{ id: 1, quantidade: 2 }],
      subtotal: 37.8,
    });
    click('Tentar novamente');
    expect(await screen.findByRole('radio', { name: /PAC/ })).toBeTruthy();
  });

  it('a new CEP asks for the freight again and clears the choice', async () => {
    const { calls } = setup([ESCOVA], {
      'GET /api/viacep/20040002': okFor(enderecoApi.viaCep, {
        cep: '20040-002',
        logradouro: 'Rua da Assembleia',
        complemento: '',
        unidade: '',
        bairro: 'Centro',
        localidade: 'Rio de Janeiro',
        estado: 'Rio de Janeiro',
        regiao: 'Sudeste',
        ibge: '3304557',
        gia: '',
        ddd: '21',
        siafi: '',
        uf: { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
        municipio: { id: 3304557, nome: 'Rio de Janeiro' },
      }),
    });
    await throughIdentification();
    fireEvent.click(await screen.findByRole('radio', { name: /PAC/ }));
    typeInto('CEP', '20040002');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/frete/calcular')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/frete/calcular')[1]!.body).toMatchObject({ cep: '20040002' });
    await screen.findByRole('radio', { name: /PAC/ });
    expect((screen.getByRole('radio', { name: /PAC/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('a profile failure shows "Erro ao carregar seus dados. entre em contato com nosso suporte"', async () => {
    setup([ESCOVA], { 'GET /api/profile/7': fail(500, 'Ocorreu um erro inesperado.') });
    expect(await screen.findByText(MSG.erroCarregarDados)).toBeTruthy();
    click('Finalizar compra');
    expect(email().value).toBe('');
  });

  it('mode 0 keeps the gift rule: the gift appears when a quantity reaches the threshold and leaves below it', async () => {
    setup([ESCOVA], { 'GET /api/condicaodesconto/ativa': condicao(50) });
    const table = await screen.findByRole('table', { name: 'Itens da sacola' });
    await waitFor(() => expect(within(table).getAllByTestId('checkout-line')).toHaveLength(1));

    // 3 × R$ 18,90 = R$ 56,70 reaches R$ 50,00: the gift joins the bag (and the stored cart).
    click('Aumentar quantidade de Escova ultramacia');
    await waitFor(() => expect(within(table).getAllByTestId('checkout-line')).toHaveLength(2));
    expect(within(table).getByText('Kit de brinde')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('@shoppingCartItems') ?? '[]')).toContainEqual(
      expect.objectContaining({ id: 30, brinde: true, quantity: 1 }),
    );

    // Back to R$ 37,80: the gift leaves.
    click('Diminuir quantidade de Escova ultramacia');
    await waitFor(() => expect(within(table).getAllByTestId('checkout-line')).toHaveLength(1));
    expect(within(table).queryByText('Kit de brinde')).toBeNull();
  });

  it('an empty bag, or one worth nothing, goes to /loja', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'Loja' })).toBeTruthy();
  });

  it('a bag holding only the gift (total zero) goes to /loja', async () => {
    setup([BRINDE]);
    expect(await screen.findByRole('heading', { name: 'Loja' })).toBeTruthy();
  });

  describe('saved addresses (docs/behaviour/bag-and-checkout.md#saved-addresses)', () => {
    const comCatalogo = (handlers: Record<string, MockHandler | MockReply> = {}) =>
      setup([ESCOVA], {
        'GET /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: CATALOGO_PF }),
        ...handlers,
      });

    async function toDelivery() {
      expect(await screen.findByRole('heading', { level: 1, name: 'Minha sacola' })).toBeTruthy();
      click('Finalizar compra');
      await waitFor(() => expect(email().value).toBe('cliente@clinica.com.br'));
      click('Avançar');
      await waitFor(() => expect(field('Nome completo').value).toBe('Maria Cliente Silva'));
      click('Avançar');
      return screen.findByRole('group', { name: MSG_ENDERECOS.escolha });
    }

    it('the default is chosen; another card re-quotes for its CEP and the order goes to it with its recipient', async () => {
      const { calls } = comCatalogo();
      const group = await toDelivery();
      const casa = within(group).getByRole('radio', { name: /Casa/ }) as HTMLInputElement;
      expect(casa.checked).toBe(true);
      expect(within(group).getByText('Padrão')).toBeTruthy();
      expect(within(group).getByText('CEP 20040-002')).toBeTruthy();
      expect(screen.queryByLabelText('CEP')).toBeNull();
      await screen.findByRole('radio', { name: /PAC/ });
      expect(calls.filter((c) => c.url === '/api/frete/calcular').map((c) => (c.body as { cep: string }).cep)).toEqual([
        '01310100',
      ]);

      fireEvent.click(within(group).getByRole('radio', { name: /Clínica/ }));
      await waitFor(() =>
        expect(
          calls.filter((c) => c.url === '/api/frete/calcular').map((c) => (c.body as { cep: string }).cep),
        ).toEqual(['01310100', '20040002']),
      );
      expect(field('Nome de quem recebe').value).toBe('Recepção da Clínica');
      await choosePacAndAdvance();
      expect(within(stepState('entrega')).getByText('Rua da Assembleia, 10, Sala 501')).toBeTruthy();
      fillCard();
      await screen.findByText('Cartão Visa aceito');
      click('Enviar pagamento');
      expect(await screen.findByRole('heading', { name: 'Pedido criado!' })).toBeTruthy();
      const pedido = calls.find((c) => c.url === '/api/pedido/create')!.body as Record<string, unknown>;
      expect(pedido.enderecoEntrega).toEqual({
        ufId: 33,
        municipioId: 3304557,
        bairro: 'Centro',
        logradouro: 'Rua da Assembleia',
        numero: '10',
        cep: '20040002',
        complemento: 'Sala 501',
      });
      expect(pedido).toMatchObject({ nomeRecebedor: 'Recepção da Clínica', telefoneRecebedor: '2132221100' });
    });

    it("'Novo endereço' opens the form with 'Salvar no meu catálogo de endereços' checked; the address is saved", async () => {
      const novo = { ...CATALOGO_PF[0]!, id: 40, nome: 'Consultório 2', padrao: false, cadastro: false };
      const { calls } = comCatalogo({
        'POST /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.criar, novo, {
          status: 201,
          message: MSG_ENDERECOS.criado,
        }),
      });
      const group = await toDelivery();
      fireEvent.click(within(group).getByRole('radio', { name: MSG_ENDERECOS.novo }));
      const salvar = (await screen.findByRole('checkbox', {
        name: MSG_ENDERECOS.salvarNoCatalogo,
      })) as HTMLInputElement;
      expect(salvar.checked).toBe(true);
      expect(field('CEP').value).toBe('');
      typeInto('CEP', '01310-100');
      await waitFor(() => expect(field('Logradouro').value).toBe('Avenida Paulista'));
      typeInto('Número', '1000');
      // Without a name the step stays, the name's message on it.
      fireEvent.click(await screen.findByRole('radio', { name: /PAC/ }));
      click('Avançar');
      expect(await screen.findByText(MSG_ENDERECOS.nomeVazio)).toBeTruthy();
      expect(calls.some((c) => c.url === '/api/cliente/3/enderecos' && c.method === 'POST')).toBe(false);
      typeInto(MSG_ENDERECOS.nomeCampo, 'Consultório 2');
      click('Avançar');
      await screen.findByRole('button', { name: 'Enviar pagamento' });
      const post = calls.find((c) => c.url === '/api/cliente/3/enderecos' && c.method === 'POST');
      expect(post?.body).toMatchObject({
        nome: 'Consultório 2',
        cep: '01310100',
        numero: '1000',
        nomeRecebedor: 'Maria Cliente Silva',
        telefoneRecebedor: '11987654321',
      });
      expect(await screen.findByText(MSG_ENDERECOS.criado)).toBeTruthy();
    });

    it('unchecked, the new address is only for this order', async () => {
      const { calls } = comCatalogo();
      const group = await toDelivery();
      fireEvent.click(within(group).getByRole('radio', { name: MSG_ENDERECOS.novo }));
      fireEvent.click(await screen.findByRole('checkbox', { name: MSG_ENDERECOS.salvarNoCatalogo }));
      expect(screen.queryByLabelText(MSG_ENDERECOS.nomeCampo)).toBeNull();
      typeInto('CEP', '01310-100');
      await waitFor(() => expect(field('Logradouro').value).toBe('Avenida Paulista'));
      typeInto('Número', '77');
      await choosePacAndAdvance();
      expect(calls.some((c) => c.url === '/api/cliente/3/enderecos' && c.method === 'POST')).toBe(false);
    });
  });
});
