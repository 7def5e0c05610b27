import { MSG } from '@clinica/shared/messages';
import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { NoticeDialog } from '../../components/ui/notice-dialog';
import { session } from '../../lib/session';

/** 'Acesso não autorizado' (docs/behaviour/accounts-and-sign-in.md#session-expired): shown after a 401/403 signed the user out; leads to /signIn. */
export default function SessionExpiredDialog() {
  const navigate = useNavigate();
  return (
    <NoticeDialog
      open
      tone="warning"
      icon={<LockKeyhole size={28} />}
      title={MSG.acessoNaoAutorizado}
      message={MSG.sessaoExpirada}
      actionLabel="Fazer login"
      onAction={() => {
        session.dismissExpired();
        navigate('/signIn');
      }}
      testId="session-expired-dialog"
    />
  );
}
