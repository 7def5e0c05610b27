import { maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { PasswordField } from '../ui/password-field';
import { TextField, type TextFieldProps } from '../ui/text-field';
import { fieldProps, FormMaskedField, type AnyForm } from './form-helpers';

/*
 * The account fields shared by sign-up, recovery, the profile (its editor
 * and dialogs), the checkout's identification and the contact form, each bound to its form field: label, mask, autocomplete and
 * binding in one place (the rules are the form's zod schema). Extra props
 * (placeholder, className, disabled, …) go to the input.
 */

type InputProps = Omit<TextFieldProps, 'label' | 'name' | 'error' | 'status' | 'form' | 'value' | 'onChange' | 'ref'>;

/** A form typed by the string fields K a field binds (every form given to it holds them). */
const withFields = <K extends string>(form: unknown) => form as AnyForm<Record<K, string>>;

/** 'CPF ou CNPJ' (step 0 of sign-up and of the profile editor, the checkout's personal data). */
export function DocumentoField<T extends { documento: string }>({
  form,
  ...rest
}: InputProps & { form: AnyForm<T>; onValue?: (masked: string) => void }) {
  return (
    <FormMaskedField
      form={withFields<'documento'>(form)}
      name="documento"
      label="CPF ou CNPJ"
      mask={maskCpfCnpj}
      autoCapitalize="characters"
      spellCheck={false}
      autoComplete="off"
      required
      {...rest}
    />
  );
}

/** An individual's 'Nome completo'. */
export function NomeField<T extends { nome: string }>({ form, ...rest }: InputProps & { form: AnyForm<T> }) {
  return (
    <TextField
      label="Nome completo"
      autoComplete="name"
      required
      {...rest}
      {...fieldProps(withFields<'nome'>(form), 'nome')}
    />
  );
}

/** A company's 'Razão social'. */
export function RazaoSocialField<T extends { razaoSocial: string }>({
  form,
  ...rest
}: InputProps & { form: AnyForm<T> }) {
  return (
    <TextField
      label="Razão social"
      autoComplete="organization"
      required
      {...rest}
      {...fieldProps(withFields<'razaoSocial'>(form), 'razaoSocial')}
    />
  );
}

/** A company's 'Inscrição estadual'. */
export function InscricaoEstadualField<T extends { inscricaoEstadual: string }>({
  form,
  ...rest
}: InputProps & { form: AnyForm<T> }) {
  return (
    <TextField
      label="Inscrição estadual"
      autoComplete="off"
      required
      {...rest}
      {...fieldProps(withFields<'inscricaoEstadual'>(form), 'inscricaoEstadual')}
    />
  );
}

/** 'Celular' with the mobile mask '(00) 0 0000-0000', bound to `celular` (or `telefone`, the checkout's). */
export function CelularField<
  K extends 'celular' | 'telefone' = 'celular',
  T extends Record<K, string> = Record<K, string>,
>({ form, name, ...rest }: InputProps & { form: AnyForm<T>; name?: K }) {
  return (
    <FormMaskedField
      form={withFields<'celular' | 'telefone'>(form)}
      name={name ?? 'celular'}
      label="Celular"
      mask={maskPhone}
      placeholder="(00) 0 0000-0000"
      inputMode="tel"
      autoComplete="tel-national"
      required
      {...rest}
    />
  );
}

/** 'E-mail' (or another label, e.g. 'Novo e-mail'). */
export function EmailField<T extends { email: string }>({
  form,
  label = 'E-mail',
  ...rest
}: InputProps & { form: AnyForm<T>; label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder="seu@email.com.br"
      required
      {...rest}
      {...fieldProps(withFields<'email'>(form), 'email')}
    />
  );
}

export interface NewPasswordFieldsProps<T extends { confirmacao: string }> {
  form: AnyForm<T>;
  /** The password's field: 'novaSenha' (recovery, change) or 'senha' (sign-up). */
  name: 'novaSenha' | 'senha';
  label: string;
  placeholder?: string;
  confirmPlaceholder?: string;
  disabled?: boolean;
}

/** A new password and 'Confirme a senha' (checked again whenever the password changes). */
export function NewPasswordFields<T extends { confirmacao: string }>({
  form,
  name,
  label,
  placeholder,
  confirmPlaceholder,
  disabled,
}: NewPasswordFieldsProps<T>) {
  const f = withFields<string>(form);
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        placeholder={placeholder}
        required
        disabled={disabled}
        {...fieldProps(f, name, { deps: ['confirmacao'] })}
      />
      <PasswordField
        label="Confirme a senha"
        autoComplete="new-password"
        placeholder={confirmPlaceholder}
        required
        disabled={disabled}
        {...fieldProps(f, 'confirmacao')}
      />
    </>
  );
}
