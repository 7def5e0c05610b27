import type { APIRequestContext, Page } from '@playwright/test';
import { cnpj, cpf } from 'cpf-cnpj-validator';
import { expect, newCustomer, openUserMenu, saveShot, storedSession, test } from './fixtures';

/*
 * Customer accounts end to end, against the real API of the built app:
 * sign-up of an individual and of a company (the CEP fills the address),
 * password recovery with the code read from the sandbox mailbox, the profile,
 * and the e-mail confirmation, e-mail change and password change dialogs.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The newest 6-digit code mailed to `para`, read from the sandbox outbox as a person reads the mailbox. */
async function mailedCode(request: APIRequestContext, para: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/sandbox/emails?para=${encodeURIComponent(para)}`);
      const emails = (await res.json()).content as Array<{ texto: string }>;
      code = emails[0] ? /\b(\d{6})\b/.exec(emails[0].texto)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** How many messages the sandbox holds for `para`. */
async function mailCount(request: APIRequestContext, para: string): Promise<number> {
  const res = await request.get(`/api/sandbox/emails?para=${encodeURIComponent(para)}`);
  return ((await res.json()).content as unknown[]).length;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/loja$/);
}

async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /Sair da conta/ }).click();
  await expect(page).toHaveURL(/\/signIn$/);
}

/** Types a code into the 6-box code input (it validates by itself on the 6th digit). */
async function typeCode(scope: Page | ReturnType<Page['getByRole']>, code: string) {
  await scope.getByLabel('Código de verificação').pressSequentially(code);
}

test.describe('Cadastro', () => {
  test('pessoa física: três passos, o CEP 01310100 preenche o endereço, depois entra pelo CPF @mobile', async ({
    page,
  }) => {
    const documento = cpf.generate();
    const email = `ana.${unique()}@exemplo.com.br`;
    await page.goto('/signUp');
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();

    await page.getByLabel('CPF ou CNPJ').pressSequentially(documento);
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cpf.format(documento));
    await page.getByRole('button', { name: 'Avançar' }).click();

    await page.getByLabel('Nome completo').fill('Ana Beatriz Moreira');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Celular').pressSequentially('11987654321');
    await expect(page.getByLabel('Celular')).toHaveValue('(11) 9 8765-4321');
    await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
    await page.getByLabel('Confirme a senha').fill('minhasenha');
    await page.getByRole('button', { name: 'Avançar' }).click();

    // The address stays locked until the CEP lookup answers, then it is filled.
    await expect(page.getByLabel('Logradouro')).toBeDisabled();
    await page.getByLabel('CEP').pressSequentially('01310100');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(page.getByLabel('Estado')).toHaveValue('35');
    await expect(page.getByLabel('Cidade')).toHaveValue('3550308');
    await expect(page.getByLabel('Logradouro')).toBeEnabled();
    await page.getByLabel('Número').fill('1578');
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    await expect(page.getByText('Cadastro efetuado com sucesso! indo para o login...')).toBeVisible();
    await expect(page).toHaveURL(/\/signIn$/, { timeout: 10_000 });
    // /signIn comes with the new e-mail filled in.
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    // The welcome message with the confirmation code went out.
    expect(await mailedCode(page.request, email)).toMatch(/^\d{6}$/);

    await page.getByLabel('Logar com CPF ou CNPJ').check();
    await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).pressSequentially(documento);
    await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/loja$/);
    expect((await storedSession(page)).user).toMatchObject({ permissao: 'CLIENTE' });
  });

  test('empresa: razão social e inscrição estadual, depois entra pelo CNPJ', async ({ page }) => {
    const documento = cnpj.generate();
    const email = `compras.${unique()}@odontobelo.com.br`;
    await page.goto('/signUp');
    await page.getByLabel('CPF ou CNPJ').pressSequentially(documento);
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cnpj.format(documento));
    await page.getByRole('button', { name: 'Avançar' }).click();

    await expect(page.getByLabel('Nome completo')).toHaveCount(0);
    await page.getByLabel('Razão social').fill('Odonto Belo Horizonte Ltda');
    await page.getByLabel('Inscrição estadual').fill('0620123450099');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Celular').pressSequentially('31988887777');
    await page.getByLabel('Senha', { exact: true }).fill('senhaempresa');
    await page.getByLabel('Confirme a senha').fill('senhaempresa');
    await page.getByRole('button', { name: 'Avançar' }).click();

    await page.getByLabel('CEP').pressSequentially('30130010');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Praça Sete de Setembro');
    await expect(page.getByLabel('Cidade')).toHaveValue('3106200');
    await page.getByLabel('Número').fill('45');
    await page.getByLabel('Complemento').fill('Sala 3');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/signIn$/, { timeout: 10_000 });

    await page.getByLabel('Logar com CPF ou CNPJ').check();
    await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).pressSequentially(documento);
    await page.getByLabel('Senha', { exact: true }).fill('senhaempresa');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/loja$/);
  });

  test('documento repetido: a mensagem do servidor aparece e o cadastro não sai do passo', async ({ page }) => {
    await page.goto('/signUp');
    await page.getByLabel('CPF ou CNPJ').pressSequentially('52998224725');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('Nome completo').fill('Maria Repetida');
    await page.getByLabel('E-mail').fill(`repetida.${unique()}@exemplo.com.br`);
    await page.getByLabel('Celular').pressSequentially('11987654321');
    await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
    await page.getByLabel('Confirme a senha').fill('minhasenha');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('CEP').pressSequentially('01310100');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await page.getByLabel('Número').fill('10');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText('Este CPF já está cadastrado.')).toBeVisible();
    await expect(page).toHaveURL(/\/signUp$/);
  });
});

test('recuperar a senha com o código lido na caixa de e-mail do sandbox @mobile', async ({ page }) => {
  const user = await newCustomer(page.request);
  await page.goto('/signIn');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/forgot$/);

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  // The welcome code of the sign-up is not the recovery code: wait for the new message, then read it.
  await expect.poll(() => mailCount(page.request, user.email)).toBe(2);
  const codigo = await mailedCode(page.request, user.email);

  const avancar = page.getByRole('button', { name: 'Avançar' });
  await expect(avancar).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
  await expect(page.getByText(/Reenviar em 01:1\d/)).toBeVisible();
  await typeCode(page, String((Number(codigo) + 1) % 1_000_000).padStart(6, '0'));
  await expect(page.getByText('Código incorreto.').first()).toBeVisible();
  await typeCode(page, codigo);
  await expect(avancar).toBeEnabled();
  await avancar.click();

  await page.getByLabel('Nova senha').fill('nova-senha-9');
  await page.getByLabel('Confirme a senha').fill('nova-senha-9');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida com sucesso! Indo para o login...')).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/, { timeout: 10_000 });

  await signIn(page, user.email, 'nova-senha-9');
});

test.describe('Perfil do cliente', () => {
  test('editar os dados: só leitura até Editar, salvar volta à leitura com os dados novos @mobile', async ({
    page,
  }) => {
    const user = await newCustomer(page.request);
    await signIn(page, user.email, user.password);
    await page.goto(`/user/${user.idUser}`);
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toHaveValue(user.nome);
    await expect(page.getByLabel('Nome completo')).not.toBeEditable();

    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('Nome completo').fill('Helena Duarte Rocha Lima');
    await page.getByLabel('Celular').fill('');
    await page.getByLabel('Celular').pressSequentially('21999998888');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('CEP').fill('');
    await page.getByLabel('CEP').pressSequentially('30130010');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Praça Sete de Setembro');
    await page.getByLabel('Número').fill('77');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByText('Dados atualizados com sucesso!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar', exact: true })).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toHaveValue('Helena Duarte Rocha Lima');
    await expect(page.getByLabel('Celular')).toHaveValue('(21) 9 9999-8888');
    await expect(page.getByLabel('Cidade', { exact: true })).toHaveValue(/Belo Horizonte/);
    await page.reload();
    await expect(page.getByLabel('Nome completo')).toHaveValue('Helena Duarte Rocha Lima');
  });

  test('confirmar o e-mail: o código chega, o errado é recusado, o certo confirma', async ({ page }) => {
    const user = await newCustomer(page.request);
    await signIn(page, user.email, user.password);
    await page.goto(`/user/${user.idUser}`);
    await expect(page.getByText('E-mail não confirmado')).toBeVisible();
    const welcome = await mailedCode(page.request, user.email);

    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar e-mail' });
    await expect.poll(() => mailCount(page.request, user.email)).toBe(2);
    const codigo = await mailedCode(page.request, user.email);
    expect(codigo).not.toBe(welcome);
    await typeCode(dialog, codigo);
    await expect(dialog.getByText('Email confirmado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByText('E-mail não confirmado')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Confirmar e-mail' })).toHaveCount(0);
  });

  test('trocar o e-mail: pede a senha atual; código no endereço novo; depois entra com ele @mobile', async ({
    page,
  }, testInfo) => {
    const user = await newCustomer(page.request);
    const novo = `novo.${unique()}@exemplo.com.br`;
    await signIn(page, user.email, user.password);
    await page.goto(`/user/${user.idUser}`);

    await page.getByRole('button', { name: 'Alterar e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar e-mail' });
    await dialog.getByLabel('Novo e-mail').fill(novo);
    // The current password is asked (a token alone does not change the e-mail); a wrong one is said on its field.
    const senha = dialog.getByLabel('Senha atual');
    await expect(senha).toHaveAttribute('type', 'password');
    await senha.fill('nao-e-a-senha');
    await dialog.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(senha).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    await expect(dialog.getByText('A senha atual está incorreta.')).toBeVisible();
    // One screen per project: 1440 px on desktop, 375 px on mobile.
    await saveShot(page, `${testInfo.project.name}-change-email-wrong-password`, { fullPage: false });
    expect(await mailCount(page.request, novo)).toBe(0);
    await senha.fill(user.password);
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    const codigo = await mailedCode(page.request, novo);
    await typeCode(dialog, codigo);
    await expect(dialog.getByText(`Seu novo e-mail é ${novo}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByText(novo).first()).toBeVisible();

    await signOut(page);
    await signIn(page, novo, user.password);
  });

  test('trocar a senha: código no e-mail, senha atual e nova; a antiga deixa de valer', async ({ page }) => {
    const user = await newCustomer(page.request);
    await signIn(page, user.email, user.password);
    await page.goto(`/user/${user.idUser}`);

    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar senha' });
    await expect.poll(() => mailCount(page.request, user.email)).toBe(2);
    await typeCode(dialog, await mailedCode(page.request, user.email));
    await dialog.getByLabel('Senha atual').fill(user.password);
    await dialog.getByLabel('Nova senha').fill('troquei-a-senha');
    await dialog.getByLabel('Confirme a senha').fill('troquei-a-senha');
    await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(dialog.getByText('Senha alterada com sucesso!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    // The session goes on with the token the change answered.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();

    await signOut(page);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail, CPF/CNPJ ou senha inválidos.')).toBeVisible();
    await signIn(page, user.email, 'troquei-a-senha');
  });
});
