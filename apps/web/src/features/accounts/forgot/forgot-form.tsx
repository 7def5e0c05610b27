import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Mail, MailOpen } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { UntilHydrated } from '../../../lib/page-part';
import { authStyles } from '../../../components/layout/auth-shell';
import { Button } from '../../../components/ui/button';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { emailSchema, novaSenhaSchema, type EmailValues, type NovaSenhaValues } from '../account-schemas';
import { useCodigoRecuperacao } from '../api/codigo-recuperacao';
import { useRecuperarSenha } from '../api/recuperar-senha';
import { useValidaCodigoRecuperacao } from '../api/valida-codigo-recuperacao';
import { EmailField, NewPasswordFields } from '../../../components/forms/account-fields';
import styles from '../components/account-form.module.css';
import { CodeStep } from '../../../components/account-dialogs/code-step';
import { StepHeading } from '../components/step-heading';
import { useCodeChallenge } from '../../../components/account-dialogs/use-code-challenge';
import { useSignInAfterToast } from '../components/use-sign-in-after-toast';
import { useStepFocus } from '../components/use-step-focus';

const STEPS = ['E-mail', 'Código', 'Nova senha'] as const;
/** The success toast stays briefly, then /signIn (the page changes when the toast closes). */
const SUCCESS_TOAST_MS = 2500;

type Step = 0 | 1 | 2;

/**
 * The recovery steps (forgot-page.tsx loads them as a part of the page): e-mail → 6-digit code (checked on
 * the 6th digit; 'Reenviar código' after 75 s) → new password, then /signIn.
 * Every answer's message is shown as a toast.
 */
export function ForgotForm() {
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [done, setDone] = useState(false);
  const challenge = useCodeChallenge();
  // A new step takes the focus: the code boxes on the code step, else the step's heading.
  const headingRef = useStepFocus(step, step === 1 ? challenge.inputRef : null);
  const signInAfterToast = useSignInAfterToast();
  const sendCode = useCodigoRecuperacao();
  const validate = useValidaCodigoRecuperacao();
  const reset = useRecuperarSenha();

  const emailForm = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const senhaForm = useForm<NovaSenhaValues>({
    resolver: zodResolver(novaSenhaSchema),
    mode: 'all',
    defaultValues: { novaSenha: '', confirmacao: '' },
  });

  const requestCode = (to: string, onSent?: () => void) =>
    sendCode.mutate(to, {
      onSuccess: (envelope) => {
        notifySuccess(envelope.message || MSG.codigoRecuperacaoEnviado);
        challenge.codeSent(envelope.content.validadeSegundos);
        setAccepted(false);
        onSent?.();
      },
      onError: (error) => notifyApiError(error),
    });

  const submitEmail = emailForm.handleSubmit(({ email: value }) => {
    const to = value.trim();
    requestCode(to, () => {
      setEmail(to);
      setStep(1);
    });
  });

  const checkCode = (codigo: string) =>
    validate.mutate(
      { email, codigo },
      {
        onSuccess: (envelope) => {
          setAccepted(true);
          challenge.settle();
          notifySuccess(envelope.message || MSG.codigoValidado);
        },
        onError: (error) => {
          notifyApiError(error, MSG.codigoIncorreto);
          challenge.refuse();
        },
      },
    );

  const resetPassword = ({ novaSenha }: NovaSenhaValues) =>
    reset.mutate(
      { email, novaSenha },
      {
        onSuccess: (envelope) => {
          setDone(true);
          signInAfterToast(`${envelope.message || MSG.senhaRedefinida}${MSG.indoParaLogin}`, SUCCESS_TOAST_MS);
        },
        onError: (error) => notifyApiError(error),
      },
    );
  const submitSenha = (e: FormEvent<HTMLFormElement>) => void senhaForm.handleSubmit(resetPassword)(e);

  const backToEmail = () => {
    challenge.settle();
    challenge.setCode('');
    setAccepted(false);
    setStep(0);
  };

  return (
    <>
      <StepIndicator steps={STEPS} current={step} label="Etapas da recuperação" />

      {step === 0 && (
        <form className={authStyles.form} noValidate onSubmit={submitEmail}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<Mail size={18} />}>
              Qual é o seu e-mail?
            </StepHeading>
            <p className={styles.stepText}>Use o e-mail da sua conta. O código chega em instantes.</p>
            <EmailField form={emailForm} disabled={sendCode.isPending} />
            <div className={styles.actions}>
              <Button type="submit" size="lg" loading={sendCode.isPending}>
                Enviar código
              </Button>
            </div>
          </UntilHydrated>
        </form>
      )}

      {step === 1 && (
        <div className={authStyles.form}>
          <StepHeading headingRef={headingRef} icon={<MailOpen size={18} />}>
            Confira seu e-mail
          </StepHeading>
          <CodeStep
            challenge={challenge}
            destination={email}
            onComplete={checkCode}
            verifying={validate.isPending}
            accepted={accepted}
            onResend={() => requestCode(email)}
            resending={sendCode.isPending}
          />
          <div className={styles.actions}>
            <Button variant="outline" size="lg" onClick={backToEmail} disabled={validate.isPending}>
              Voltar
            </Button>
            <Button size="lg" onClick={() => setStep(2)} disabled={!accepted}>
              Avançar
            </Button>
          </div>
        </div>
      )}

      {step === 2 && (
        <form className={authStyles.form} noValidate onSubmit={submitSenha}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<KeyRound size={18} />}>
              Crie uma nova senha
            </StepHeading>
            <p className={styles.stepText}>
              Para <strong>{email}</strong>. Use pelo menos 4 caracteres.
            </p>
            <NewPasswordFields form={senhaForm} name="novaSenha" label="Nova senha" />
            <div className={styles.actions}>
              <Button variant="outline" size="lg" onClick={() => setStep(1)} disabled={reset.isPending || done}>
                Voltar
              </Button>
              <Button type="submit" size="lg" loading={reset.isPending} disabled={done}>
                Redefinir senha
              </Button>
            </div>
          </UntilHydrated>
        </form>
      )}
    </>
  );
}
