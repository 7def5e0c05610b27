import { MSG } from '@clinica/shared/messages';
import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { SIGN_IN_FROM_BAG } from '../../lib/sign-in-place';
import { useSession } from '../../lib/use-session';
import styles from './sign-in-to-finish.module.css';

/**
 * A visitor /checkout sent here is told to sign in to finish the purchase
 * (docs/behaviour/bag-and-checkout.md#checkout); 'Entrar' leads back here with the bag open (lib/sign-in-place.ts).
 */
export function SignInToFinish() {
  const { isSignedIn } = useSession();
  if (isSignedIn) return null;
  return (
    <div className={styles.container}>
      <p className={styles.notice} role="status">
        <span>{MSG.loginParaFinalizar}</span>
        <Link to="/signIn" state={SIGN_IN_FROM_BAG} className={buttonClassName({ size: 'sm' })}>
          <LogIn size={18} aria-hidden="true" />
          Entrar
        </Link>
      </p>
    </div>
  );
}
