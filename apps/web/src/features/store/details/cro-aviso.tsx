import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import styles from './buy-box.module.css';

/**
 * Why 'Incluir' did not add a professional-use product (ADR 037): no CRO in the profile (a link to it) or nobody
 * signed in (a link to the sign-in). Its own chunk, fetched only then (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export default function CroAviso({ motivo, idUser }: { motivo: 'perfil' | 'entrar'; idUser: number | null }) {
  const perfil = motivo === 'perfil' && idUser !== null;
  return (
    <div className={styles.cro} role="alert" data-testid="produto-sem-cro">
      <p>
        <ShieldAlert size={18} aria-hidden="true" />
        {perfil ? MSG_ANVISA.precisaCro : MSG_ANVISA.precisaEntrar}
      </p>
      <Link to={perfil ? `/user/${idUser}` : '/signIn'} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
        {perfil ? MSG_ANVISA.irParaPerfil : MSG_ANVISA.entrar}
      </Link>
    </div>
  );
}
