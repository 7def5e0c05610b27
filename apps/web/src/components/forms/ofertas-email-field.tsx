import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { useId } from 'react';
import styles from './ofertas-email-field.module.css';

/**
 * The marketing e-mail opt-in of sign-up and profile (ADR 034, LGPD: explicit, unchecked unless the customer ticks
 * it, revocable): 'Quero receber ofertas e novidades por e-mail', with how to take it back.
 */
export function OfertasEmailField({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const hint = useId();
  return (
    <div className={styles.consent}>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="ofertasEmail"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint}
          onChange={(e) => onChange(e.target.checked)}
        />
        {MSG_SACOLA.ofertasEmail}
      </label>
      <p id={hint} className={styles.hint}>
        {MSG_SACOLA.ofertasEmailAjuda}
      </p>
    </div>
  );
}
