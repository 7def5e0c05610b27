import { produtoApi, type AvaliacaoInput } from '@clinica/shared/schemas/produto';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** POST /produto/avaliacao {nota, comentario, produtoId, clienteId}: a buyer rates the course. */
const postAvaliacao = (body: AvaliacaoInput) => callEndpoint(produtoApi.avaliar, { body });

export const useAvaliar = () => useMutation({ mutationFn: postAvaliacao });
