import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** The clinic's e-mail (where the contact form's messages go), from the company data. */
async function clinicEmail(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/empresa/');
  expect(res.ok()).toBe(true);
  return (await res.json()).content.email as string;
}

test('início: o carrossel tem 3 slides e passa sozinho, e pausa pelo botão @mobile', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica Odontológica Sorriso Pleno' })).toBeVisible();
  const carousel = page.getByTestId('hero-carousel');
  await expect(carousel.getByTestId('hero-slide')).toHaveCount(3);
  const bullets = carousel.getByRole('button', { name: /Ir para o slide/ });
  await expect(bullets).toHaveCount(3);
  await expect(bullets.nth(0)).toHaveAttribute('aria-current', 'true');
  // The mouse stays off the carousel (hovering pauses it): every 5 s the next slide comes by itself.
  await page.mouse.move(0, 0);
  await expect(bullets.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('heading', { name: 'Cuidado para a família inteira' })).toBeInViewport();

  await carousel.getByRole('button', { name: 'Pausar a passagem automática' }).click();
  // The slide shown when the pause took effect: the 2nd, or the 3rd when the next 5 s ended before the click (a busy
  // machine). 'Slide anterior' goes back one, and paused, that slide stays.
  const atual = await bullets.evaluateAll((bs) => bs.findIndex((b) => b.getAttribute('aria-current') === 'true'));
  expect(atual).toBeGreaterThanOrEqual(1);
  await carousel.getByRole('button', { name: 'Slide anterior' }).click();
  await expect(bullets.nth(atual - 1)).toHaveAttribute('aria-current', 'true');
  await page.mouse.move(0, 0);
  await page.waitForTimeout(5_500);
  await expect(bullets.nth(atual - 1)).toHaveAttribute('aria-current', 'true');
});

test('início: uma área de atuação abre os detalhes e fecha @mobile', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Endodontia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Endodontia' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Cuidados' })).toBeAttached();
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(dialog).toBeHidden();
  // The focus goes back to the card that opened it.
  await expect(page.getByRole('button', { name: 'Endodontia' })).toBeFocused();

  await page.getByRole('button', { name: 'Harmonização facial' }).click();
  await expect(page.getByRole('dialog', { name: 'Harmonização facial' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('início: um membro da equipe abre os detalhes e fecha', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('team-card')).toHaveCount(10);
  await page.getByRole('button', { name: 'Dr. Rafael Nogueira' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr. Rafael Nogueira' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('CRO-SP 97358')).toBeVisible();
  await expect(dialog).toContainText('Ortodontia');
  // A click on the overlay closes it too, and the focus goes back to the card.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Dr. Rafael Nogueira' })).toBeFocused();
});

test('contato: valida os campos e a mensagem chega à caixa da clínica @mobile', async ({ page, request }) => {
  const para = await clinicEmail(request);
  const marca = `Teste ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto('/contato');
  await expect(page.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByText('O campo tem que ter 3 ou mais caracteres.')).toBeVisible();
  await expect(page.getByText('Este campo não pode ficar vazio e tem que ser um e-mail válido.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Selecione um assunto' })).toBeVisible();
  await expect(page.getByText('Escreva a sua mensagem.')).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill('Beatriz Almeida Costa');
  await page.getByLabel('E-mail', { exact: true }).fill('beatriz.costa@exemplo.com.br');
  await page.getByLabel('Telefone', { exact: true }).pressSequentially('11976543210');
  await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('(11) 9 7654-3210');
  await page.getByLabel('Assunto', { exact: true }).selectOption({ label: 'Dúvida sobre tratamento' });
  await page.getByLabel('Mensagem', { exact: true }).fill(`Olá! Tenho dúvidas sobre clareamento. ${marca}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();

  await expect(page.getByText('Mensagem enviada com sucesso!')).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue('');

  // The sandbox mailbox holds the message sent to the clinic.
  let mail: { assunto: string; texto: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/sandbox/emails?para=${encodeURIComponent(para)}`);
        const emails = (await res.json()).content as Array<{ assunto: string; texto: string }>;
        mail = emails.find((e) => e.texto.includes(marca));
        return Boolean(mail);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  expect(mail!.assunto).toContain('Dúvida sobre tratamento');
  expect(mail!.assunto).toContain('Beatriz Almeida Costa');
  expect(mail!.texto).toContain('beatriz.costa@exemplo.com.br');
  expect(mail!.texto).toContain('(11) 9 7654-3210');
});

test('contato: endereço, telefones, horários e o link do mapa, sem mapa em branco @mobile', async ({
  page,
  request,
}) => {
  const empresa = (await (await request.get('/api/empresa/')).json()).content;
  const cspRefusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
  });
  await page.goto('/contato');
  await expect(page.getByText(empresa.email, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('contact-hours')).toContainText('08h às 20h');
  const mapLink = page.getByRole('link', { name: /Ver no mapa/ });
  await expect(mapLink).toHaveAttribute('target', '_blank');
  await expect(mapLink).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  // The interactive map is fetched only on request; if it cannot be shown the drawn map and a note stay.
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar mapa interativo' }).click();
  // The page's CSP lets the Google Maps embed in (frame-src): the frame is created and stays, with no refusal.
  await expect(page.locator('iframe[src^="https://www.google.com/maps?q="]')).toHaveCount(1);
  await expect(
    page
      .getByText('Não foi possível mostrar o mapa aqui.', { exact: false })
      .or(page.locator('[data-state="shown"] iframe')),
  ).toBeVisible({ timeout: 12_000 });
  await expect(page.locator('iframe[src^="https://www.google.com/maps?q="]')).toHaveCount(1);
  expect(cspRefusals).toEqual([]);
  // Offline the frame may show the browser's error page; the address and the link to Google Maps stay.
  await expect(page.locator('section[aria-labelledby="mapa-title"] address')).toContainText(
    empresa.endereco.logradouro,
  );
  await expect(mapLink).toBeVisible();
});

test('artigos: abas, download de um PDF de verdade e links em nova aba @mobile', async ({ page }) => {
  await page.goto('/artigos');
  await expect(page.getByRole('tab', { name: 'Artigos' })).toHaveAttribute('aria-selected', 'true');
  const first = page.getByRole('link', { name: /Baixar PDF/ }).first();
  await expect(first).toHaveAttribute('download', '');
  const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2_000);

  await page.getByRole('tab', { name: 'Livros' }).click();
  await expect(page).toHaveURL(/\/artigos\?aba=livros$/);
  // The panel by its tab's name: right after the click the previous panel may still be the one shown.
  const book = page.getByRole('tabpanel', { name: 'Livros' }).getByRole('link').first();
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('tab', { name: 'Redes sociais' }).click();
  const social = page.getByRole('tabpanel', { name: 'Redes sociais' }).getByRole('link');
  await expect(social.first()).toBeVisible();
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
});
