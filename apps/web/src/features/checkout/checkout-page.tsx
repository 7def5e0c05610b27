import { cartNeedsShipping } from '@clinica/shared/cart';
import { digitsOnly, maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { cartOrderTotals } from '@clinica/shared/order-total';
import type { Pedido, TipoPagamento } from '@clinica/shared/schemas/pedido';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { fromCents } from '@clinica/shared/money';
import type { ProcessarPagamentoResposta } from '@clinica/shared/schemas/pagamento';
import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { addressValuesOf, useAddressForm, type AddressValues } from '../../components/address/address-schema';
import { useMunicipios } from '../../components/address/api/municipios';
import { useUfs } from '../../components/address/api/ufs';
import { pixChargeOf, type PixCharge } from '../../components/payment/pix-code';
import { PixDialog } from '../../components/payment/pix-dialog';
import { useCardForm } from '../../components/payment/use-card-form';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/page-head';
import { ResultDialog } from '../../components/ui/result-dialog';
import { StepIndicator } from '../../components/ui/step-indicator';
import { notifyError, notifyInfo, notifySuccess } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { takeOrderOutOfBag } from '../../lib/bag-sync';
import { useCart } from '../../lib/cart-storage';
import { currentAttempt, ensureAttempt, forgetAttempt, markAttemptSent } from '../../lib/checkout-attempt';
import { useProcessarPagamento } from '../../lib/payment/api';
import { PaymentError, type CartaoTokenizado } from '../../lib/payment/card';
import { useOnNotificacao } from '../../lib/realtime';
import { useGift } from '../../lib/use-gift';
import { useSession } from '../../lib/use-session';
import { fetchPedido, fetchPedidoDaTentativa, useCreatePedido } from './api/create-pedido';
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
import { OrderSummary, summaryLinesOfCart, summaryLinesOfPedido } from './components/order-summary';
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

/** The message of a failed payment attempt on an existing order: the server's refusal, else the §8 fallback. */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof PaymentError) return error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MSG.erroProcessarPagamento;
}

/** The key of the user's checkout attempt whose creation was sent (an order may exist for it), if any. */
function sentAttemptKey(userId: number): string | null {
  const attempt = userId > 0 ? currentAttempt(userId) : null;
  return attempt?.sent ? attempt.key : null;
}

/** Card statuses that end an attempt without the money (the customer may try again). */
const RECUSADOS = new Set(['rejected', 'cancelled', 'refunded', 'charged_back']);
/** Statuses still on their way: neither a success nor a failure to show. */
const EM_ANDAMENTO = new Set(['pending', 'in_process', 'in_mediation', 'authorized']);

/** What an attempt answered: the card's status, or the PIX charge to pay. */
interface Attempt {
  status: string;
  pix: { qrCode: string; qrCodeBase64: string; validadeSegundos: number } | null;
}
const attemptOfPedido = (pedido: Pedido): Attempt => ({
  status: pedido.pagamento?.status ?? 'pending',
  pix: pedido.pix,
});
const attemptOfProcessar = (resposta: ProcessarPagamentoResposta): Attempt => ({
  status: resposta.status,
  pix: resposta.pixPaymentResponse,
});

const isBlank = (values: object) => Object.values(values).every((v) => !v);

