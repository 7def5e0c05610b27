import { usuarioApi } from '@clinica/shared/schemas/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * PUT /usuario/editar/senha/{idUser} {senhaAtual, senhaNova}: the server ends
 * the user's other sessions and answers a new `acess_token` for this one,
 * which is stored at once.
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
  const envelope = await callEndpointEnvelope(usuarioApi.editarSenha, {
    params: { idUser },
    body: { senhaAtual, senhaNova },
  });
  session.setToken(envelope.content.acess_token);
  return envelope;
}

export const editarSenhaMutation = mutationOptions({
  mutationKey: ['usuario', 'editarSenha'],
  mutationFn: editarSenha,
});

export const useEditarSenha = () => useMutation(editarSenhaMutation);
