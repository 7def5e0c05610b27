import { certificadoApi } from '@clinica/shared/schemas/certificado';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /certificado/{codigo} (public): the certificate's name, course, workload and date; nothing else. */
const fetchCertificadoPublico = (codigo: string, signal?: AbortSignal) =>
  callEndpoint(certificadoApi.verificar, { params: { codigo }, signal, auth: false });

const certificadoPublicoQuery = (codigo: string) =>
  queryOptions({
    queryKey: ['certificado', codigo.toUpperCase()] as const,
    queryFn: ({ signal }) => fetchCertificadoPublico(codigo, signal),
    retry: false,
  });

export const useCertificadoPublico = (codigo: string, enabled: boolean) =>
  useQuery({ ...certificadoPublicoQuery(codigo), enabled });
