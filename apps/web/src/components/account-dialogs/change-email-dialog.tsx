import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, AtSign } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/password-field';
import { isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { trocaEmailSchema, type TrocaEmailValues } from './account-dialog-schemas';
import { codigoEdicaoEmailMutation, useCodigoEdicaoEmail } from './api/codigo-edicao-email';
import { editarEmailMutation, useEditarEmail } from './api/editar-email';
import { useValidaCodigoEdicao, validaCodigoEdicaoMutation } from './api/valida-codigo-edicao';
import { EmailField } from '../forms/account-fields';
import { fieldProps } from '../forms/form-helpers';
import { CodeDialog } from './code-dialog';
import { CodeStep } from './code-step';
import { DialogFailure, DialogSuccess, DialogWaiting } from './dialog-result';
import { reasonOr } from './error-reason';
import { useCodeChallenge } from './use-code-challenge';
import styles from './account-dialogs.module.css';

export interface ChangeEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idUser: number;
  currentEmail: string;
  /** The e-mail was changed (reload the page's data). */
  onChanged: () => void;
}

/**
 * E-mail change (docs/behaviour/accounts-and-sign-in.md#e-mail-change): new e-mail and the current password → code sent to
 * it → the 6 digits are checked by themselves → the e-mail is redefined. The
 * server checks the password when the code is asked for and again on the
 * change, so a token alone never takes the account over; a wrong password is
 * said on its field before any code goes out. A wrong code can be typed again;
 * the code expires after 900 s, then it can be sent again.
 */
export function ChangeEmailDialog({ open, onOpenChange, idUser, currentEmail, onChanged }: ChangeEmailDialogProps) {
  return (
    <CodeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Alterar e-mail"
      icon={<AtSign size={22} />}
      testId="change-email-dialog"
      mutations={[codigoEdicaoEmailMutation, validaCodigoEdicaoMutation, editarEmailMutation]}
    >
      <ChangeEmailFlow
        idUser={idUser}
        currentEmail={currentEmail}
        onChanged={onChanged}
        onClose={() => onOpenChange(false)}
      />
    </CodeDialog>
  );
}

type Phase = 'email' | 'code' | 'done' | 'failed';

function ChangeEmailFlow({
  idUser,
  currentEmail,
  onChanged,
  onClose,
}: {
  idUser: number;
  currentEmail: string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const challenge = useCodeChallenge();
  const send = useCodigoEdicaoEmail();
  const verify = useValidaCodigoEdicao();
  const change = useEditarEmail();
  const [phase, setPhase] = useState<Phase>('email');
  /** The new e-mail and the password the code was sent with, sent again with the change. */
  const [pedido, setPedido] = useState({ email: '', senhaAtual: '' });
  const newEmail = pedido.email;
  const [result, setResult] = useState('');

  const form = useForm<TrocaEmailValues>({
    resolver: zodResolver(trocaEmailSchema),
    mode: 'all',
    defaultValues: { email: '', senhaAtual: '' },
  });

  const sendCode = (email: string, senhaAtual: string) =>
    send.mutate(
      { idUser, email, senhaAtual },
      {
        onSuccess: (envelope) => {
          challenge.codeSent(envelope.content.validadeSegundos);
          setPedido({ email, senhaAtual });
          setPhase('code');
        },
        onError: (error) => {
          const message = reasonOr(error, MSG.ocorreuErroTenteNovamente);
          if (phase !== 'email') challenge.setError(message);
          else if (isApiError(error) && (message === MSG.senhaAtualIncorreta || error.status === 429)) {
            form.setError('senhaAtual', { message }, { shouldFocus: true });
          } else form.setError('email', { message }, { shouldFocus: true });
        },
      },
    );

  const redefine = () =>
    change.mutate(
      { idUser, novoEmail: newEmail, senhaAtual: pedido.senhaAtual },
      {
        onSuccess: (envelope) => {
          session.updateUser({ email: envelope.content.email });
          setResult(envelope.message || MSG.emailAlterado);
          setPhase('done');
          onChanged();
        },
        onError: (error) => {
          setResult(reasonOr(error, MSG.erroRedefinirEmail));
          setPhase('failed');
        },
      },
    );

  const checkCode = (codigo: string) =>
    verify.mutate(
      { idUser, codigo },
      {
        onSuccess: () => {
          challenge.settle();
          redefine();
        },
        onError: (error) => challenge.refuse(reasonOr(error, MSG.codigoIncorreto)),
      },
    );

  const backToEmail = () => {
    challenge.settle();
    setPhase('email');
  };

  if (phase === 'done') {
    return <DialogSuccess title={result} message={`Seu novo e-mail é ${newEmail}.`} onOk={onClose} />;
  }
  if (phase === 'failed') return <DialogFailure message={result} onRetry={backToEmail} />;
  if (change.isPending) return <DialogWaiting>Redefinindo o e-mail...</DialogWaiting>;

  if (phase === 'code') {
    return (
      <>
        <CodeStep
          challenge={challenge}
          destination={newEmail}
          onComplete={checkCode}
          verifying={verify.isPending}
          onResend={() => sendCode(newEmail, pedido.senhaAtual)}
          resending={send.isPending}
          autoFocus
        />
        <Button
          variant="ghost"
          size="sm"
          className={styles.dialogBack}
          onClick={backToEmail}
          disabled={verify.isPending || send.isPending}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Voltar
        </Button>
      </>
    );
  }

  return (
    <form
      className={styles.dialogForm}
      noValidate
      onSubmit={form.handleSubmit(({ email, senhaAtual }) => sendCode(email.trim(), senhaAtual))}
    >
      <p className={styles.dialogText}>
        Hoje você entra com <strong>{currentEmail}</strong>. Confirme com a sua senha atual; enviaremos um código para o
        novo e-mail para confirmar que ele é seu.
      </p>
      <EmailField form={form} label="Novo e-mail" autoFocus disabled={send.isPending} />
      <PasswordField
        label="Senha atual"
        autoComplete="current-password"
        required
        disabled={send.isPending}
        {...fieldProps(form, 'senhaAtual')}
      />
      <div className={styles.dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={send.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={send.isPending}>
          Enviar código
        </Button>
      </div>
    </form>
  );
}
