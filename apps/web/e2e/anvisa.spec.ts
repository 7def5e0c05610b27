import type { Page, TestInfo } from '@playwright/test';
import {
  catalogCards,
  expect,
  generatePix,
  newCustomer,
  saveShot,
  signInWithEmail,
  storedCart,
  test,
  toPaymentStep,
} from './fixtures';

/**
 * Professional-use products (ADR 037, RDC 6/2015): the whitening gel's page shows its ANVISA number and 'Venda
 * exclusiva…'; a visitor's 'Incluir' explains and leads to the sign-in; a customer without a CRO is sent to the
 * profile, informs the CRO there, and then buys the gel: the order keeps the CRO. At 375 and 1440 px; with SHOTS_DIR
 * set it writes the product page's explanation, the profile's CRO section and the order.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `anvisa-${testInfo.project.name}-${name}`, { settleMs: 300 });

test('gel clareador: sem CRO o perfil pede o CRO; com CRO a compra sai e o pedido o guarda @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const gel = (await catalogCards(page, { profissionais: true })).find((p) => /^Gel clareador/.test(p.nome))!;
  expect(gel, 'o gel clareador de uso profissional do catálogo de demonstração').toBeTruthy();

  // A visitor: the page tells the rule, and 'Incluir' leads to the sign-in.
  await page.goto(`/details/${gel.id}`);
  await expect(page.getByRole('heading', { level: 1, name: gel.nome })).toBeVisible();
  await expect(page.getByTestId('produto-anvisa')).toHaveText(/^Registro ANVISA nº \d\.\d{4}\.\d{4}\.\d{2}$/);
  await expect(page.getByTestId('produto-uso-profissional')).toContainText(
    'Venda exclusiva para cirurgiões-dentistas e acadêmicos de odontologia',
  );
  await page.getByRole('button', { name: 'Incluir' }).click();
  const aviso = page.getByTestId('produto-sem-cro');
  await expect(aviso).toContainText('Entre com uma conta que tenha o registro no CRO');
  await expect(aviso.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/signIn');
  await shot(page, testInfo, 'visitante');

  // A customer without a CRO: 'Incluir' adds nothing and leads to the profile.
  const conta = await newCustomer(page.request, 'Débora Campos Teixeira');
  await signInWithEmail(page, conta.email, conta.password);
  await page.goto(`/details/${gel.id}`);
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(aviso).toContainText('Para comprar este produto, informe seu registro no CRO no seu perfil.');
  expect(await storedCart(page)).toEqual([]);
  await shot(page, testInfo, 'sem-cro');
  await aviso.getByRole('link', { name: 'Informar meu CRO' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${conta.idUser}$`));

  // The profile's CRO section: a wrong number is told on its field; then the CRO is saved.
  const cro = page.getByTestId('perfil-cro');
  await expect(cro.getByTestId('perfil-cro-valor')).toHaveText('Nenhum CRO informado.');
  await cro.getByRole('button', { name: 'Informar CRO' }).click();
  await cro.getByLabel('Número do CRO').fill('1234567');
  await cro.getByLabel('UF do CRO').selectOption('SP');
  await cro.getByRole('button', { name: 'Salvar CRO' }).click();
  await expect(cro.getByText('CRO inválido: informe de 1 a 6 dígitos.')).toBeVisible();
  await cro.getByLabel('Número do CRO').fill('12345');
  await cro.getByRole('button', { name: 'Salvar CRO' }).click();
  await expect(page.getByText('CRO salvo com sucesso!')).toBeVisible();
  await expect(cro.getByTestId('perfil-cro-valor')).toHaveText('CRO-SP 12345');
  await cro.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'perfil-cro');

  // Back on the product page, 'Incluir' adds the gel; the order goes through and keeps the CRO.
  await page.goto(`/details/${gel.id}`);
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByText('Produto adicionado à sacola').first()).toBeVisible();
  await expect(aviso).toHaveCount(0);
  await toPaymentStep(page, true, conta);
  const response = await generatePix(page);
  const pedido = ((await response.json()) as { content: { id: number; cro: { numero: string; uf: string } } }).content;
  expect(pedido.cro).toEqual({ numero: '12345', uf: 'SP' });
  await shot(page, testInfo, 'pedido');
});
