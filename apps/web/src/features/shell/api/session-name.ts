import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchUsuario } from '../../../lib/auth-api';
import { queryKeys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

/**
 * The signed-in user's name for the avatar and menu. Login already stores it;
 * when it is missing (older session), GET /usuario/{id} fills it in.
 */
export function useSessionName(): string | undefined {
  const { user } = useSession();
  const missing = Boolean(user && !user.nome);
  const { data } = useQuery({
    queryKey: queryKeys.usuario(user?.idUser ?? 0),
    queryFn: ({ signal }) => fetchUsuario(user!.idUser, signal),
    enabled: missing,
    staleTime: Infinity,
    meta: { private: true },
  });
  useEffect(() => {
    if (missing && data?.nome) session.updateUser({ nome: data.nome, email: data.email });
  }, [missing, data]);
  return user?.nome ?? data?.nome;
}
