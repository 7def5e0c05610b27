import type { GiftProgress } from '@clinica/shared/gift';
import { Gift, PartyPopper } from 'lucide-react';
import styles from './gift-progress.module.css';

/**
 * The gift bar (docs/behaviour/bag-and-checkout.md#gift): 'Faltam R$ X de R$ Y para o brinde!' or
 * 'Você atingiu o valor para ganhar o brinde! 🎉', and a fill of
 * min(100, subtotal / threshold × 100) % whose width moves over 0.8 s
 * (no motion with prefers-reduced-motion).
 */
export function GiftProgressBar({ progress }: { progress: GiftProgress }) {
  const percent = Math.round(progress.percent * 10) / 10;
  const Icon = progress.reached ? PartyPopper : Gift;
  return (
    <div className={`${styles.box} ${progress.reached ? styles.reached : ''}`} data-testid="gift-progress">
      <p className={styles.text}>
        <Icon size={18} aria-hidden="true" className={styles.icon} />
        <span>{progress.text}</span>
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Progresso para o brinde"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.percent)}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} data-testid="gift-progress-fill" />
      </div>
    </div>
  );
}
