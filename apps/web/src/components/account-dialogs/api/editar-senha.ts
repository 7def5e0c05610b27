import { usuarioApi } from '@clinica/shared/schemas/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * PUT /usuario/editar/senha/{idUser} {senhaAtual, senhaNova}: the server ends
 * the user's other sessions and answers a new `acess_token` for this one,
 * which is stored at once. A request of the old token answered 401 meanwhile
 * waits for it (session.replaceToken) instead of ending the session.
 */
export async function editarSenha({
  idUser,
  senhaAtual,
  senhaNova,
}: {
  idUser: number;
  senhaAtual: string;
  senhaNova: string;
}) {
  return session.replaceToken(
    callEndpointEnvelope(usuarioApi.editarSenha, { params: { idUser }, body: { senhaAtual, senhaNova } }),
    (envelope) => envelope.content.acess_token,
  );
}

export const editarSenhaMutation = mutationOptions({
  mutationKey: ['usuario', 'editarSenha'],
  mutationFn: editarSenha,
});

export const useEditarSenha = () => useMutation(editarSenhaMutation);
