import type { DocumentKind } from '@clinica/shared/documents';
import { Pencil } from 'lucide-react';
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
import { Button } from '../../../components/ui/button';
import { pessoaKind, type EmailValues, type PessoaValues } from '../checkout-schemas';
import styles from './step-form.module.css';
import { StepActions } from './step-card';

interface StepFormProps<T extends FieldValues> {
  form: AnyForm<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
}

/**
 * The e-mail of the identification once given, above the personal data (both are the bar's 'Identificação'), with
 * 'Alterar' to give it again.
 */
export function EmailGiven({ email, onEdit }: { email: string; onEdit: () => void }) {
  return (
    <p className={styles.given}>
      <span>
        E-mail: <strong>{email}</strong>
      </span>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label="Alterar e-mail">
        <Pencil size={16} aria-hidden="true" />
        Alterar
      </Button>
    </p>
  );
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
      {/* The part of the identification that opens after the e-mail takes the focus (step-card.tsx). */}
      <h3 className={styles.partTitle} tabIndex={-1} data-step-focus>
        Dados pessoais
      </h3>
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
