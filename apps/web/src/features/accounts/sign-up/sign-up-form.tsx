import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, MapPin, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { UntilHydrated } from '../../../lib/page-part';
import { placeOf } from '../../../lib/sign-in-place';
import { AddressFields } from '../../../components/address/address-fields';
import { OfertasEmailField } from '../../../components/forms/ofertas-email-field';
import { EMPTY_ADDRESS, toEnderecoInput, useAddressForm } from '../../../components/address/address-schema';
import { authStyles } from '../../../components/layout/auth-shell';
import { Button } from '../../../components/ui/button';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { notifyApiError } from '../../../components/ui/toast';
import {
  documentoSchema,
  kindOf,
  pessoaPayload,
  signUpFisicaSchema,
  signUpJuridicaSchema,
  type DocumentoValues,
  type SignUpFisicaValues,
  type SignUpJuridicaValues,
} from '../account-schemas';
import { useCreateCliente, type ClienteCreateBody } from '../api/create-cliente';
import {
  CelularField,
  DocumentoField,
  EmailField,
  InscricaoEstadualField,
  NewPasswordFields,
  NomeField,
  RazaoSocialField,
} from '../../../components/forms/account-fields';
import styles from '../components/account-form.module.css';
import type { AnyForm } from '../../../components/forms/form-helpers';
import { StepHeading } from '../components/step-heading';
import { useSignInAfterToast } from '../components/use-sign-in-after-toast';
import { useStepFocus } from '../components/use-step-focus';

const EMPTY_DOC: DocumentoValues = { documento: '' };
const EMPTY_FISICA: SignUpFisicaValues = { nome: '', email: '', celular: '', senha: '', confirmacao: '' };
const EMPTY_JURIDICA: SignUpJuridicaValues = {
  razaoSocial: '',
  inscricaoEstadual: '',
  email: '',
  celular: '',
  senha: '',
  confirmacao: '',
};

/** How long the success toast stays before /signIn (the message, then the login). */
const SUCCESS_TOAST_MS = 2000;

type Step = 0 | 1 | 2;
type CredentialValues = Pick<SignUpFisicaValues, 'email' | 'celular' | 'senha' | 'confirmacao'>;

/**
 * The sign-up steps (sign-up-page.tsx loads them as a part of the page): document → personal or company data (by the document's
 * length) → address; 3 s wait, POST /cliente/create, then /signIn. Going back
 * clears the steps after the one returned to.
 */
