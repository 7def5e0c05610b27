import { MSG } from '@clinica/shared/messages';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { codigoConfirmacaoMutation, useCodigoConfirmacao } from '../api/codigo-confirmacao';
import { useValidaCodigoConfirmacao, validaCodigoConfirmacaoMutation } from '../api/valida-codigo-confirmacao';
import { CodeDialog, useCodeOnOpen } from '../../../components/account-dialogs/code-dialog';
import { CodeStep } from '../../../components/account-dialogs/code-step';
import { DialogFailure, DialogSuccess, DialogWaiting } from '../../../components/account-dialogs/dialog-result';
import { reasonOr } from '../../../components/account-dialogs/error-reason';
import { useCodeChallenge } from '../../../components/account-dialogs/use-code-challenge';

export interface ConfirmEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  email: string;
  /** 'Ok' after the confirmation: reload the page's data. */
  onConfirmed: () => void;
}

/**
 * E-mail confirmation (docs/behaviour/accounts-and-sign-in.md#e-mail-confirmation): a code is sent on open; the 6 digits submit
 * by themselves; right → 'Email confirmado' and Ok; wrong → 'Código
 * incorreto.' and a retry that sends a new code; 15 minutes after the send →
 * 'Código expirado!' and resend.
 */
export function ConfirmEmailDialog({ open, onOpenChange, userId, email, onConfirmed }: ConfirmEmailDialogProps) {
  return (
    <CodeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirmar e-mail"
      icon={<MailCheck size={22} />}
      testId="confirm-email-dialog"
      mutations={[codigoConfirmacaoMutation, validaCodigoConfirmacaoMutation]}
    >
      <ConfirmEmailFlow
        userId={userId}
        email={email}
        onOk={() => {
          onConfirmed();
          onOpenChange(false);
        }}
      />
    </CodeDialog>
  );
}

type Phase = 'code' | 'wrong' | 'confirmed' | 'sendFailed';

function ConfirmEmailFlow({ userId, email, onOk }: { userId: number; email: string; onOk: () => void }) {
  const challenge = useCodeChallenge();
  const send = useCodigoConfirmacao();
  const verify = useValidaCodigoConfirmacao();
  const [phase, setPhase] = useState<Phase | null>(null);
  const code = useCodeOnOpen(challenge, send.mutate, userId, setPhase);

  const checkCode = (codigo: string) =>
    verify.mutate(
      { userId, codigo },
      {
        onSuccess: () => {
          challenge.settle();
          setPhase('confirmed');
        },
        onError: (error) => {
          // The boxes stay locked with the refused code until 'Tentar novamente' sends a new one.
          challenge.setError(reasonOr(error, MSG.codigoIncorreto));
          setPhase('wrong');
        },
      },
    );

  if (phase === 'confirmed') {
    return <DialogSuccess title={MSG.emailConfirmado} message={`O e-mail ${email} está confirmado.`} onOk={onOk} />;
  }
  if (phase === 'sendFailed')
    return <DialogFailure message={code.failure} onRetry={code.send} retrying={send.isPending} />;
  if (phase === null || (phase === 'wrong' && send.isPending)) {
    return <DialogWaiting>Enviando o código para {email}...</DialogWaiting>;
  }
  return (
    <CodeStep
      challenge={challenge}
      destination={email}
      onComplete={checkCode}
      verifying={verify.isPending}
      error={phase === 'wrong' ? challenge.error : null}
      locked={phase === 'wrong'}
      onResend={code.send}
      resending={send.isPending}
      autoFocus
      action={
        phase === 'wrong' && !challenge.expired ? (
          <Button onClick={code.send} loading={send.isPending}>
            Tentar novamente
          </Button>
        ) : undefined
      }
    />
  );
}
