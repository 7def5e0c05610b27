import { empresaAdminApi } from '@clinica/shared/schemas/empresa-admin';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** POST /empresa/ (ADMIN): creates or replaces the company; answers the saved company. */
const salvarEmpresa = (body: Parameters<typeof callEndpoint<typeof empresaAdminApi.salvar>>[1]['body']) =>
  callEndpoint(empresaAdminApi.salvar, { body });

export const useSalvarEmpresa = () => useMutation({ mutationFn: salvarEmpresa });
