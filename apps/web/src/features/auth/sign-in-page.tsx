import { maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { BookOpen, LockKeyhole, ShieldCheck, Truck } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ToothMark } from '../../components/brand/logo';
import { Button } from '../../components/ui/button';
import { MaskedField } from '../../components/ui/masked-field';
import { useDocumentTitle } from '../../components/ui/page-frame';
import { PasswordField } from '../../components/ui/password-field';
import { fieldStatus, TextField } from '../../components/ui/text-field';
import { notifyApiError } from '../../components/ui/toast';
import { signInWithCredentials } from '../../lib/auth-api';
import { session } from '../../lib/session';
import { signInSchema, toLoginPayload, type SignInForm } from './sign-in-schema';
import styles from './sign-in-page.module.css';

const DEFAULTS: SignInForm = { useDocument: false, email: '', documento: '', password: '' };

/** /signIn (SPEC §2): e-mail or CPF/CNPJ, password, 1 s wait, then /loja. */
export function SignInPage() {
  useDocumentTitle('Entrar');
  const navigate = useNavigate();
  const { register, control, handleSubmit, formState, getFieldState, resetField, clearErrors } = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });
  const useDocument = useWatch({ control, name: 'useDocument' });

  const login = useMutation({
    mutationFn: (form: SignInForm) => signInWithCredentials(toLoginPayload(form)),
    onSuccess: () => navigate('/loja', { replace: true }),
    onError: (error) => {
      session.signOut();
      notifyApiError(error, MSG.credenciaisInvalidas);
    },
  });

  const status = (name: 'email' | 'documento' | 'password') =>
    fieldStatus(getFieldState(name, formState), formState.isSubmitted);
  const useDocumentField = register('useDocument');

  return (
    <div className={styles.page}>
      <div className={styles.grid}>
        <aside className={styles.panel} aria-hidden="true">
          <SignInArt className={styles.panelArt} />
          <div className={styles.panelContent}>
            <ToothMark className={styles.panelMark} />
            <h2 className={styles.panelTitle}>Seu sorriso em boas mãos</h2>
            <p className={styles.panelText}>
              Entre na sua conta da Clínica Sorriso Pleno para comprar materiais, acessar seus cursos e acompanhar seus
              pedidos.
            </p>
            <ul className={styles.benefits}>
              <li>
                <span className={styles.benefitIcon}>
                  <ShieldCheck size={20} />
                </span>
                Compras 100% seguras
              </li>
              <li>
                <span className={styles.benefitIcon}>
                  <BookOpen size={20} />
                </span>
                Seus cursos sempre à mão
              </li>
              <li>
                <span className={styles.benefitIcon}>
                  <Truck size={20} />
                </span>
                Acompanhe seus pedidos
              </li>
            </ul>
          </div>
        </aside>

        <div className={styles.card}>
          <div className={styles.cardInner}>
            <h1 className={styles.title}>Entrar</h1>
            <p className={styles.subtitle}>Que bom ver você de novo! Acesse sua conta para continuar.</p>

            <form className={styles.form} noValidate onSubmit={handleSubmit((form) => login.mutate(form))}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  {...useDocumentField}
                  onChange={(e) => {
                    void useDocumentField.onChange(e);
                    resetField(e.target.checked ? 'documento' : 'email');
                    clearErrors(['email', 'documento']);
                  }}
                />
                {MSG.logarComDocumento}
              </label>

              {useDocument ? (
                <Controller
                  name="documento"
                  control={control}
                  render={({ field, fieldState }) => (
                    <MaskedField
                      label="CPF ou CNPJ"
                      mask={maskCpfCnpj}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={fieldState.error?.message}
                      status={status('documento')}
                      placeholder="000.000.000-00"
                      autoComplete="username"
                      autoCapitalize="characters"
                      spellCheck={false}
                      required
                    />
                  )}
                />
              ) : (
                <TextField
                  label="E-mail"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="seu@email.com"
                  required
                  {...register('email')}
                  error={formState.errors.email?.message}
                  status={status('email')}
                />
              )}

              <PasswordField
                label="Senha"
                placeholder="Sua senha"
                required
                {...register('password')}
                error={formState.errors.password?.message}
                status={status('password')}
              />

              <div className={styles.forgotRow}>
                <Link to="/forgot" className={styles.link}>
                  {MSG.esqueciSenha}
                </Link>
              </div>

              <Button type="submit" size="lg" fullWidth loading={login.isPending}>
                Entrar
              </Button>
            </form>

            <p className={styles.signUp}>
              Ainda não tem conta?{' '}
              <Link to="/signUp" className={styles.link}>
                {MSG.cadastreSe}
              </Link>
            </p>
            <p className={styles.secureNote}>
              <LockKeyhole size={14} aria-hidden="true" />
              Ambiente seguro: seus dados são protegidos.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Decorative art of the desktop panel: soft rings and a smiling tooth. */
function SignInArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 340 340" aria-hidden="true">
      <circle cx="170" cy="170" r="168" fill="none" stroke="rgb(255 255 255 / 0.08)" strokeWidth="2" />
      <circle cx="170" cy="170" r="128" fill="rgb(255 255 255 / 0.05)" />
      <circle cx="170" cy="170" r="88" fill="rgb(255 255 255 / 0.07)" />
      <path
        d="M170 118c-8.7-6.8-19.4-9.1-29.4-6-15.1 4.7-22.4 20.9-18 40.2 3.1 13.3 6.8 25.1 8.9 37.8 2.1 13 5.4 22.9 13.2 22.9 7.3 0 9.4-8.9 11.5-19 1.9-9.4 4.4-16.9 13.8-16.9s11.9 7.5 13.8 16.9c2.1 10.1 4.2 19 11.5 19 7.8 0 11.1-9.9 13.2-22.9 2.1-12.7 5.8-24.5 8.9-37.8 4.4-19.3-2.9-35.5-18-40.2-10-3.1-20.7-.8-29.4 6z"
        fill="#fff"
        opacity="0.95"
      />
      <path d="M155 158c8 6 22 6 30 0" fill="none" stroke="#0f7f76" strokeWidth="5" strokeLinecap="round" />
      <path d="M256 86v18M247 95h18M92 232v12M86 238h12" stroke="#f2b544" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export { SignInPage as Component };
