import type { DocumentKind } from '@clinica/shared/documents';
import { maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { useRef, type FormEventHandler } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { pessoaKind, type EmailValues, type PessoaValues } from '../checkout-schemas';
import styles from '../checkout.module.css';
import { fieldProps, FormMaskedField, type AnyForm } from './form-fields';
import { StepActions } from './step-card';

interface StepFormProps<T extends FieldValues> {
  form: AnyForm<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
}

/** Step email: the e-mail the order's messages go to (prefilled with the account's). */
export function EmailStep({ form, onSubmit, onBack }: StepFormProps<EmailValues>) {
  return (
    <form className={styles.stepForm} noValidate onSubmit={onSubmit}>
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="seu@email.com.br"
        required
        {...fieldProps(form, 'email')}
      />
      <StepActions onBack={onBack} />
    </form>
  );
}

const KIND_FIELDS: Record<DocumentKind, Array<keyof PessoaValues>> = {
  cpf: ['nome'],
  cnpj: ['razaoSocial', 'inscricaoEstadual'],
};

/**
 * Step dadosPessoais (SPEC §4): first the CPF/CNPJ; 11 digits ask for the
 * person's name and mobile, 14 characters for the company's razão social,
 * inscrição estadual and mobile. When the document switches kind, the fields
 * of the kind left are cleared and their validation reset.
 */
export function PersonalStep({ form, onSubmit, onBack }: StepFormProps<PessoaValues>) {
  const documento = useWatch({ control: form.control, name: 'documento' });
  const kind = pessoaKind(documento ?? '');
  const lastKind = useRef<DocumentKind | null>(kind);

  const onDocument = (masked: string) => {
    const next = pessoaKind(masked);
    if (!next) return;
    const left = lastKind.current;
    if (left && left !== next) {
      for (const name of KIND_FIELDS[left]) form.resetField(name, { defaultValue: '' });
    }
    lastKind.current = next;
  };

  return (
    <form className={styles.stepForm} noValidate onSubmit={onSubmit}>
      <FormMaskedField
        form={form}
        name="documento"
        label="CPF ou CNPJ"
        mask={maskCpfCnpj}
        placeholder="000.000.000-00"
        autoCapitalize="characters"
        spellCheck={false}
        autoComplete="off"
        required
        onValue={onDocument}
        hint={kind ? undefined : 'Informe o CPF para pessoa física ou o CNPJ para empresas.'}
      />
      {kind === 'cpf' && <TextField label="Nome completo" autoComplete="name" required {...fieldProps(form, 'nome')} />}
      {kind === 'cnpj' && (
        <>
          <TextField label="Razão social" autoComplete="organization" required {...fieldProps(form, 'razaoSocial')} />
          <TextField
            label="Inscrição estadual"
            autoComplete="off"
            placeholder="Número ou ISENTO"
            required
            {...fieldProps(form, 'inscricaoEstadual')}
          />
        </>
      )}
      {kind && (
        <FormMaskedField
          form={form}
          name="telefone"
          label="Celular"
          mask={maskPhone}
          placeholder="(00) 0 0000-0000"
          inputMode="tel"
          autoComplete="tel-national"
          required
        />
      )}
      <StepActions onBack={onBack} />
    </form>
  );
}
