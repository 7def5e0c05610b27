import { useEffect, useState } from 'react';
import { formatCountdown } from '../ui/use-countdown';

/**
 * Seconds left until `deadline` (ms since the epoch), ticking against the
 * clock (a throttled background tab still ends on time). Mount it again
 * (a `key`) for a new deadline, so the first frame is measured from now.
 */
export function useCountdownTo(deadline: number | null): { remaining: number; label: string; expired: boolean } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, label: formatCountdown(remaining), expired: deadline !== null && remaining === 0 };
}
