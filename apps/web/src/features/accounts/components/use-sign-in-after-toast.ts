import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/ui/toast';

/**
 * The end of a signed-out wizard (sign-up, password recovery): a success toast, then /signIn
 * when it closes (unless the screen was left meanwhile).
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
    (message: string, autoClose: number) =>
      notifySuccess(message, {
        autoClose,
        onClose: () => {
          if (mountedRef.current) navigate('/signIn', { replace: true });
        },
      }),
    [navigate],
  );
}
