import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** POST /certificado/produto/{id}: issues the certificate of a course done at 100 % (again: the same one). */
const emitirCertificado = (produtoId: number) =>
  callEndpoint(conteudoApi.emitirCertificado, { params: { id: produtoId } });

export const useEmitirCertificado = () => useMutation({ mutationFn: emitirCertificado });
