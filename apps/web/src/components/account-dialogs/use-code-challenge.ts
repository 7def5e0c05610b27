import { useCallback, useRef, useState } from 'react';
import { CODE_VALIDITY_S, RESEND_COUNTDOWN_S, useCountdown } from '../ui/use-countdown';

/**
 * The code entry of an e-mail code (docs/behaviour/accounts-and-sign-in.md#e-mail-codes, docs/behaviour/timings-and-limits.md#codes): the typed digits, the
 * message of a refused code, the input (to give it the focus back) and the
 * clocks: after each send, 'Reenviar código' waits 75 s and the code lives
 * `validadeSegundos` (900 s); once it has expired, resending is allowed at once.
 */
export function useCodeChallenge() {
  const resend = useCountdown();
  const life = useCountdown();
  const [code, setDigits] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { start: startResend } = resend;
  const { start: startLife, stop: stopLife } = life;

  /** Typing clears the message of the last refused code. */
  const setCode = useCallback((digits: string) => {
    setError(null);
    setDigits(digits);
  }, []);

  /** A code was sent: clear the digits and the last refusal, restart both countdowns. */
  const codeSent = useCallback(
    (validadeSegundos: number = CODE_VALIDITY_S) => {
      setDigits('');
      setError(null);
      setSent(true);
      startResend(RESEND_COUNTDOWN_S);
      startLife(validadeSegundos > 0 ? validadeSegundos : CODE_VALIDITY_S);
    },
    [startResend, startLife],
  );

  /**
   * The code was refused: keep the reason (shown under the boxes, when given),
   * clear the digits and give the boxes the focus back once they are enabled again.
   */
  const refuse = useCallback((reason: string | null = null) => {
    setError(reason);
    setDigits('');
    window.setTimeout(() => inputRef.current?.focus(), 0);
  }, []);

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
    refuse,
    settle,
    /** The server's message for a refused code ('Código incorreto.'), or why a resend failed. */
    error,
    setError,
    /** The code boxes (CodeStep attaches it). */
    inputRef,
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
