import { cartNeedsShipping } from '@clinica/shared/cart';
import { digitsOnly, maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { cartOrderTotals } from '@clinica/shared/order-total';
import type { Pedido, TipoPagamento } from '@clinica/shared/schemas/pedido';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { addressValuesOf, useAddressForm, type AddressValues } from '../../components/address/address-schema';
import { useMunicipios } from '../../components/address/api/municipios';
import { useUfs } from '../../components/address/api/ufs';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/ui/page-frame';
import { StepIndicator } from '../../components/ui/step-indicator';
import { notifyError, notifyInfo, notifySuccess } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { useCart } from '../../lib/cart-storage';
import { useGift } from '../../lib/use-gift';
import { useSession } from '../../lib/use-session';
import { useCreatePedido } from './api/create-pedido';
import { useFrete } from './api/frete';
import { useCheckoutPerfil } from './api/perfil';
import {
  EMPTY_EMAIL,
  EMPTY_PESSOA,
  EMPTY_RECEBEDOR,
  emailSchema,
  pessoaKind,
  pessoaResolver,
  prefillOf,
  type EmailValues,
  type PessoaValues,
  type RecebedorValues,
} from './checkout-schemas';
import { activeStep, HEADER_STEPS, headerIndex, initialSteps, stepsReducer, type StepId } from './checkout-steps';
import { CHECKOUT_TOAST } from './checkout-toast';
import styles from './checkout.module.css';
import { BagReview } from './components/bag-review';
import { DeliveryStep, prazoText } from './components/delivery-step';
import { EmailStep, PersonalStep } from './components/identification-steps';
import { OrderCreated } from './components/order-created';
import { OrderSummary } from './components/order-summary';
import { PaymentStep } from './components/payment-step';
import { StepCard } from './components/step-card';
import { buildPedidoBody, freteItems } from './order-payload';

/** SPEC §9: after a card order, the orders list opens 2 s later. */
export const CARD_REDIRECT_MS = 2000;

/** The message of a failed order (SPEC §8): the server's refusal, else 'Erro ao salvar pedido'. */
export function orderErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MSG.erroSalvarPedido;
}

const isBlank = (values: object) => Object.values(values).every((v) => !v);

/**
 * /checkout (SPEC §2, §4 Checkout). Mode 0 reviews the bag; mode 1 goes
 * through the steps email, dadosPessoais (together 'Identificação'), entrega
 * and pagamento, beside the summary panel. The forms are prefilled from the
 * customer's profile. The last step creates the order (POST /pedido/create,
 * one Idempotency-Key per submission), clears the bag and shows the pending
 * order; a card order then opens the orders list after 2 s. An empty bag, or
 * one whose total is zero, sends the customer to /loja.
 */
