import { MSG } from '@clinica/shared/messages';
import type { Cliente } from '@clinica/shared/schemas/cliente';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, FileText, MapPin, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address/address-fields';
import { addressValuesOf, toEnderecoInput, useAddressForm } from '../../../components/address/address-schema';
import { Button } from '../../../components/ui/button';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { queryKeys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';
import {
  documentoSchema,
  kindOf,
  pessoaFisicaSchema,
  pessoaJuridicaSchema,
  pessoaPayload,
  profileValuesOf,
  type DocumentoValues,
  type PessoaFisicaValues,
  type PessoaJuridicaValues,
} from '../account-schemas';
import { useEditarPerfil, type PerfilBody } from '../api/editar-perfil';
import {
  CelularField,
  DocumentoField,
  InscricaoEstadualField,
  NomeField,
  RazaoSocialField,
} from '../../../components/forms/account-fields';
import { StepHeading } from '../components/step-heading';
import { useStepFocus } from '../components/use-step-focus';
import styles from './profile-page.module.css';

export interface ProfileEditorProps {
  cliente: Cliente;
  /** The client id of the path (the session's idClient). */
  clientId: number;
  /** The user id whose profile query is refreshed after saving. */
  idUser: number;
  /** 'Cancelar': back to read-only with the loaded data. */
  onCancel: () => void;
  /** Saved: back to read-only. */
  onSaved: () => void;
}

type Step = 0 | 1 | 2;

/**
 * The profile in edit mode (docs/behaviour/accounts-and-sign-in.md#profile): step 0 CPF/CNPJ, step 1
 * person (name, mobile) or company (razão social, inscrição estadual, mobile)
 * by the document's length, step 2 address, whose button saves (3 s wait,
 * PUT /profile/editar/{clientId}). Mounted on 'Editar', so every field starts
 * from the loaded data.
 */
export function ProfileEditor({ cliente, clientId, idUser, onCancel, onSaved }: ProfileEditorProps) {
  const queryClient = useQueryClient();
  const initial = profileValuesOf(cliente);
  const [step, setStep] = useState<Step>(0);
  const [kind, setKind] = useState(kindOf(initial.documento.documento));
  // Marketing e-mails (ADR 034): revocable here as by the link of every such e-mail.
  const headingRef = useStepFocus(step);

  const docForm = useForm<DocumentoValues>({
    resolver: zodResolver(documentoSchema),
    mode: 'all',
    defaultValues: initial.documento,
  });
  const fisicaForm = useForm<PessoaFisicaValues>({
    resolver: zodResolver(pessoaFisicaSchema),
    mode: 'all',
    defaultValues: initial.fisica,
  });
  const juridicaForm = useForm<PessoaJuridicaValues>({
    resolver: zodResolver(pessoaJuridicaSchema),
    mode: 'all',
    defaultValues: initial.juridica,
  });
  const addressForm = useAddressForm(addressValuesOf(cliente.endereco));
  const save = useEditarPerfil();

  const submitDocument = docForm.handleSubmit(({ documento }) => {
    const next = kindOf(documento);
    if (next !== kind) {
      // The other kind of person: its fields start from what was loaded (empty for the other kind).
      fisicaForm.reset(initial.fisica);
      juridicaForm.reset(initial.juridica);
    }
    setKind(next);
    setStep(1);
  });
  const submitPessoa = (kind === 'cpf' ? fisicaForm : juridicaForm).handleSubmit(() => setStep(2));

  const submitAddress = addressForm.handleSubmit(() => {
    const documento = docForm.getValues('documento');
    const body: PerfilBody = {
      ...(kind === 'cpf'
        ? pessoaPayload(documento, { kind: 'cpf', fisica: fisicaForm.getValues() })
        : pessoaPayload(documento, { kind: 'cnpj', juridica: juridicaForm.getValues() })),
      endereco: toEnderecoInput(addressForm.getValues()),
    };
    save.mutate(
      { clientId, body },
      {
        onSuccess: (envelope) => {
          notifySuccess(envelope.message || MSG.perfilAtualizado);
          queryClient.setQueryData(queryKeys.perfil(idUser), envelope.content);
          void queryClient.invalidateQueries({ queryKey: queryKeys.perfil(idUser) });
          const nome = envelope.content.nome ?? envelope.content.razaoSocial;
          if (nome) session.updateUser({ nome });
          onSaved();
        },
        onError: (error) => notifyApiError(error, MSG.ocorreuUmProblema),
      },
    );
  });

  const busy = save.isPending;
  const titles = ['Documento', kind === 'cnpj' ? 'Dados da empresa' : 'Dados pessoais', 'Endereço'] as const;
  const icons = [
    <FileText key="d" size={18} />,
    kind === 'cnpj' ? <Building2 key="p" size={18} /> : <UserRound key="p" size={18} />,
    <MapPin key="a" size={18} />,
  ];

  const heading = (
    <StepHeading headingRef={headingRef} icon={icons[step]} level={3}>
      {titles[step]}
    </StepHeading>
  );

  const actions = (last: boolean) => (
    <div className={styles.editActions}>
      <Button variant="ghost" onClick={onCancel} disabled={busy} className={styles.cancel}>
        Cancelar
      </Button>
      {step > 0 && (
        <Button variant="outline" onClick={() => setStep((s) => (s - 1) as Step)} disabled={busy}>
          Voltar
        </Button>
      )}
      <Button type="submit" loading={busy}>
        {last ? 'Salvar' : 'Avançar'}
      </Button>
    </div>
  );

  return (
    <div className={styles.editor}>
      <StepIndicator steps={titles} current={step} label="Etapas da edição do perfil" />

      {step === 0 && (
        <form className={styles.stepForm} noValidate onSubmit={submitDocument}>
          {heading}
          <div className={styles.fieldGrid}>
            <DocumentoField form={docForm} />
          </div>
          {actions(false)}
        </form>
      )}

      {step === 1 && (
        <form className={styles.stepForm} noValidate onSubmit={submitPessoa}>
          {heading}
          {kind === 'cpf' ? (
            <div className={styles.fieldGrid}>
              <NomeField form={fisicaForm} className={styles.full} />
              <CelularField form={fisicaForm} />
            </div>
          ) : (
            <div className={styles.fieldGrid}>
              <RazaoSocialField form={juridicaForm} className={styles.full} />
              <InscricaoEstadualField form={juridicaForm} />
              <CelularField form={juridicaForm} />
            </div>
          )}
          {actions(false)}
        </form>
      )}

      {step === 2 && (
        <form className={styles.stepForm} noValidate onSubmit={submitAddress}>
          {heading}
          <AddressFields form={addressForm} disabled={busy} />
          {actions(true)}
        </form>
      )}
    </div>
  );
}
