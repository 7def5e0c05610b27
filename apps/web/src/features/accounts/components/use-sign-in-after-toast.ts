import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/ui/toast';
import type { SignInPlace } from '../../../lib/sign-in-place';

/**
 * The end of a signed-out wizard (sign-up, password recovery): a success toast, then /signIn
 * when it closes (unless the screen was left meanwhile), with `state` as /signIn's location state
 * (lib/sign-in-place.ts: the e-mail to fill in, the shopper's place).
 */
export function useSignInAfterToast() {
  const navigate = useNavigate();
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  return useCallback(
    (message: string, autoClose: number, state?: SignInPlace) =>
      notifySuccess(message, {
        autoClose,
        onClose: () => {
          if (mountedRef.current) navigate('/signIn', { replace: true, state });
        },
      }),
    [navigate],
  );
}
