import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { ArrowLeft, AtSign } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { session } from '../../../lib/session';
import { emailSchema, type EmailValues } from '../account-schemas';
import { codigoEdicaoEmailMutation, useCodigoEdicaoEmail } from '../api/codigo-edicao-email';
import { editarEmailMutation, useEditarEmail } from '../api/editar-email';
import { useValidaCodigoEdicao, validaCodigoEdicaoMutation } from '../api/valida-codigo-edicao';
import { CodeStep } from '../components/code-step';
import { DialogResult, DialogWaiting } from '../components/dialog-result';
import { reasonOr } from '../components/error-reason';
import { fieldProps } from '../components/form-helpers';
import { useCodeChallenge } from '../components/use-code-challenge';
import styles from './profile-page.module.css';

export interface ChangeEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idUser: number;
  currentEmail: string;
  /** The e-mail was changed (reload the page's data). */
  onChanged: () => void;
}

/**
 * E-mail change (SPEC §4): new e-mail → code sent to it → the 6 digits are
 * checked by themselves → the e-mail is redefined. A wrong code can be typed
 * again; the code expires after 900 s, then it can be sent again.
 */
export function ChangeEmailDialog({ open, onOpenChange, idUser, currentEmail, onChanged }: ChangeEmailDialogProps) {
  const busy =
    useIsMutating({ mutationKey: codigoEdicaoEmailMutation.mutationKey }) +
      useIsMutating({ mutationKey: validaCodigoEdicaoMutation.mutationKey }) +
      useIsMutating({ mutationKey: editarEmailMutation.mutationKey }) >
    0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Alterar e-mail"
      icon={<AtSign size={22} />}
      busy={busy}
      testId="change-email-dialog"
    >
      <ChangeEmailFlow
        idUser={idUser}
        currentEmail={currentEmail}
        onChanged={onChanged}
        onClose={() => onOpenChange(false)}
      />
    </FormDialog>
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
  const [newEmail, setNewEmail] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [result, setResult] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);

  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const sendCode = (email: string) =>
    send.mutate(
      { idUser, email },
      {
        onSuccess: (envelope) => {
          challenge.codeSent(envelope.content.validadeSegundos);
          setNewEmail(email);
          setCodeError(null);
          setPhase('code');
        },
        onError: (error) => {
          const message = reasonOr(error, MSG.ocorreuErroTenteNovamente);
          if (phase === 'email') form.setError('email', { message }, { shouldFocus: true });
          else setCodeError(message);
        },
      },
    );

  const redefine = () =>
    change.mutate(
      { idUser, novoEmail: newEmail },
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
        onError: (error) => {
          setCodeError(reasonOr(error, MSG.codigoIncorreto));
          challenge.setCode('');
          window.setTimeout(() => codeRef.current?.focus(), 0);
        },
      },
    );

  if (phase === 'done') {
    return (
      <DialogResult tone="success" title={result} message={`Seu novo e-mail é ${newEmail}.`}>
        <Button onClick={onClose}>Ok</Button>
      </DialogResult>
    );
  }
  if (phase === 'failed') {
    return (
      <DialogResult tone="error" title={MSG.ocorreuUmProblema} message={result}>
        <Button
          onClick={() => {
            challenge.settle();
            setPhase('email');
          }}
        >
          Tentar novamente
        </Button>
      </DialogResult>
    );
  }
  if (change.isPending) return <DialogWaiting>Redefinindo o e-mail...</DialogWaiting>;

  if (phase === 'code') {
    return (
      <>
        <CodeStep
          challenge={{
            ...challenge,
            setCode: (digits) => {
              setCodeError(null);
              challenge.setCode(digits);
            },
          }}
          destination={newEmail}
          inputRef={codeRef}
          onComplete={checkCode}
          verifying={verify.isPending}
          accepted={false}
          error={codeError}
          onResend={() => sendCode(newEmail)}
          resending={send.isPending}
          autoFocus
        />
        <Button
          variant="ghost"
          size="sm"
          className={styles.dialogBack}
          onClick={() => {
            challenge.settle();
            setPhase('email');
          }}
          disabled={verify.isPending || send.isPending}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Voltar
        </Button>
      </>
    );
  }

  return (
    <form className={styles.dialogForm} noValidate onSubmit={form.handleSubmit(({ email }) => sendCode(email.trim()))}>
      <p className={styles.dialogText}>
        Hoje você entra com <strong>{currentEmail}</strong>. Enviaremos um código para o novo e-mail para confirmar que
        ele é seu.
      </p>
      <TextField
        label="Novo e-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="seu@email.com.br"
        required
        autoFocus
        disabled={send.isPending}
        {...fieldProps(form, 'email')}
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
