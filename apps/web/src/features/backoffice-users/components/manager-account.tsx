import { AtSign, KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ChangeEmailDialog } from '../../../components/account-dialogs/change-email-dialog';
import { ChangePasswordDialog } from '../../../components/account-dialogs/change-password-dialog';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/use-session';
import { useUsuario } from '../api/usuarios';
import styles from './manager-account.module.css';

/**
 * The signed-in manager's own access (docs/behaviour/back-office.md#users-and-access: buttons
 * to reset the manager's e-mail and password): the same dialogs as the customer
 * profile, with a code mailed to confirm each change.
 */
export function ManagerAccount() {
  const { user } = useSession();
  const idUser = user?.idUser ?? null;
  const usuario = useUsuario(idUser);
  const [dialog, setDialog] = useState<'email' | 'senha' | null>(null);
  if (idUser === null) return null;
  const email = usuario.data?.email ?? user?.email ?? '';

  return (
    <section className={styles.card} aria-labelledby="manager-account-title">
      <span className={styles.icon} aria-hidden="true">
        <ShieldCheck size={22} />
      </span>
      <div className={styles.text}>
        <h2 id="manager-account-title" className={styles.title}>
          Seu acesso de gerente
        </h2>
        <p className={styles.email} data-testid="manager-email">
          {email || 'Carregando...'}
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="outline" size="sm" onClick={() => setDialog('email')} disabled={!email}>
          <AtSign size={16} aria-hidden="true" />
          Redefinir meu e-mail
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDialog('senha')} disabled={!email}>
          <KeyRound size={16} aria-hidden="true" />
          Redefinir minha senha
        </Button>
      </div>
      {dialog === 'email' && (
        <ChangeEmailDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          idUser={idUser}
          currentEmail={email}
          onChanged={() => void usuario.refetch()}
        />
      )}
      {dialog === 'senha' && (
        <ChangePasswordDialog open onOpenChange={(open) => !open && setDialog(null)} idUser={idUser} email={email} />
      )}
    </section>
  );
}