/**
 * /checkout (SPEC §2, §4 Checkout). Mode 0 reviews the bag; mode 1 goes
 * through the steps email, dadosPessoais (together 'Identificação'), entrega
 * and pagamento, beside the summary panel. The forms are prefilled from the
 * customer's profile. The last step tokenizes the card in the browser (only
 * the token goes on) and creates the order, which charges it (POST
 * /pedido/create, one Idempotency-Key per submission). A card that goes
 * through empties the bag and opens the orders list after 2 s; a refused one
 * shows 'Erro!' and the same order is paid again (POST /pagamento/processar,
 * origem checkout). PIX shows the QR code (panel and dialog, 10 minutes); the
 * payment notification of the order opens the success dialog and empties the
 * bag. An empty bag, or one whose total is zero, sends the customer to /loja.
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
  // The order of this checkout, once created (a refused card or an expired PIX pays it again).
  const [pedido, setPedido] = useState<Pedido | null>(null);
  // A card attempt that went through (approved or on its way): the order screen, then the orders list.
  const [created, setCreated] = useState<{ pedido: Pedido; status: string } | null>(null);
  const [pix, setPix] = useState<PixCharge | null>(null);
  const [pixOpen, setPixOpen] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; message: string } | null>(null);
  const [sendingPayment, setSendingPayment] = useState(false);
  // The key of a creation sent without an answer (a reload, a closed tab): its order is looked for first.
  const [resolving, setResolving] = useState<string | null>(() => sentAttemptKey(userId));
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
  // Once the order exists the bag is empty: what ships is the order's.
  const ships = pedido
    ? pedido.enderecoEntrega !== null && pedido.produtos.some((p) => !p.digital && !p.brinde)
    : cartNeedsShipping(items);
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

  // The checkout attempt begins when the payment step opens (ADR 010).
  const paying = mode === 1 && active === 'pagamento' && !pedido;
  useEffect(() => {
    if (paying && userId > 0) ensureAttempt(userId);
  }, [paying, userId]);

  /** The attempt's order is known: the next purchase is another attempt. */
  const orderKnown = (order: Pedido, key: string) => {
    forgetAttempt(userId, key);
    setPedido(order);
  };
  // Its items leave the bag once the page shows the order (a bag emptied before would send the page to /loja).
  useEffect(() => {
    if (pedido) takeOrderOutOfBag(userId, pedido);
  }, [pedido, userId]);

  const create = useCreatePedido();
  const processar = useProcessarPagamento();
  const sending = useRef(false);
  const card = useCardForm({ documentoPessoal: pessoaForm.getValues('documento') });

  // After a card payment: the bag is emptied and the orders list opens 2 s later (SPEC §4).
  const ordersPath = `/orders/${userId}`;
  useEffect(() => {
    if (!created) return;
    clear();
    notifyInfo(MSG.acompanhePedido, CHECKOUT_TOAST);
    const timer = setTimeout(() => navigate(ordersPath), CARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, clear, navigate, ordersPath]);

  // A payment notification of this order (SPEC §4): approved → success dialog, PIX result and bag cleared;
  // a refusal → the error dialog. Statuses still on their way say nothing. The notice of a new order while a
  // creation went unanswered: it may be this attempt's (ADR 010), which is then looked for.
  useOnNotificacao((n) => {
    // While the creation is on its way its own answer brings the order.
    const sent =
      !pedido && !created && !sending.current && n.statusPayment === 'pending' ? sentAttemptKey(userId) : null;
    if (sent) {
      setResolving(sent);
      return;
    }
    if (!pedido || n.idPedido !== pedido.id || created) return;
    if (n.statusPayment === 'approved') {
      setPix(null);
      setPixOpen(false);
      clear();
      setResult({ type: 'success', message: n.message || MSG.pagamentoProcessado });
    } else if (!EM_ANDAMENTO.has(n.statusPayment)) {
      setResult({ type: 'error', message: n.message || MSG.erroProcessarPagamento });
    }
  });

  // A creation sent without an answer (a reload, a closed tab, the notice of a new order): its order, if the
  // attempt made one, is shown as made, never made again. A PIX still payable opens; any other order shows its
  // status and the orders list opens, where it is paid again when it takes a payment.
  useEffect(() => {
    if (!resolving) return;
    const controller = new AbortController();
    fetchPedidoDaTentativa(resolving, controller.signal)
      .then((order) => {
        orderKnown(order, resolving);
        if (order.pix) {
          setMetodo('pix');
          setPix(pixChargeOf(order.pix));
          setPixOpen(true);
        } else {
          setCreated({ pedido: order, status: order.pagamento?.status ?? 'pending' });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setResolving(null);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resolving]);

  const ufs = useUfs();
  const address = useWatch({ control: addressForm.control }) as AddressValues;
  const cities = useMunicipios(entregaReached && address.uf ? Number(address.uf) : null);

  if (!pedido && !created && !resolving && (items.length === 0 || totals.itemsCents === 0)) {
    return <Navigate to="/loja" replace />;
  }

  const advance = (step: StepId, valid: boolean) => dispatch({ type: 'advance', step, valid });
  // Once the order exists its bag, address and freight are fixed: only the payment is tried again.
  const edit = (step: StepId) => {
    if (!pedido) dispatch({ type: 'edit', step });
  };
  const toBag = () => setMode(0);

  const changeMetodo = (next: TipoPagamento) => {
    // Back to the card: the PIX result goes (SPEC §4).
    if (next === 'credit') {
      setPix(null);
      setPixOpen(false);
    }
    setMetodo(next);
  };

  const handleAttempt = (order: Pedido, attempt: Attempt) => {
    if (metodo === 'pix') {
      if (!attempt.pix) {
        setResult({ type: 'error', message: MSG.erroProcessarPagamento });
        return;
      }
      setPix(pixChargeOf(attempt.pix));
      setPixOpen(true);
      notifySuccess(MSG.pixGerado, CHECKOUT_TOAST);
      return;
    }
    if (RECUSADOS.has(attempt.status)) {
      // Refused: the error dialog; the same order is paid again with another attempt.
      setResult({ type: 'error', message: MSG.pagamentoRecusado });
      return;
    }
    if (attempt.status === 'approved') notifySuccess(MSG.pagamentoProcessado, CHECKOUT_TOAST);
    else notifyInfo(MSG.pagamentoEmAnalise, CHECKOUT_TOAST);
    setCreated({ pedido: order, status: attempt.status });
  };

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
    // Double-click safe: one submission at a time, none after the payment went through.
    if (sending.current || created) return;
    if (!pedido && ships && !opcao) {
      // The quote changed since the delivery step (another bag): choose again.
      notifyError(MSG.pedidoEntregaObrigatoria, CHECKOUT_TOAST);
      edit('entrega');
      return;
    }
    advance('pagamento', true);
    sending.current = true;
    setSendingPayment(true);
    void pay().finally(() => {
      sending.current = false;
      setSendingPayment(false);
    });
  };

  /** Tokenizes the card (credit), then creates the order, or pays the existing one again (SPEC §4, §7). */
  const pay = async () => {
    let cartao: CartaoTokenizado | null = null;
    try {
      if (metodo === 'credit') cartao = await card.tokenize();
    } catch (error) {
      notifyError(paymentErrorMessage(error), CHECKOUT_TOAST);
      return;
    }
    const emailValue = emailForm.getValues('email').trim().toLowerCase();
    try {
      if (pedido) {
        let resposta: ProcessarPagamentoResposta;
        try {
          resposta = await processar.mutateAsync({
            idPedido: pedido.id,
            tipoPagamento: metodo,
            token: cartao?.token ?? null,
            paymentMethodId: metodo === 'pix' ? 'pix' : (cartao?.paymentMethodId ?? null),
            valor: fromCents(pedido.valorTotal),
            email: emailValue,
            origem: 'checkout',
          });
        } catch (error) {
          // A refusal may mean the previous attempt went through after all (its answer lost): the order says.
          if (!isApiError(error) || error.status !== 409) throw error;
          const atual = await fetchPedido(pedido.id);
          if (atual.situacaoPedido !== 'PAGO') throw error;
          setPedido(atual);
          handleAttempt(atual, { status: 'approved', pix: null });
          return;
        }
        handleAttempt(pedido, attemptOfProcessar(resposta));
        return;
      }
      const body = buildPedidoBody({
        clienteId: user?.idClient ?? 0,
        items,
        email: emailForm.getValues(),
        pessoa: pessoaForm.getValues(),
        recebedor,
        endereco: addressForm.getValues(),
        frete: opcao,
        metodo,
        cartao,
      });
      const { key } = ensureAttempt(userId);
      markAttemptSent(userId);
      let order: Pedido;
      try {
        order = (await create.mutateAsync({ body, key })).content;
      } catch (error) {
        // The attempt made its order already (an answer lost, then the bag changed): that order is the one.
        if (!(isApiError(error) && error.status === 422 && error.message === MSG.idempotenciaOutroCorpo)) throw error;
        order = await fetchPedidoDaTentativa(key);
      }
      orderKnown(order, key);
      notifySuccess(MSG.pedidoCriado, CHECKOUT_TOAST);
      handleAttempt(order, attemptOfPedido(order));
    } catch (error) {
      // A 401/403 signs out with the session-expired dialog instead.
      if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
      notifyError(pedido ? paymentErrorMessage(error) : orderErrorMessage(error), CHECKOUT_TOAST);
    }
  };

  const closeResult = () => {
    const success = result?.type === 'success';
    setResult(null);
    if (success) navigate(ordersPath);
  };
  const dialogs = (
    <>
      <PixDialog open={pixOpen} pix={pix} route={ordersPath} toastOptions={CHECKOUT_TOAST} />
      <ResultDialog
        open={result !== null}
        type={result?.type ?? 'error'}
        message={result?.message ?? ''}
        onClose={closeResult}
      />
    </>
  );

  if (created) {
    return (
      <div className={styles.page}>
        <StepIndicator steps={HEADER_STEPS} current={HEADER_STEPS.length} label="Etapas da compra" />
        <OrderCreated pedido={created.pedido} ordersPath={ordersPath} redirecting status={created.status} />
        {dialogs}
      </div>
    );
  }

  const summary = (
    <OrderSummary
      items={mode === 1 ? (pedido ? summaryLinesOfPedido(pedido) : summaryLinesOfCart(items)) : undefined}
      subtotalCents={pedido ? pedido.valorProdutos : totals.itemsCents}
      freightCents={pedido ? pedido.valorFrete : ships ? (opcao?.custom_price ?? null) : 0}
      totalCents={pedido ? pedido.valorTotal : totals.totalCents}
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
        {!pedido && (
          <Button variant="ghost" size="sm" onClick={toBag}>
            <ArrowLeft size={18} aria-hidden="true" />
            Voltar para a sacola
          </Button>
        )}
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
              onMetodo={changeMetodo}
              card={card}
              pix={pix}
              totalCents={pedido ? pedido.valorTotal : totals.totalCents}
              sending={sendingPayment}
              pedidoId={pedido?.id ?? null}
              onSubmit={submitOrder}
              onBack={pedido ? undefined : () => edit('entrega')}
            />
          </StepCard>
        </div>
        <aside className={styles.aside}>{summary}</aside>
      </div>
      {dialogs}
    </div>
  );
}

export { CheckoutPage as Component };
