import { MSG } from '@clinica/shared/messages';
import { Clock, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { CodeInput } from '../ui/code-input';
import type { CodeChallenge } from './use-code-challenge';
import styles from './code-step.module.css';

export interface CodeStepProps {
  challenge: CodeChallenge;
  /** Where the code went (shown in bold). */
  destination?: string;
  /** Called on the 6th digit. */
  onComplete: (code: string) => void;
  verifying: boolean;
  /** The code was accepted (default false). */
  accepted?: boolean;
  /** The message under the boxes; by default the challenge's (the last refused code's). */
  error?: string | null;
  onResend: () => void;
  resending: boolean;
  /** Text shown once accepted (default 'Código validado com sucesso!'). */
  acceptedText?: string;
  /** Replaces the resend row (e.g. a 'Tentar novamente' action). */
  action?: ReactNode;
  autoFocus?: boolean;
  /** Keeps the boxes locked (e.g. after a refused code, until 'Tentar novamente'). */
  locked?: boolean;
}

/**
 * The code step of recovery and of the profile dialogs: the 6 boxes
 * (submitted on the 6th digit), its validity and 'Reenviar código' with the
 * 75 s countdown ('Reenviar em 01:15').
 */
export function CodeStep({
  challenge,
  destination,
  onComplete,
  verifying,
  accepted = false,
  error = challenge.error,
  onResend,
  resending,
  acceptedText = MSG.codigoValidado,
  action,
  autoFocus,
  locked = false,
}: CodeStepProps) {
  const { expired, inputRef } = challenge;
  const invalid = !accepted && (expired || Boolean(error));
  const message = expired ? MSG.codigoExpirado : (error ?? undefined);
  const hint = accepted ? acceptedText : verifying ? 'Validando código...' : undefined;

  return (
    <div className={styles.step}>
      {destination && (
        <p className={styles.sentTo}>
          Digite o código de 6 dígitos que enviamos para <strong>{destination}</strong>.
        </p>
      )}
      <CodeInput
        ref={inputRef}
        value={challenge.code}
        onChange={challenge.setCode}
        onComplete={onComplete}
        status={accepted ? 'valid' : invalid ? 'invalid' : 'idle'}
        error={message}
        hint={hint}
        disabled={locked || verifying || accepted || expired || resending}
        autoFocus={autoFocus}
      />
      {!accepted && !expired && challenge.expiresIn > 0 && (
        <p className={styles.validity}>
          <Clock size={14} aria-hidden="true" />O código expira em {challenge.expiresLabel}.
        </p>
      )}
      {!accepted &&
        (action ?? (
          <div className={styles.resend}>
            <Button
              variant="outline"
              size="sm"
              onClick={onResend}
              disabled={!challenge.canResend || verifying}
              loading={resending}
            >
              <RotateCw size={16} aria-hidden="true" />
              Reenviar código
            </Button>
            {!challenge.canResend && (
              <span className={styles.countdown} aria-live="off">
                Reenviar em {challenge.resendLabel}
              </span>
            )}
          </div>
        ))}
    </div>
  );
}
