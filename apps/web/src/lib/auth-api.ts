import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { callEndpoint } from './api-client';
import { cartActions } from './cart-storage';
import { artificialDelay, LOGIN_DELAY_MS } from './delays';
import { session, type SessionUser } from './session';
import { removeItem, STORAGE_KEYS } from './storage';

/** POST /usuario/cliente/auth: password plus one of email, cpf, cnpj (the others null). */
export type LoginPayload = EndpointCallBody<typeof usuarioApi.login>;

export const fetchUsuario = (idUser: number, signal?: AbortSignal) =>
  callEndpoint(usuarioApi.get, { params: { id: idUser }, signal });

/**
 * Signs in (after the 1 s login wait), stores `@authUser` and `@Token`,
 * then completes the user with the name and e-mail of GET /usuario/{id} for the
 * avatar and menu label (a failure there does not undo the login).
 */
export async function signInWithCredentials(payload: LoginPayload): Promise<SessionUser> {
  await artificialDelay(LOGIN_DELAY_MS);
  const content = await callEndpoint(usuarioApi.login, { body: payload, auth: false });
  const user: SessionUser = {
    idUser: content.idUsuario,
    permissao: content.permissao,
    idClient: content.idCliente ?? null,
  };
  if (payload.email) user.email = payload.email;
  session.signIn(user, content.acess_token);
  try {
    const usuario = await fetchUsuario(user.idUser);
    session.updateUser({ nome: usuario.nome, email: usuario.email });
  } catch (error) {
    console.warn('Não foi possível carregar o nome do usuário.', error);
  }
  return session.getSnapshot().user ?? user;
}

/** GET /usuario/auth/atualizatoken/{idUser}: a fresh token for the current session. */
export const renewToken = (idUser: number) =>
  callEndpoint(usuarioApi.atualizaToken, { params: { idUser } }).then((c) => c.acess_token);

/**
 * Forgets the session on this device: the stored login and, for a customer, the bag (it stays on the server for the
 * next sign-in, ADR 034). Also what a closed account leaves behind (ADR 038).
 */
export function forgetLocalSession(): void {
  const { user } = session.getSnapshot();
  session.signOut();
  if (user?.permissao === 'CLIENTE') {
    removeItem(STORAGE_KEYS.serverBag);
    cartActions.clear();
  }
}

/**
 * POST /usuario/logout/{userId} with the session's token, which is cleared
 * here first, and stays cleared even when the call fails (a logout failure is only
 * logged, docs/behaviour/accounts-and-sign-in.md#sign-out). Cleared first because the server revokes
 * the token before it answers: a request of this session still in flight
 * (a refetch) would get a 401 and be taken for an expired session, showing
 * 'Acesso não autorizado' on the way to the sign-in page.
 */
export async function logout(): Promise<void> {
  const { user, token } = session.getSnapshot();
  forgetLocalSession();
  if (!user || !token) return;
  try {
    await callEndpoint(usuarioApi.logout, {
      params: { userId: user.idUser },
      auth: false,
      headers: { Authorization: `Bearer ${token}` },
      handleUnauthorized: false,
    });
  } catch (error) {
    console.warn('Falha ao encerrar a sessão no servidor.', error);
  }
}
