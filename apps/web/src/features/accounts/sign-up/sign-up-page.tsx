import { maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, GraduationCap, MapPin, PackageCheck, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AddressFields } from '../../../components/address/address-fields';
import { EMPTY_ADDRESS, toEnderecoInput, useAddressForm } from '../../../components/address/address-schema';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
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
import { authStyles as styles, AuthShell } from '../components/auth-shell';
import { fieldProps, FormMaskedField } from '../components/form-helpers';
import { StepHeading } from '../components/step-heading';

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

/** How long the success toast stays before /signIn (SPEC §2: the message, then the login). */
const SUCCESS_TOAST_MS = 2000;

type Step = 0 | 1 | 2;
type CredentialValues = Pick<SignUpFisicaValues, 'email' | 'celular' | 'senha' | 'confirmacao'>;

/**
 * /signUp (SPEC §2): document → personal or company data (by the document's
 * length) → address; 3 s wait, POST /cliente/create, then /signIn. Going back
 * clears the steps after the one returned to.
 */
export function SignUpPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [done, setDone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);
  const mountedRef = useRef(true);

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
  const busy = create.isPending || done;

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  // Each new step is announced by moving the focus to its heading (not on the first render).
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
    movedRef.current = true;
  }, [step]);

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
    };
    create.mutate(body, {
      onSuccess: () => {
        setDone(true);
        notifySuccess(MSG.cadastroSucesso, {
          autoClose: SUCCESS_TOAST_MS,
          onClose: () => {
            if (mountedRef.current) navigate('/signIn', { replace: true });
          },
        });
      },
      onError: (error) => notifyApiError(error),
    });
  };
  const submitAddress = (e: FormEvent<HTMLFormElement>) => void addressForm.handleSubmit(finish)(e);

  const stepTitles = ['Documento', kind === 'cnpj' ? 'Dados da empresa' : 'Seus dados', 'Endereço'] as const;

  return (
    <AuthShell
      wide
      title="Criar conta"
      subtitle="Cadastre-se em três passos para comprar materiais, acessar cursos e acompanhar seus pedidos."
      panelTitle="Faça parte da Sorriso Pleno"
      panelText="Com a sua conta você compra materiais odontológicos, assiste aos cursos digitais e acompanha cada pedido."
      highlights={[
        { icon: <PackageCheck size={20} />, text: 'Pedidos acompanhados de perto' },
        { icon: <GraduationCap size={20} />, text: 'Cursos sempre à mão' },
        { icon: <Building2 size={20} />, text: 'Para você ou sua clínica (CPF ou CNPJ)' },
      ]}
      footer={
        <>
          Já tem conta?{' '}
          <Link to="/signIn" className={styles.link}>
            Entrar
          </Link>
        </>
      }
    >
      <StepIndicator steps={stepTitles} current={step} label="Etapas do cadastro" />

      {step === 0 && (
        <form className={styles.form} noValidate onSubmit={submitDocument}>
          <StepHeading headingRef={headingRef} icon={<UserRound size={18} />}>
            Documento
          </StepHeading>
          <p className={styles.stepText}>Informe o CPF para pessoa física ou o CNPJ para empresas.</p>
          <FormMaskedField
            form={docForm}
            name="documento"
            label="CPF ou CNPJ"
            mask={maskCpfCnpj}
            placeholder="000.000.000-00"
            autoCapitalize="characters"
            spellCheck={false}
            autoComplete="off"
            required
          />
          <div className={styles.actions}>
            <Button type="submit" size="lg">
              Avançar
            </Button>
          </div>
        </form>
      )}

      {step === 1 && kind === 'cpf' && (
        <form className={styles.form} noValidate onSubmit={submitFisica}>
          <StepHeading headingRef={headingRef} icon={<UserRound size={18} />}>
            Seus dados
          </StepHeading>
          <TextField
            label="Nome completo"
            autoComplete="name"
            placeholder="Como no seu documento"
            required
            {...fieldProps(fisicaForm, 'nome')}
          />
          <CredentialFields form={fisicaForm} onBack={goBack} />
        </form>
      )}

      {step === 1 && kind === 'cnpj' && (
        <form className={styles.form} noValidate onSubmit={submitJuridica}>
          <StepHeading headingRef={headingRef} icon={<Building2 size={18} />}>
            Dados da empresa
          </StepHeading>
          <TextField
            label="Razão social"
            autoComplete="organization"
            required
            {...fieldProps(juridicaForm, 'razaoSocial')}
          />
          <TextField
            label="Inscrição estadual"
            autoComplete="off"
            placeholder="Número ou ISENTO"
            required
            {...fieldProps(juridicaForm, 'inscricaoEstadual')}
          />
          <CredentialFields form={juridicaForm} onBack={goBack} />
        </form>
      )}

      {step === 2 && (
        <form className={styles.form} noValidate onSubmit={submitAddress}>
          <StepHeading headingRef={headingRef} icon={<MapPin size={18} />}>
            Endereço
          </StepHeading>
          <AddressFields form={addressForm} lockUntilLookup disabled={busy} />
          <div className={styles.actions}>
            <Button variant="outline" size="lg" onClick={goBack} disabled={busy}>
              Voltar
            </Button>
            <Button type="submit" size="lg" loading={create.isPending} disabled={done}>
              Cadastrar
            </Button>
          </div>
        </form>
      )}
    </AuthShell>
  );
}

/** E-mail, mobile, password and confirmation, with the step's buttons (both kinds of step 1). */
function CredentialFields<T extends CredentialValues>({
  form,
  onBack,
}: {
  form: UseFormReturn<T>;
  onBack: () => void;
}) {
  // Both kinds of step 1 share these four fields.
  const f = form as unknown as UseFormReturn<CredentialValues>;
  return (
    <>
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="seu@email.com.br"
        required
        {...fieldProps(f, 'email')}
      />
      <FormMaskedField
        form={f}
        name="celular"
        label="Celular"
        mask={maskPhone}
        placeholder="(00) 0 0000-0000"
        inputMode="tel"
        autoComplete="tel-national"
        required
      />
      <div className={styles.twoCols}>
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          placeholder="Mínimo de 4 caracteres"
          required
          {...fieldProps(f, 'senha', { deps: ['confirmacao'] })}
        />
        <PasswordField
          label="Confirme a senha"
          autoComplete="new-password"
          placeholder="Repita a senha"
          required
          {...fieldProps(f, 'confirmacao')}
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

export { SignUpPage as Component };