export function CheckoutPage() {
  const { user } = useSession();
  const userId = user?.idUser ?? 0;
  const { items, subtotalCents, increment, decrement, remove, clear } = useCart();
  // The gift comes and goes with the quantities changed here too (SPEC §4 Gift).
  useGift(items, subtotalCents);
  const navigate = useNavigate();

  const [mode, setMode] = useState<0 | 1>(0);
  const [steps, dispatch] = useReducer(stepsReducer, undefined, initialSteps);
  const [metodo, setMetodo] = useState<TipoPagamento>('credit');
  const [recebedor, setRecebedor] = useState<RecebedorValues>(EMPTY_RECEBEDOR);
  const [freteId, setFreteId] = useState<number | null>(null);
  const [created, setCreated] = useState<{ pedido: Pedido; metodo: TipoPagamento } | null>(null);
  useDocumentTitle(mode === 0 && !created ? 'Minha sacola' : 'Finalizar compra');

  const emailForm = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: EMPTY_EMAIL,
  });
  const pessoaForm = useForm<PessoaValues>({ resolver: pessoaResolver, mode: 'all', defaultValues: EMPTY_PESSOA });
  const addressForm = useAddressForm();

  // Prefill once from the profile, leaving alone what the customer already typed.
  const perfil = useCheckoutPerfil(userId);
  const prefilled = useRef(false);
  useEffect(() => {
    if (!perfil.data || prefilled.current) return;
    prefilled.current = true;
    const values = prefillOf(perfil.data);
    if (isBlank(emailForm.getValues())) emailForm.reset(values.email);
    if (isBlank(pessoaForm.getValues())) pessoaForm.reset(values.pessoa);
    if (isBlank(addressForm.getValues())) addressForm.reset(addressValuesOf(perfil.data.endereco));
    setRecebedor((current) => (isBlank(current) ? values.recebedor : current));
  }, [perfil.data, emailForm, pessoaForm, addressForm]);

  // Freight: asked for once the delivery step is reached, again whenever the CEP changes (SPEC §4).
  const ships = cartNeedsShipping(items);
  const entrega = steps[2]!;
  const entregaReached = mode === 1 && (entrega.stepActive || entrega.checked !== null);
  const cep = digitsOnly(useWatch({ control: addressForm.control, name: 'cep' }) ?? '');
  const linhasFrete = useMemo(() => freteItems(items), [items]);
  const frete = useFrete(ships && entregaReached ? cep : '', linhasFrete);
  const [quotedCep, setQuotedCep] = useState(cep);
  if (quotedCep !== cep) {
    // Another CEP, other options: the choice is made again.
    setQuotedCep(cep);
    setFreteId(null);
  }
  const opcao = (ships && frete.data?.find((o) => o.id === freteId)) || null;
  const totals = cartOrderTotals(items, opcao?.custom_price ?? 0);

  const active = activeStep(steps);

  const create = useCreatePedido();
  const sending = useRef(false);

  // After the order: the bag is emptied; a card order opens the orders list 2 s later (SPEC §4).
  const ordersPath = `/orders/${userId}`;
  useEffect(() => {
    if (!created) return;
    clear();
    if (created.metodo !== 'credit') return;
    notifyInfo(MSG.acompanhePedido, CHECKOUT_TOAST);
    const timer = setTimeout(() => navigate(ordersPath), CARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, clear, navigate, ordersPath]);

  const ufs = useUfs();
  const address = useWatch({ control: addressForm.control }) as AddressValues;
  const cities = useMunicipios(entregaReached && address.uf ? Number(address.uf) : null);

  if (!created && (items.length === 0 || totals.itemsCents === 0)) return <Navigate to="/loja" replace />;

  const advance = (step: StepId, valid: boolean) => dispatch({ type: 'advance', step, valid });
  const edit = (step: StepId) => dispatch({ type: 'edit', step });
  const toBag = () => setMode(0);

  const submitEmail = emailForm.handleSubmit(
    () => advance('email', true),
    () => advance('email', false),
  );
  const submitPessoa = pessoaForm.handleSubmit(
    () => advance('dadosPessoais', true),
    () => advance('dadosPessoais', false),
  );
  const submitEntrega = addressForm.handleSubmit(
    () => advance('entrega', !ships || opcao !== null),
    () => advance('entrega', false),
  );

  const submitOrder = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Double-click safe: one submission at a time, none after the order exists.
    if (sending.current || created || create.isPending) return;
    if (ships && !opcao) {
      // The quote changed since the delivery step (another bag): choose again.
      notifyError(MSG.pedidoEntregaObrigatoria, CHECKOUT_TOAST);
      edit('entrega');
      return;
    }
    advance('pagamento', true);
    sending.current = true;
    const body = buildPedidoBody({
      clienteId: user?.idClient ?? 0,
      items,
      email: emailForm.getValues(),
      pessoa: pessoaForm.getValues(),
      recebedor,
      endereco: addressForm.getValues(),
      frete: opcao,
      metodo,
    });
    create.mutate(body, {
      onSuccess: (envelope) => {
        setCreated({ pedido: envelope.content, metodo });
        notifySuccess(MSG.pedidoCriado, CHECKOUT_TOAST);
      },
      onError: (error) => {
        // A 401/403 signs out with the session-expired dialog instead.
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
        notifyError(orderErrorMessage(error), CHECKOUT_TOAST);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  if (created) {
    return (
      <div className={styles.page}>
        <StepIndicator steps={HEADER_STEPS} current={HEADER_STEPS.length} label="Etapas da compra" />
        <OrderCreated pedido={created.pedido} ordersPath={ordersPath} redirecting={created.metodo === 'credit'} />
      </div>
    );
  }

  const summary = (
    <OrderSummary
      items={mode === 1 ? items : undefined}
      subtotalCents={totals.itemsCents}
      freightCents={ships ? (opcao?.custom_price ?? null) : 0}
      totalCents={totals.totalCents}
      ships={ships}
    >
      {mode === 0 && (
        <div className={styles.summaryActions}>
          <Button fullWidth size="lg" onClick={() => setMode(1)}>
            Finalizar compra
          </Button>
          <Button fullWidth variant="outline" onClick={() => navigate('/loja')}>
            Continuar comprando
          </Button>
        </div>
      )}
    </OrderSummary>
  );

  if (mode === 0) {
    return (
      <div className={styles.page}>
        <StepIndicator steps={HEADER_STEPS} current={0} label="Etapas da compra" />
        <h1 className={styles.pageTitle}>Minha sacola</h1>
        <div className={styles.layout}>
          <div className={styles.mainColumn}>
            <BagReview items={items} onIncrement={increment} onDecrement={decrement} onRemove={remove} />
          </div>
          <aside className={styles.aside}>{summary}</aside>
        </div>
      </div>
    );
  }

  const pessoa = pessoaForm.getValues();
  const company = pessoaKind(pessoa.documento) === 'cnpj';
  const uf = ufs.ufs.find((u) => String(u.id) === address.uf);
  const city = cities.municipios.find((m) => String(m.id) === address.municipio);
  const freteText = opcao
    ? `${opcao.name} (${opcao.company.name}), ${prazoText(opcao.delivery_range.max).toLowerCase()}`
    : null;

  return (
    <div className={styles.page}>
      <StepIndicator steps={HEADER_STEPS} current={headerIndex(active)} label="Etapas da compra" />
      <div className={styles.titleRow}>
        <h1 className={styles.pageTitle}>Finalizar compra</h1>
        <Button variant="ghost" size="sm" onClick={toBag}>
          <ArrowLeft size={18} aria-hidden="true" />
          Voltar para a sacola
        </Button>
      </div>
      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <StepCard
            number={1}
            title="E-mail"
            state={steps[0]!}
            onEdit={() => edit('email')}
            summary={[['E-mail', emailForm.getValues('email')]]}
          >
            <EmailStep form={emailForm} onSubmit={submitEmail} onBack={toBag} />
          </StepCard>
          <StepCard
            number={2}
            title="Dados pessoais"
            state={steps[1]!}
            onEdit={() => edit('dadosPessoais')}
            summary={
              company
                ? [
                    ['CNPJ', pessoa.documento],
                    ['Razão social', pessoa.razaoSocial],
                    ['Inscrição estadual', pessoa.inscricaoEstadual],
                    ['Celular', pessoa.telefone],
                  ]
                : [
                    ['CPF', pessoa.documento],
                    ['Nome', pessoa.nome],
                    ['Celular', pessoa.telefone],
                  ]
            }
          >
            <PersonalStep form={pessoaForm} onSubmit={submitPessoa} onBack={() => edit('email')} />
          </StepCard>
          <StepCard
            number={3}
            title="Entrega"
            state={entrega}
            onEdit={() => edit('entrega')}
            summary={[
              ['Recebedor', recebedor.recebedor],
              ['Telefone', recebedor.telefoneRecebedor],
              [
                'Endereço',
                [address.logradouro, address.numero, address.complemento].filter((v) => v?.trim()).join(', '),
                'wide',
              ],
              ['Bairro', address.bairro],
              ['Cidade', city ? `${city.nome}${uf ? ` - ${uf.sigla}` : ''}` : null],
              ['CEP', maskCep(address.cep ?? '')],
              ['Frete', ships ? freteText : 'Sem frete (produtos digitais)', 'wide'],
            ]}
          >
            <DeliveryStep
              addressForm={addressForm}
              recebedor={recebedor}
              onRecebedor={setRecebedor}
              ships={ships}
              frete={{
                enabled: frete.enabled,
                loading: frete.isPending && frete.fetchStatus !== 'idle',
                error: frete.isError,
                options: frete.data,
                retry: () => void frete.refetch(),
              }}
              freteId={freteId}
              onFrete={setFreteId}
              freteMissing={entrega.checked === false && ships && !opcao}
              onSubmit={submitEntrega}
              onBack={() => edit('dadosPessoais')}
            />
          </StepCard>
          <StepCard number={4} title="Pagamento" state={steps[3]!} onEdit={() => edit('pagamento')} summary={[]}>
            <PaymentStep
              metodo={metodo}
              onMetodo={setMetodo}
              totalCents={totals.totalCents}
              sending={create.isPending}
              onSubmit={submitOrder}
              onBack={() => edit('entrega')}
            />
          </StepCard>
        </div>
        <aside className={styles.aside}>{summary}</aside>
      </div>
    </div>
  );
}

export { CheckoutPage as Component };
