import type { DocumentKind } from '@clinica/shared/documents';
import { useRef, type FormEventHandler } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  CelularField,
  DocumentoField,
  EmailField,
  InscricaoEstadualField,
  NomeField,
  RazaoSocialField,
} from '../../../components/forms/account-fields';
import type { AnyForm } from '../../../components/forms/form-helpers';
import { pessoaKind, type EmailValues, type PessoaValues } from '../checkout-schemas';
import styles from './step-form.module.css';
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
      <EmailField form={form} />
      <StepActions onBack={onBack} />
    </form>
  );
}

const KIND_FIELDS: Record<DocumentKind, Array<keyof PessoaValues>> = {
  cpf: ['nome'],
  cnpj: ['razaoSocial', 'inscricaoEstadual'],
};

/**
 * Step dadosPessoais (docs/behaviour/bag-and-checkout.md#steps): first the CPF/CNPJ; 11 digits ask for the
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
      <DocumentoField
        form={form}
        placeholder="000.000.000-00"
        onValue={onDocument}
        hint={kind ? undefined : 'Informe o CPF para pessoa física ou o CNPJ para empresas.'}
      />
      {kind === 'cpf' && <NomeField form={form} />}
      {kind === 'cnpj' && (
        <>
          <RazaoSocialField form={form} />
          <InscricaoEstadualField form={form} placeholder="Número ou ISENTO" />
        </>
      )}
      {kind && <CelularField form={form} name="telefone" />}
      <StepActions onBack={onBack} />
    </form>
  );
}
