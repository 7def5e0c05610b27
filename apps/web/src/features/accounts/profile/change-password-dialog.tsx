import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { trocaSenhaSchema, type TrocaSenhaValues } from '../account-schemas';
import { codigoEdicaoSenhaMutation, useCodigoEdicaoSenha } from '../api/codigo-edicao-senha';
import { editarSenhaMutation, useEditarSenha } from '../api/editar-senha';
import { useValidaCodigoEdicao, validaCodigoEdicaoMutation } from '../api/valida-codigo-edicao';
import { CodeStep } from '../components/code-step';
import { DialogResult, DialogWaiting } from '../components/dialog-result';
import { reasonOr } from '../components/error-reason';
import { fieldProps } from '../components/form-helpers';
import { useCodeChallenge } from '../components/use-code-challenge';
import styles from './profile-page.module.css';

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idUser: number;
  /** Where the code goes (the account's e-mail). */
  email: string;
}

/**
 * Password change (SPEC §4): a code is sent on open; the 6 digits are checked
 * by themselves; then current password, new password and confirmation; then
 * success or 'Ocorreu um problema.' (the server's reason when it gives one).
 * The new token the server answers is kept for this session.
 */
export function ChangePasswordDialog({ open, onOpenChange, idUser, email }: ChangePasswordDialogProps) {
  const busy =
    useIsMutating({ mutationKey: codigoEdicaoSenhaMutation.mutationKey }) +
      useIsMutating({ mutationKey: validaCodigoEdicaoMutation.mutationKey }) +
      useIsMutating({ mutationKey: editarSenhaMutation.mutationKey }) >
    0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Alterar senha"
      icon={<KeyRound size={22} />}
      busy={busy}
      testId="change-password-dialog"
    >
      <ChangePasswordFlow idUser={idUser} email={email} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type Phase = 'code' | 'form' | 'done' | 'failed' | 'sendFailed';

const EMPTY: TrocaSenhaValues = { senhaAtual: '', novaSenha: '', confirmacao: '' };

function ChangePasswordFlow({ idUser, email, onClose }: { idUser: number; email: string; onClose: () => void }) {
  const challenge = useCodeChallenge();
  const send = useCodigoEdicaoSenha();
  const verify = useValidaCodigoEdicao();
  const change = useEditarSenha();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const sentOnOpen = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const { codeSent } = challenge;
  const { mutate: sendMutate } = send;

  const form = useForm<TrocaSenhaValues>({
    resolver: zodResolver(trocaSenhaSchema),
    mode: 'all',
    defaultValues: EMPTY,
  });

  const sendCode = useCallback(
    () =>
      sendMutate(idUser, {
        onSuccess: (envelope) => {
          codeSent(envelope.content.validadeSegundos);
          setCodeError(null);
          setPhase('code');
        },
        onError: (error) => {
          setMessage(reasonOr(error, MSG.ocorreuErroTenteNovamente));
          setPhase('sendFailed');
        },
      }),
    [sendMutate, idUser, codeSent],
  );

  // The code is sent when the dialog opens (once, also under StrictMode).
  useEffect(() => {
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    sendCode();
  }, [sendCode]);

  const checkCode = (codigo: string) =>
    verify.mutate(
      { idUser, codigo },
      {
        onSuccess: () => {
          challenge.settle();
          setPhase('form');
        },
        onError: (error) => {
          setCodeError(reasonOr(error, MSG.codigoIncorreto));
          challenge.setCode('');
          window.setTimeout(() => codeRef.current?.focus(), 0);
        },
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
    return (
      <DialogResult tone="success" title={message} message="Use a nova senha no seu próximo acesso.">
        <Button onClick={onClose}>Ok</Button>
      </DialogResult>
    );
  }
  if (phase === 'failed' || phase === 'sendFailed') {
    const retry = () => {
      if (phase === 'sendFailed') sendCode();
      else {
        form.reset({ ...form.getValues(), senhaAtual: '' });
        setPhase('form');
      }
    };
    return (
      <DialogResult
        tone="error"
        title={MSG.ocorreuUmProblema}
        message={message === MSG.ocorreuUmProblema ? undefined : message}
      >
        <Button onClick={retry} loading={send.isPending}>
          Tentar novamente
        </Button>
      </DialogResult>
    );
  }
  if (phase === null) return <DialogWaiting>Enviando o código para {email}...</DialogWaiting>;

  if (phase === 'code') {
    return (
      <CodeStep
        challenge={{
          ...challenge,
          setCode: (digits) => {
            setCodeError(null);
            challenge.setCode(digits);
          },
        }}
        destination={email}
        inputRef={codeRef}
        onComplete={checkCode}
        verifying={verify.isPending}
        accepted={false}
        error={codeError}
        onResend={sendCode}
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
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        required
        disabled={change.isPending}
        {...fieldProps(form, 'novaSenha', { deps: ['confirmacao'] })}
      />
      <PasswordField
        label="Confirme a senha"
        autoComplete="new-password"
        required
        disabled={change.isPending}
        {...fieldProps(form, 'confirmacao')}
      />
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
