import { Minus, Plus } from 'lucide-react';
import styles from './line-stepper.module.css';

export interface LineStepperProps {
  /** The product's name, for the buttons' labels. */
  nome: string;
  quantity: number;
  onDecrement: () => void;
  onIncrement: () => void;
  /** 'sm' in the bag drawer, 'md' (larger targets) in the checkout's bag review. */
  size?: 'sm' | 'md';
}

/**
 * − n + of one bag line (docs/behaviour/bag-and-checkout.md#bag-drawer, #bag-review): minus is
 * disabled at one unit (the line is removed with its own button).
 */
export function LineStepper({ nome, quantity, onDecrement, onIncrement, size = 'sm' }: LineStepperProps) {
  return (
    <span className={`${styles.stepper} ${styles[size]}`}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Diminuir quantidade de ${nome}`}
        disabled={quantity <= 1}
        onClick={onDecrement}
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <span className={styles.qty}>
        <span className="visually-hidden">Quantidade: </span>
        {quantity}
      </span>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Aumentar quantidade de ${nome}`}
        onClick={onIncrement}
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </span>
  );
}
