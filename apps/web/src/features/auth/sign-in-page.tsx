import { maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { BookOpen, ShieldCheck, Truck } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AuthShell, authStyles } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { MaskedField } from '../../components/ui/masked-field';
import { PasswordField } from '../../components/ui/password-field';
import { fieldStatus, TextField } from '../../components/ui/text-field';
import { notifyApiError } from '../../components/ui/toast';
import { signInWithCredentials } from '../../lib/auth-api';
import { session } from '../../lib/session';
import { signInSchema, toLoginPayload, type SignInForm } from './sign-in-schema';
import styles from './sign-in-page.module.css';

const DEFAULTS: SignInForm = { useDocument: false, email: '', documento: '', password: '' };

const HIGHLIGHTS = [
  { icon: <ShieldCheck size={20} />, text: 'Compras 100% seguras' },
  { icon: <BookOpen size={20} />, text: 'Seus cursos sempre à mão' },
  { icon: <Truck size={20} />, text: 'Acompanhe seus pedidos' },
];

/** /signIn (SPEC §2): e-mail or CPF/CNPJ, password, 1 s wait, then /loja. */
export function SignInPage() {
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
    <AuthShell
      title="Entrar"
      subtitle="Que bom ver você de novo! Acesse sua conta para continuar."
      panelTitle="Seu sorriso em boas mãos"
      panelText="Entre na sua conta da Clínica Sorriso Pleno para comprar materiais, acessar seus cursos e acompanhar seus pedidos."
      highlights={HIGHLIGHTS}
      art="smile"
      width="narrow"
      footer={{ text: 'Ainda não tem conta?', to: '/signUp', link: MSG.cadastreSe }}
    >
      <form className={authStyles.form} noValidate onSubmit={handleSubmit((form) => login.mutate(form))}>
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
          <Link to="/forgot" className={authStyles.link}>
            {MSG.esqueciSenha}
          </Link>
        </div>

        <Button type="submit" size="lg" fullWidth loading={login.isPending}>
          Entrar
        </Button>
      </form>
    </AuthShell>
  );
}

export { SignInPage as Component };
