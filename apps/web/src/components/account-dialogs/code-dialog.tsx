import { MSG } from '@clinica/shared/messages';
import { matchMutation, useIsMutating, type MutationKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormDialog } from '../ui/form-dialog';
import { reasonOr } from './error-reason';
import type { CodeChallenge } from './use-code-challenge';

export interface CodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  icon: ReactNode;
  testId: string;
  /** The requests of the dialog (send the code, check it, change): while one runs it cannot be closed. */
  mutations: { mutationKey?: MutationKey }[];
  children: ReactNode;
}

/**
 * The frame of the account dialogs that go through an e-mail code (confirm the
 * e-mail, change it, change the password), on the customer profile and on the
 * manager's access screen.
 */
export function CodeDialog({ open, onOpenChange, title, icon, testId, mutations, children }: CodeDialogProps) {
  const running = useIsMutating({
    predicate: (mutation) => mutations.some(({ mutationKey }) => matchMutation({ mutationKey }, mutation)),
  });
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} icon={icon} busy={running > 0} testId={testId}>
      {children}
    </FormDialog>
  );
}

type SendCode<V> = (
  vars: V,
  callbacks: {
    onSuccess: (envelope: { content: { validadeSegundos: number } }) => void;
    onError: (error: unknown) => void;
  },
) => void;

/**
 * The code a dialog mails as it opens (confirm the e-mail, change the
 * password): sent once on open (also under StrictMode) and again by the
 * returned `send`. Sent: the challenge's clocks restart and the phase is
 * 'code'; refused: the phase is 'sendFailed' and `failure` says why.
 */
export function useCodeOnOpen<V>(
  challenge: CodeChallenge,
  sendCode: SendCode<V>,
  vars: V,
  setPhase: (phase: 'code' | 'sendFailed') => void,
) {
  const [failure, setFailure] = useState('');
  const sentOnOpen = useRef(false);
  const { codeSent } = challenge;

  const send = useCallback(
    () =>
      sendCode(vars, {
        onSuccess: (envelope) => {
          codeSent(envelope.content.validadeSegundos);
          setPhase('code');
        },
        onError: (error) => {
          setFailure(reasonOr(error, MSG.ocorreuErroTenteNovamente));
          setPhase('sendFailed');
        },
      }),
    [sendCode, vars, codeSent, setPhase],
  );

  useEffect(() => {
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    send();
  }, [send]);

  return { send, failure };
}
