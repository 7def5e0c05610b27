import { MSG } from '@clinica/shared/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import styles from '../../components/ui/dialog.module.css';
import { session } from '../../lib/session';

const block = (e: Event) => e.preventDefault();

/** 'Acesso não autorizado' (SPEC §2 Dialogs, §8): shown after a 401/403 signed the user out; leads to /signIn. */
export default function SessionExpiredDialog() {
  const navigate = useNavigate();
  const goToSignIn = () => {
    session.dismissExpired();
    navigate('/signIn');
  };
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onEscapeKeyDown={block}
          data-testid="session-expired-dialog"
        >
          <div className={`${styles.icon} ${styles.iconWarning}`} aria-hidden="true">
            <LockKeyhole size={28} />
          </div>
          <Dialog.Title className={styles.title}>{MSG.acessoNaoAutorizado}</Dialog.Title>
          <Dialog.Description className={styles.description}>{MSG.sessaoExpirada}</Dialog.Description>
          <div className={styles.actions}>
            <Button onClick={goToSignIn} style={{ minWidth: 160 }}>
              Fazer login
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