export function SignUpForm() {
  const [step, setStep] = useState<Step>(0);
  const [done, setDone] = useState(false);
  // Each new step is announced by moving the focus to its heading (not on the first render).
  const headingRef = useStepFocus(step);
  const signInAfterToast = useSignInAfterToast();
  // A sign-up that started from the bag keeps that place (lib/sign-in-place.ts).
  const { paraSacola } = placeOf(useLocation().state);

  const docForm = useForm<DocumentoValues>({
    resolver: zodResolver(documentoSchema),
    mode: 'all',
    defaultValues: EMPTY_DOC,
  });
  const fisicaForm = useForm<SignUpFisicaValues>({
    resolver: zodResolver(signUpFisicaSchema),
    mode: 'all',
    defaultValues: EMPTY_FISICA,
  });
  const juridicaForm = useForm<SignUpJuridicaValues>({
    resolver: zodResolver(signUpJuridicaSchema),
    mode: 'all',
    defaultValues: EMPTY_JURIDICA,
  });
  const addressForm = useAddressForm();
  const create = useCreateCliente();

  const [kind, setKind] = useState<'cpf' | 'cnpj'>('cpf');
  // Marketing e-mails: only when ticked (ADR 034).
  const [ofertasEmail, setOfertasEmail] = useState(false);
  const busy = create.isPending || done;

  const goBack = () => {
    if (step === 2) {
      addressForm.reset(EMPTY_ADDRESS);
      setStep(1);
    } else if (step === 1) {
      addressForm.reset(EMPTY_ADDRESS);
      fisicaForm.reset(EMPTY_FISICA);
      juridicaForm.reset(EMPTY_JURIDICA);
      setStep(0);
    }
  };

  const submitDocument = docForm.handleSubmit(({ documento }) => {
    setKind(kindOf(documento));
    setStep(1);
  });
  const submitFisica = fisicaForm.handleSubmit(() => setStep(2));
  const submitJuridica = juridicaForm.handleSubmit(() => setStep(2));

  const finish = () => {
    const documento = docForm.getValues('documento');
    const person = kind === 'cpf' ? fisicaForm.getValues() : juridicaForm.getValues();
    const body: ClienteCreateBody = {
      ...(kind === 'cpf'
        ? pessoaPayload(documento, { kind: 'cpf', fisica: fisicaForm.getValues() })
        : pessoaPayload(documento, { kind: 'cnpj', juridica: juridicaForm.getValues() })),
      usuario: { email: person.email.trim(), password: person.senha },
      endereco: toEnderecoInput(addressForm.getValues()),
      ofertasEmail,
    };
    create.mutate(body, {
      onSuccess: () => {
        setDone(true);
        // /signIn comes with the new e-mail filled in (docs/behaviour/accounts-and-sign-in.md#sign-up).
        signInAfterToast(MSG.cadastroSucesso, SUCCESS_TOAST_MS, {
          email: body.usuario.email,
          ...(paraSacola ? { paraSacola } : {}),
        });
      },
      onError: (error) => notifyApiError(error),
    });
  };
  const submitAddress = (e: FormEvent<HTMLFormElement>) => void addressForm.handleSubmit(finish)(e);

  const stepTitles = ['Documento', kind === 'cnpj' ? 'Dados da empresa' : 'Seus dados', 'Endereço'] as const;

  return (
    <>
      <StepIndicator steps={stepTitles} current={step} label="Etapas do cadastro" />

      {step === 0 && (
        <form className={authStyles.form} noValidate onSubmit={submitDocument}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<UserRound size={18} />}>
              Documento
            </StepHeading>
            <p className={styles.stepText}>Informe o CPF para pessoa física ou o CNPJ para empresas.</p>
            <DocumentoField form={docForm} placeholder="000.000.000-00" />
            <div className={styles.actions}>
              <Button type="submit" size="lg">
                Avançar
              </Button>
            </div>
          </UntilHydrated>
        </form>
      )}

      {step === 1 && kind === 'cpf' && (
        <form className={authStyles.form} noValidate onSubmit={submitFisica}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<UserRound size={18} />}>
              Seus dados
            </StepHeading>
            <NomeField form={fisicaForm} placeholder="Como no seu documento" />
            <CredentialFields form={fisicaForm} onBack={goBack} />
          </UntilHydrated>
        </form>
      )}

      {step === 1 && kind === 'cnpj' && (
        <form className={authStyles.form} noValidate onSubmit={submitJuridica}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<Building2 size={18} />}>
              Dados da empresa
            </StepHeading>
            <RazaoSocialField form={juridicaForm} />
            <InscricaoEstadualField form={juridicaForm} placeholder="Número ou ISENTO" />
            <CredentialFields form={juridicaForm} onBack={goBack} />
          </UntilHydrated>
        </form>
      )}

      {step === 2 && (
        <form className={authStyles.form} noValidate onSubmit={submitAddress}>
          <UntilHydrated>
            <StepHeading headingRef={headingRef} icon={<MapPin size={18} />}>
              Endereço
            </StepHeading>
            <AddressFields form={addressForm} lockUntilLookup disabled={busy} />
            <OfertasEmailField checked={ofertasEmail} onChange={setOfertasEmail} disabled={busy} />
            <div className={styles.actions}>
              <Button variant="outline" size="lg" onClick={goBack} disabled={busy}>
                Voltar
              </Button>
              <Button type="submit" size="lg" loading={create.isPending} disabled={done}>
                Cadastrar
              </Button>
            </div>
          </UntilHydrated>
        </form>
      )}
    </>
  );
}

/** E-mail, mobile, password and confirmation, with the step's buttons (both kinds of step 1). */
function CredentialFields<T extends CredentialValues>({ form, onBack }: { form: AnyForm<T>; onBack: () => void }) {
  return (
    <>
      <EmailField form={form} />
      <CelularField form={form} />
      <div className={styles.twoCols}>
        <NewPasswordFields
          form={form}
          name="senha"
          label="Senha"
          placeholder="Mínimo de 4 caracteres"
          confirmPlaceholder="Repita a senha"
        />
      </div>
      <div className={styles.actions}>
        <Button variant="outline" size="lg" onClick={onBack}>
          Voltar
        </Button>
        <Button type="submit" size="lg">
          Avançar
        </Button>
      </div>
    </>
  );
}
