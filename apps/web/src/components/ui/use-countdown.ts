import { useCallback, useEffect, useState } from 'react';

/** '01:15' for 75 seconds (minutes and seconds, two digits each). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export interface Countdown {
  /** Whole seconds left (0 when stopped or over). */
  remaining: number;
  /** True while time is left. */
  running: boolean;
  /** `remaining` as mm:ss. */
  label: string;
  /** (Re)starts the countdown at `seconds`. */
  start: (seconds: number) => void;
  /** Stops it (remaining 0). */
  stop: () => void;
}

/**
 * A countdown in whole seconds, measured against the clock (a background tab
 * that throttles timers still ends on time). Used by the code screens: the
 * 75 s before 'Reenviar código' and the 900 s life of a code (docs/behaviour/timings-and-limits.md#codes).
 */
export function useCountdown(): Countdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) window.clearInterval(id);
    };
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, running: remaining > 0, label: formatCountdown(remaining), start, stop };
}

/** Seconds before 'Reenviar código' is enabled again. */
export const RESEND_COUNTDOWN_S = 75;
/** Life of an e-mail code (900 s); the send answer's `validadeSegundos` wins when present. */
export const CODE_VALIDITY_S = 900;
