import { MSG } from '@clinica/shared/messages';
import { ShoppingBag } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { useCartItems } from '../../../lib/cart-storage';
import { useSession } from '../../../lib/use-session';
import styles from './bag-sheet.module.css';

interface BagSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A minimal 'Sacola' sheet; the full bag drawer (gift bar, totals, steppers) comes with the cart issue. */
export default function BagSheet({ open, onOpenChange }: BagSheetProps) {
  const items = useCartItems();
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.sacola}
      description="Itens adicionados à sua sacola"
      footer={
        <>
          {!isSignedIn && <p className={styles.notice}>{MSG.loginParaFinalizar}</p>}
          <Button fullWidth disabled={!isSignedIn || items.length === 0} onClick={() => go('/checkout')}>
            Finalizar compra
          </Button>
          <Button fullWidth variant="outline" onClick={() => go('/loja')}>
            Continuar comprando
          </Button>
        </>
      }
    >
      {items.length === 0 ? (
        <div className={styles.empty}>
          <ShoppingBag size={48} aria-hidden="true" />
          <p>{MSG.nenhumItemCarrinho}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <span>{item.nome}</span>
              <span className={styles.qty}>× {item.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
