import { MSG } from '@clinica/shared/messages';
import { useIsMutating } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { codigoConfirmacaoMutation, useCodigoConfirmacao } from '../api/codigo-confirmacao';
import { useValidaCodigoConfirmacao, validaCodigoConfirmacaoMutation } from '../api/valida-codigo-confirmacao';
import { CodeStep } from '../components/code-step';
import { DialogResult, DialogWaiting } from '../components/dialog-result';
import { reasonOr } from '../components/error-reason';
import { useCodeChallenge } from '../components/use-code-challenge';

export interface ConfirmEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  email: string;
  /** 'Ok' after the confirmation: reload the page's data. */
  onConfirmed: () => void;
}

/**
 * E-mail confirmation (SPEC §4): a code is sent on open; the 6 digits submit
 * by themselves; right → 'Email confirmado' and Ok; wrong → 'Código
 * incorreto.' and a retry that sends a new code; 15 minutes after the send →
 * 'Código expirado!' and resend.
 */
export function ConfirmEmailDialog({ open, onOpenChange, userId, email, onConfirmed }: ConfirmEmailDialogProps) {
  const busy =
    useIsMutating({ mutationKey: codigoConfirmacaoMutation.mutationKey }) +
      useIsMutating({ mutationKey: validaCodigoConfirmacaoMutation.mutationKey }) >
    0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirmar e-mail"
      icon={<MailCheck size={22} />}
      busy={busy}
      testId="confirm-email-dialog"
    >
      <ConfirmEmailFlow
        userId={userId}
        email={email}
        onOk={() => {
          onConfirmed();
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

type Phase = 'code' | 'wrong' | 'confirmed' | 'sendFailed';

function ConfirmEmailFlow({ userId, email, onOk }: { userId: number; email: string; onOk: () => void }) {
  const challenge = useCodeChallenge();
  const send = useCodigoConfirmacao();
  const verify = useValidaCodigoConfirmacao();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const sentOnOpen = useRef(false);
  const { codeSent } = challenge;
  const { mutate: sendMutate } = send;

  const sendCode = useCallback(
    () =>
      sendMutate(userId, {
        onSuccess: (envelope) => {
          codeSent(envelope.content.validadeSegundos);
          setMessage(null);
          setPhase('code');
        },
        onError: (error) => {
          setMessage(reasonOr(error, MSG.ocorreuErroTenteNovamente));
          setPhase('sendFailed');
        },
      }),
    [sendMutate, userId, codeSent],
  );

  // The code is sent when the dialog opens (once, also under StrictMode).
  useEffect(() => {
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    sendCode();
  }, [sendCode]);

  const checkCode = (codigo: string) =>
    verify.mutate(
      { userId, codigo },
      {
        onSuccess: () => {
          challenge.settle();
          setPhase('confirmed');
        },
        onError: (error) => {
          setMessage(reasonOr(error, MSG.codigoIncorreto));
          setPhase('wrong');
        },
      },
    );

  if (phase === 'confirmed') {
    return (
      <DialogResult tone="success" title={MSG.emailConfirmado} message={`O e-mail ${email} está confirmado.`}>
        <Button onClick={onOk}>Ok</Button>
      </DialogResult>
    );
  }
  if (phase === 'sendFailed') {
    return (
      <DialogResult tone="error" title={MSG.ocorreuUmProblema} message={message ?? undefined}>
        <Button onClick={sendCode} loading={send.isPending}>
          Tentar novamente
        </Button>
      </DialogResult>
    );
  }
  if (phase === null || (phase === 'wrong' && send.isPending)) {
    return <DialogWaiting>Enviando o código para {email}...</DialogWaiting>;
  }
  return (
    <CodeStep
      challenge={challenge}
      destination={email}
      onComplete={checkCode}
      verifying={verify.isPending}
      accepted={false}
      error={phase === 'wrong' ? message : null}
      locked={phase === 'wrong'}
      onResend={sendCode}
      resending={send.isPending}
      autoFocus
      action={
        phase === 'wrong' && !challenge.expired ? (
          <Button onClick={sendCode} loading={send.isPending}>
            Tentar novamente
          </Button>
        ) : undefined
      }
    />
  );
}
