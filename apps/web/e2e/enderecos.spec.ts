import type { Page, TestInfo } from '@playwright/test';
import {
  addFromDetails,
  catalogCards,
  expect,
  generatePix,
  newCustomer,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
  type Card,
} from './fixtures';

/**
 * The customer's address book (docs/behaviour/accounts-and-sign-in.md#address-book,
 * docs/behaviour/bag-and-checkout.md#saved-addresses): a second address added in the profile and made the default, an
 * order sent to the other one chosen at checkout, and a new address typed at checkout saved in the book. With
 * SHOTS_DIR set, the profile's section and the checkout's step are saved at 375 and 1440 px.
 */

interface EnderecoLido {
  id: number;
  nome: string;
  cep: string;
  numero: string;
  padrao: boolean;
}

async function physicalProduct(page: Page): Promise<Card> {
  return (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).sort((a, b) => a.preco - b.preco)[0]!;
}

async function livro(page: Page, idCliente: number): Promise<EnderecoLido[]> {
  const { token } = await storedSession(page);
  const res = await page.request.get(`/api/cliente/${idCliente}/enderecos`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { enderecos: EnderecoLido[] } }).content.enderecos;
}

/** From the bag to the delivery step (the e-mail and personal data are prefilled). */
async function toDelivery(page: Page) {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Nome completo')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const grupo = page.getByRole('group', { name: 'Endereço de entrega' });
  await expect(grupo).toBeVisible();
  return grupo;
}

const shotWidths = (page: Page, testInfo: TestInfo, name: string) =>
  // One project takes both widths: the pictures are the same whichever project runs.
  testInfo.project.name === 'desktop'
    ? saveShot(page, `enderecos-${name}`, { settleMs: 300, widths: [375, 1440] })
    : null;

test('perfil: um segundo endereço vira o padrão; no checkout o outro é escolhido e o pedido vai para ele @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const fisico = await physicalProduct(page);
  const conta = await newCustomer(page.request, 'Clara Mendes Rocha');
  await signInWithEmail(page, conta.email, conta.password);

  // The profile: the registered address is in the book as 'Principal', the default.
  await page.goto(`/user/${conta.idUser}`);
  const secao = page.getByRole('region', { name: 'Meus endereços' });
  await expect(secao.getByTestId('endereco-catalogo')).toHaveCount(1);
  await expect(secao.getByTestId('endereco-catalogo').first()).toContainText('Principal');
  await expect(secao.getByTestId('endereco-catalogo').first()).toContainText('Padrão');

  await secao.getByRole('button', { name: 'Adicionar endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo endereço' });
  await dialog.getByLabel('Nome do endereço').fill('Clínica');
  await dialog.getByLabel('CEP').pressSequentially('20040020');
  await expect(dialog.getByLabel('Logradouro')).not.toHaveValue('');
  await dialog.getByLabel('Número').fill('50');
  await dialog.getByLabel('Nome de quem recebe (opcional)').fill('Recepção da Clínica');
  await dialog.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(page.getByText('Endereço salvo com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const clinica = secao.getByTestId('endereco-catalogo').filter({ hasText: 'Clínica' });
  await expect(clinica).toContainText('CEP 20040-020');

  await clinica.getByRole('button', { name: 'Tornar padrão Clínica' }).click();
  await expect(page.getByText('Endereço padrão atualizado.')).toBeVisible();
  await expect(secao.getByTestId('endereco-catalogo').first()).toContainText('Clínica');
  await expect(secao.getByTestId('endereco-catalogo').first()).toContainText('Padrão');
  await shotWidths(page, testInfo, 'perfil');

  // The checkout starts on the default (Clínica); the customer chooses Principal, whose CEP is quoted.
  await addFromDetails(page, fisico);
  const grupo = await toDelivery(page);
  await expect(grupo.getByRole('radio', { name: /Clínica/ })).toBeChecked();
  await expect(page.getByLabel('Nome de quem recebe')).toHaveValue('Recepção da Clínica');
  await expect(page.getByRole('textbox', { name: 'CEP' })).toHaveCount(0);
  const [cotacao] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/frete/calcular')),
    grupo.getByRole('radio', { name: /Principal/ }).check(),
  ]);
  expect((cotacao.postDataJSON() as { cep: string }).cep).toBe('01310100');
  const opcoes = page.getByRole('radio', { name: /dias? úte?is/ });
  await expect(opcoes).toHaveCount(2);
  await opcoes.first().check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByTestId('step-entrega')).toContainText('Avenida Paulista, 900');

  const response = await generatePix(page);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  const { token } = await storedSession(page);
  const res = await page.request.get(`/api/pedido/${pedidoId}`, { headers: { Authorization: `Bearer ${token}` } });
  const pedido = (await res.json()).content as { enderecoEntrega: { cep: string; numero: string } };
  expect(pedido.enderecoEntrega).toMatchObject({ cep: '01310100', numero: '900' });
});

test('checkout: um endereço novo com "Salvar no meu catálogo de endereços" entra no catálogo @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const fisico = await physicalProduct(page);
  const conta = await newCustomer(page.request, 'Otávio Lins Pereira');
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, fisico);

  const grupo = await toDelivery(page);
  await expect(grupo.getByRole('radio', { name: /Principal/ })).toBeChecked();
  await shotWidths(page, testInfo, 'checkout');
  await grupo.getByRole('radio', { name: 'Novo endereço' }).check();
  await expect(page.getByRole('checkbox', { name: 'Salvar no meu catálogo de endereços' })).toBeChecked();
  await page.getByRole('textbox', { name: 'CEP' }).pressSequentially('20040020');
  await expect(page.getByLabel('Logradouro')).not.toHaveValue('');
  await page.getByLabel('Número').fill('12');
  await page.getByLabel('Nome do endereço').fill('Consultório 2');
  const opcoes = page.getByRole('radio', { name: /dias? úte?is/ });
  await expect(opcoes).toHaveCount(2);
  await opcoes.first().check();
  await shotWidths(page, testInfo, 'checkout-novo');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByText('Endereço salvo com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar pagamento' })).toBeVisible();

  const salvos = await livro(page, conta.idCliente);
  expect(salvos.map((e) => [e.nome, e.cep, e.numero, e.padrao])).toEqual([
    ['Principal', '01310100', '900', true],
    ['Consultório 2', '20040020', '12', false],
  ]);

  const response = await generatePix(page);
  expect(response.status()).toBe(201);
});
