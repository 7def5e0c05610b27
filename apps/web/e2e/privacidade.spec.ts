import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, newCustomer, saveShot, signInWithEmail, storedSession, test } from './fixtures';

/**
 * The customer's LGPD rights (docs/behaviour/accounts-and-sign-in.md#privacy, ADR 038) at 375 and 1440 px: the
 * marketing consent given and withdrawn with one click each, 'Baixar meus dados' saving the JSON file and the readable
 * summary, and 'Excluir minha conta' with the password, after which signing in with that account fails. With
 * SHOTS_DIR set, the section and the closing dialog are saved at both widths.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  testInfo.project.name === 'desktop'
    ? saveShot(page, `privacidade-${name}`, { settleMs: 300, widths: [375, 1440] })
    : null;

async function abrirPerfil(page: Page, idUser: number) {
  await page.goto(`/user/${idUser}`);
  const secao = page.getByRole('region', { name: 'Privacidade e dados' });
  await secao.scrollIntoViewIfNeeded();
  await expect(secao).toBeVisible();
  return secao;
}

test.describe('privacidade e dados (LGPD) @mobile', () => {
  test('gives and withdraws the marketing consent with one click each; both choices are recorded', async ({
    page,
    request,
  }, testInfo) => {
    const conta = await newCustomer(request, 'Lívia Prado Moura');
    await signInWithEmail(page, conta.email, conta.password);
    const secao = await abrirPerfil(page, conta.idUser);
    const caixa = secao.getByRole('checkbox', { name: 'Quero receber ofertas e novidades por e-mail' });
    await expect(caixa).not.toBeChecked();
    await expect(secao.getByText('Você não recebe ofertas e novidades por e-mail.')).toBeVisible();
    await shot(page, testInfo, 'secao');

    await caixa.click();
    await expect(caixa).toBeChecked();
    await expect(secao.getByText(/Você aceitou receber ofertas e novidades por e-mail em/)).toBeVisible();
    await caixa.click();
    await expect(caixa).not.toBeChecked();
    await expect(secao.getByText('Você não recebe ofertas e novidades por e-mail.')).toBeVisible();

    // The server kept both choices, newest first.
    const { token } = await storedSession(page);
    const res = await page.request.get(`/api/privacidade/consentimento/${conta.idCliente}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { content } = (await res.json()) as {
      content: { ofertasEmail: boolean; historico: Array<{ concedido: boolean; origem: string }> };
    };
    expect(content.ofertasEmail).toBe(false);
    expect(content.historico.map((h) => [h.concedido, h.origem])).toEqual([
      [false, 'perfil'],
      [true, 'perfil'],
    ]);
    // Still off after a reload.
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Privacidade e dados' })
        .getByRole('checkbox', { name: 'Quero receber ofertas e novidades por e-mail' }),
    ).not.toBeChecked();
  });

  test("'Baixar meus dados' saves the JSON file and the readable summary", async ({ page, request }) => {
    const conta = await newCustomer(request, 'Otávio Brandão Leite');
    await signInWithEmail(page, conta.email, conta.password);
    const secao = await abrirPerfil(page, conta.idUser);
    const downloads: Array<{ nome: string; texto: string }> = [];
    page.on('download', (d) => {
      void (async () => {
        const path = await d.path();
        downloads.push({ nome: d.suggestedFilename(), texto: await readFile(path, 'utf8') });
      })();
    });
    await secao.getByRole('button', { name: 'Baixar meus dados' }).click();
    await expect(page.getByText('Seus dados foram baixados.')).toBeVisible();
    await expect.poll(() => downloads.length).toBe(2);
    const json = downloads.find((d) => d.nome === `meus-dados-${conta.idCliente}.json`);
    const html = downloads.find((d) => d.nome === `meus-dados-${conta.idCliente}.html`);
    expect(json, 'o arquivo JSON').toBeTruthy();
    expect(html, 'o resumo legível').toBeTruthy();
    const dados = JSON.parse(json!.texto) as {
      titular: { email: string };
      tabelas: Record<string, Array<Record<string, unknown>>>;
    };
    expect(dados.titular.email).toBe(conta.email);
    expect(dados.tabelas.clientes![0]).toMatchObject({ nome: 'Otávio Brandão Leite', cpf: conta.cpf });
    expect(dados.tabelas.catalogo_enderecos!.length).toBeGreaterThan(0);
    expect(json!.texto).not.toContain('senha_hash');
    expect(html!.texto).toContain('Seus dados na loja');
    expect(html!.texto).toContain(conta.email);
  });

  test("'Excluir minha conta' with the password ends the session, and the account can no longer sign in", async ({
    page,
    request,
  }, testInfo) => {
    const conta = await newCustomer(request, 'Caio Meireles Tavares');
    await signInWithEmail(page, conta.email, conta.password);
    const secao = await abrirPerfil(page, conta.idUser);
    await secao.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialogo = page.getByTestId('excluir-conta-dialog');
    await expect(dialogo).toBeVisible();
    await dialogo.getByLabel('Senha atual').fill('errada99');
    await shot(page, testInfo, 'excluir');
    await dialogo.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(dialogo.getByText('A senha atual está incorreta.')).toBeVisible();
    await dialogo.getByLabel('Senha atual').fill(conta.password);
    await dialogo.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(page.getByText('Sua conta foi excluída e seus dados pessoais foram apagados.')).toBeVisible();
    await expect(page).toHaveURL(/\/signIn$/);
    expect((await storedSession(page)).token).toBeNull();

    await page.getByLabel('E-mail').fill(conta.email);
    await page.getByLabel('Senha', { exact: true }).fill(conta.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail, CPF/CNPJ ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/signIn$/);
  });
});
