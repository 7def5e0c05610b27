import { useCallback, useState } from 'react';
import { CODE_VALIDITY_S, RESEND_COUNTDOWN_S, useCountdown } from '../../../components/ui/use-countdown';

/**
 * The clock and the typed digits of an e-mail code (SPEC §4, §9): after each
 * send, 'Reenviar código' waits 75 s and the code lives `validadeSegundos`
 * (900 s); once it has expired, resending is allowed at once.
 */
export function useCodeChallenge() {
  const resend = useCountdown();
  const life = useCountdown();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const { start: startResend } = resend;
  const { start: startLife, stop: stopLife } = life;

  /** A code was sent: clear the digits and restart both countdowns. */
  const codeSent = useCallback(
    (validadeSegundos: number = CODE_VALIDITY_S) => {
      setCode('');
      setSent(true);
      startResend(RESEND_COUNTDOWN_S);
      startLife(validadeSegundos > 0 ? validadeSegundos : CODE_VALIDITY_S);
    },
    [startResend, startLife],
  );

  /** The code was accepted: it no longer expires on screen. */
  const settle = useCallback(() => {
    setSent(false);
    stopLife();
  }, [stopLife]);

  const expired = sent && !life.running;
  return {
    code,
    setCode,
    codeSent,
    settle,
    /** The code's time ran out ('Código expirado!'). */
    expired,
    /** Seconds left of the code's life. */
    expiresIn: life.remaining,
    expiresLabel: life.label,
    /** Seconds before resending (0 when allowed). */
    resendIn: expired ? 0 : resend.remaining,
    resendLabel: resend.label,
    canResend: expired || !resend.running,
  };
}

export type CodeChallenge = ReturnType<typeof useCodeChallenge>;
