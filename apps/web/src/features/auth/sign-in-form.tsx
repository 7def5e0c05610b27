import { maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { authStyles } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { MaskedField } from '../../components/ui/masked-field';
import { PasswordField } from '../../components/ui/password-field';
import { fieldStatus, TextField } from '../../components/ui/text-field';
import { notifyApiError } from '../../components/ui/toast';
import { signInWithCredentials } from '../../lib/auth-api';
import { UntilHydrated } from '../../lib/page-part';
import { session } from '../../lib/session';
import { setFavorite } from '../../lib/favorites';
import { placeOf, STORE_WITH_BAG_OPEN, type SignInPlace } from '../../lib/sign-in-place';
import { signInSchema, toLoginPayload, type SignInForm as SignInValues } from './sign-in-schema';
import styles from './sign-in-page.module.css';

/** The path a sign-in returns to (lib/sign-in-place.ts `voltarPara`): a path of this site only (never `//host`), else /loja. */
const returnPathOf = (place: SignInPlace): string =>
  typeof place.voltarPara === 'string' && /^\/(?![/\\])/.test(place.voltarPara) ? place.voltarPara : '/loja';

const DEFAULTS: SignInValues = { useDocument: false, email: '', documento: '', password: '' };

/**
 * The sign-in form (sign-in-page.tsx loads it as a part of the page): e-mail or CPF/CNPJ and password, then /loja.
 * The shopper keeps their place (lib/sign-in-place.ts): a sign-in that started from the bag lands on /loja with the
 * bag open, and the e-mail a sign-up just made is filled in.
 */
export function SignInForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const place = placeOf(useLocation().state);
  const { register, control, handleSubmit, formState, getFieldState, resetField, clearErrors, setValue } =
    useForm<SignInValues>({
      resolver: zodResolver(signInSchema),
      mode: 'all',
      defaultValues: DEFAULTS,
    });
  const useDocument = useWatch({ control, name: 'useDocument' });

  // After hydration: the server's HTML has the form empty (it never sees the location state).
  const email = place.email;
  useEffect(() => {
    if (email) setValue('email', email);
  }, [email, setValue]);

  const login = useMutation({
    mutationFn: (form: SignInValues) => signInWithCredentials(toLoginPayload(form)),
    onSuccess: async () => {
      // From a product's heart (ADR 045): the product becomes a favourite, then back to the page it was on.
      if (place.favoritar !== undefined && session.getSnapshot().user?.permissao === 'CLIENTE') {
        await setFavorite(queryClient, place.favoritar, true).catch((error: unknown) =>
          console.warn('Favorito não gravado depois da entrada.', error),
        );
      }
      await navigate(returnPathOf(place), {
        replace: true,
        ...(place.paraSacola ? { state: STORE_WITH_BAG_OPEN } : {}),
      });
    },
    onError: (error) => {
      session.signOut();
      notifyApiError(error, MSG.credenciaisInvalidas);
    },
  });

  const status = (name: 'email' | 'documento' | 'password') =>
    fieldStatus(getFieldState(name, formState), formState.isSubmitted);
  const useDocumentField = register('useDocument');

  return (
    <form className={authStyles.form} noValidate onSubmit={handleSubmit((form) => login.mutate(form))}>
      <UntilHydrated>
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
      </UntilHydrated>
    </form>
  );
}
