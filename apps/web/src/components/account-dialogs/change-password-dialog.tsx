import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/password-field';
import { trocaSenhaSchema, type TrocaSenhaValues } from './account-dialog-schemas';
import { codigoEdicaoSenhaMutation, useCodigoEdicaoSenha } from './api/codigo-edicao-senha';
import { editarSenhaMutation, useEditarSenha } from './api/editar-senha';
import { useValidaCodigoEdicao, validaCodigoEdicaoMutation } from './api/valida-codigo-edicao';
import { NewPasswordFields } from '../forms/account-fields';
import { CodeDialog, useCodeOnOpen } from './code-dialog';
import { CodeStep } from './code-step';
import { DialogFailure, DialogSuccess, DialogWaiting } from './dialog-result';
import { reasonOr } from './error-reason';
import { fieldProps } from '../forms/form-helpers';
import { useCodeChallenge } from './use-code-challenge';
import styles from './account-dialogs.module.css';

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idUser: number;
  /** Where the code goes (the account's e-mail). */
  email: string;
}

/**
 * Password change (docs/behaviour/accounts-and-sign-in.md#password-change): a code is sent on open; the 6 digits are checked
 * by themselves; then current password, new password and confirmation; then
 * success or 'Ocorreu um problema.' (the server's reason when it gives one).
 * The new token the server answers is kept for this session.
 */
export function ChangePasswordDialog({ open, onOpenChange, idUser, email }: ChangePasswordDialogProps) {
  return (
    <CodeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Alterar senha"
      icon={<KeyRound size={22} />}
      testId="change-password-dialog"
      mutations={[codigoEdicaoSenhaMutation, validaCodigoEdicaoMutation, editarSenhaMutation]}
    >
      <ChangePasswordFlow idUser={idUser} email={email} onClose={() => onOpenChange(false)} />
    </CodeDialog>
  );
}

type Phase = 'code' | 'form' | 'done' | 'failed' | 'sendFailed';

const EMPTY: TrocaSenhaValues = { senhaAtual: '', novaSenha: '', confirmacao: '' };

/** The reason under 'Ocorreu um problema.', unless it only repeats it. */
const reasonUnlessTitle = (message: string) => (message === MSG.ocorreuUmProblema ? undefined : message);

function ChangePasswordFlow({ idUser, email, onClose }: { idUser: number; email: string; onClose: () => void }) {
  const challenge = useCodeChallenge();
  const send = useCodigoEdicaoSenha();
  const verify = useValidaCodigoEdicao();
  const change = useEditarSenha();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [message, setMessage] = useState('');
  const code = useCodeOnOpen(challenge, send.mutate, idUser, setPhase);

  const form = useForm<TrocaSenhaValues>({
    resolver: zodResolver(trocaSenhaSchema),
    mode: 'all',
    defaultValues: EMPTY,
  });

  const checkCode = (codigo: string) =>
    verify.mutate(
      { idUser, codigo },
      {
        onSuccess: () => {
          challenge.settle();
          setPhase('form');
        },
        onError: (error) => challenge.refuse(reasonOr(error, MSG.codigoIncorreto)),
      },
    );

  const submit = form.handleSubmit(({ senhaAtual, novaSenha }) =>
    change.mutate(
      { idUser, senhaAtual, senhaNova: novaSenha },
      {
        onSuccess: (envelope) => {
          setMessage(envelope.message || MSG.senhaAlterada);
          setPhase('done');
        },
        onError: (error) => {
          setMessage(reasonOr(error, MSG.ocorreuUmProblema));
          setPhase('failed');
        },
      },
    ),
  );

  if (phase === 'done') {
    return <DialogSuccess title={message} message="Use a nova senha no seu próximo acesso." onOk={onClose} />;
  }
  if (phase === 'sendFailed') {
    return <DialogFailure message={reasonUnlessTitle(code.failure)} onRetry={code.send} retrying={send.isPending} />;
  }
  if (phase === 'failed') {
    const retry = () => {
      form.reset({ ...form.getValues(), senhaAtual: '' });
      setPhase('form');
    };
    return <DialogFailure message={reasonUnlessTitle(message)} onRetry={retry} retrying={send.isPending} />;
  }
  if (phase === null) return <DialogWaiting>Enviando o código para {email}...</DialogWaiting>;

  if (phase === 'code') {
    return (
      <CodeStep
        challenge={challenge}
        destination={email}
        onComplete={checkCode}
        verifying={verify.isPending}
        onResend={code.send}
        resending={send.isPending}
        autoFocus
      />
    );
  }

  return (
    <form className={styles.dialogForm} noValidate onSubmit={submit}>
      <p className={styles.dialogSuccess}>
        <CircleCheck size={16} aria-hidden="true" />
        {MSG.codigoValidado}
      </p>
      <PasswordField
        label="Senha atual"
        autoComplete="current-password"
        required
        autoFocus
        disabled={change.isPending}
        {...fieldProps(form, 'senhaAtual')}
      />
      <NewPasswordFields form={form} name="novaSenha" label="Nova senha" disabled={change.isPending} />
      <div className={styles.dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={change.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={change.isPending}>
          Salvar nova senha
        </Button>
      </div>
    </form>
  );
}
