import { cartNeedsShipping } from '@clinica/shared/cart';
import { LIMITE_ENDERECOS } from '@clinica/shared/catalogo-enderecos';
import { digitsOnly, maskCep, maskTelefone } from '@clinica/shared/masks';
import { extrasCatalogoSchema, type EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { cartOrderTotals } from '@clinica/shared/order-total';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  addressValuesOf,
  EMPTY_ADDRESS,
  useAddressForm,
  type AddressValues,
} from '../../components/address/address-schema';
import { useMunicipios } from '../../components/address/api/municipios';
import { EMPTY_EXTRAS, toEnderecoCatalogoBody, useExtrasForm } from '../../components/address/address-book-form';
import { freteItems } from '../../components/freight/api/frete';
import { prazoText } from '../../components/freight/freight-options';
import { useUfs } from '../../components/address/api/ufs';
import { useInstallmentChoice } from '../../components/payment/installment-select';
import { useCardForm } from '../../components/payment/use-card-form';
import { Button, buttonClassName } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/page-head';
import { StepIndicator } from '../../components/ui/step-indicator';
import { notifyApiError, notifyError, notifySuccess } from '../../components/ui/toast';
import { CouponField } from '../../components/coupon/coupon-field';
import { useBagCoupon } from '../../lib/bag-coupon';
import { useCart } from '../../lib/cart-storage';
import { useCatalogoEnderecos, useEscreverCatalogo } from '../../lib/catalogo-enderecos';
import { useFreightCep } from '../../lib/freight-cep';
import { useCondicoesComerciais } from '../../lib/condicoes-comerciais';
import { descontoPixText, priceBaseOfOrder, priceForMethod } from '../../lib/payment/order-price';
import { useGift } from '../../lib/use-gift';
import { useProfissionaisSemCro } from '../../lib/use-cro';
import { useSession } from '../../lib/use-session';
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
import {
  activeStep,
  HEADER_STEPS,
  headerIndex,
  initialSteps,
  stepsReducer,
  type StepId,
  type StepState,
} from './checkout-steps';
import { CHECKOUT_TOAST } from './checkout-toast';
import styles from './checkout-page.module.css';
import { BagReview } from './components/bag-review';
import { DeliveryStep } from './components/delivery-step';
import type { EscolhaEndereco } from './components/saved-addresses';
import { EmailGiven, EmailStep, PersonalStep } from './components/identification-steps';
import { OrderCreated } from './components/order-created';
import { PaymentDialogs } from './components/payment-dialogs';
import { ContractSummary } from './components/contract-summary';
import { OrderSummary, summaryLinesOfCart, summaryLinesOfPedido } from './components/order-summary';
import { PaymentStep } from './components/payment-step';
import { StepCard } from './components/step-card';
import { buildPedidoBody } from './order-payload';
import { usePaymentFlow } from './use-payment-flow';

const isBlank = (values: object) => Object.values(values).every((v) => !v);

/** The recipient a saved address carries, or null when it has none. */
const recebedorDe = (endereco: EnderecoCatalogo | undefined): RecebedorValues | null =>
  endereco?.nomeRecebedor || endereco?.telefoneRecebedor
    ? {
        recebedor: endereco.nomeRecebedor ?? '',
        telefoneRecebedor: endereco.telefoneRecebedor ? maskTelefone(endereco.telefoneRecebedor) : '',
      }
    : null;

/**
 * /checkout. Mode 0 reviews the bag; mode 1 goes through the steps email,
 * dadosPessoais (together 'Identificação'), entrega and pagamento, beside the
 * summary panel. The forms are prefilled from the customer's profile. The
 * payment itself (the attempt's Idempotency-Key, the order's creation, a
 * refused card paid again, PIX, the payment notification, a lost answer) is
 * usePaymentFlow's; the page composes the steps around it. An empty bag, or
 * one whose total is zero, sends the customer to /loja.
 */
export function CheckoutPage() {
  const { user } = useSession();
  const userId = user?.idUser ?? 0;
  const { items, subtotalCents, increment, decrement, remove, clear } = useCart();
  // The gift comes and goes with the quantities changed here too (docs/behaviour/bag-and-checkout.md#gift).
  const coupon = useBagCoupon(items);
  useGift(items, subtotalCents, coupon.cupom?.acumulaBrinde === false);
  const navigate = useNavigate();

  const [mode, setMode] = useState<0 | 1>(0);
  const [steps, dispatch] = useReducer(stepsReducer, undefined, initialSteps);
  const perfil = useCheckoutPerfil(userId);
  // Professional-use products without a CRO in the profile (ADR 037): the bag review says so and waits for it.
  const semCro = useProfissionaisSemCro(items);
  const [recebedorTyped, setRecebedor] = useState<RecebedorValues | null>(null);
  const [freteId, setFreteId] = useState<number | null>(null);

  const emailForm = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: EMPTY_EMAIL,
  });
  const pessoaForm = useForm<PessoaValues>({ resolver: pessoaResolver, mode: 'all', defaultValues: EMPTY_PESSOA });
  const addressForm = useAddressForm();
  // The saved addresses (docs/behaviour/bag-and-checkout.md#saved-addresses): which one is chosen, or a new one, and
  // for a new one whether it goes into the book and under which name.
  const clientId = user?.idClient ?? 0;
  const catalogo = useCatalogoEnderecos(clientId, { retry: false });
  const escreverCatalogo = useEscreverCatalogo(clientId);
  const [escolha, setEscolha] = useState<EscolhaEndereco | null>(null);
  const extras = useExtrasForm();
  const [salvarNoCatalogo, setSalvarNoCatalogo] = useState(true);
  const card = useCardForm({ documentoPessoal: pessoaForm.getValues('documento') });

  const active = activeStep(steps);
  const regras = useCondicoesComerciais().data;
  const flow = usePaymentFlow({
    userId,
    atPaymentStep: mode === 1 && active === 'pagamento',
    tokenize: card.tokenize,
    orderBody: (metodo, cartao) =>
      buildPedidoBody({
        clienteId: user?.idClient ?? 0,
        items,
        email: emailForm.getValues(),
        pessoa: pessoaForm.getValues(),
        recebedor,
        endereco: addressForm.getValues(),
        frete: opcao,
        metodo,
        cartao,
        // The payment is sent only once the rules are known (submitOrder).
        regras: regras!,
        cupom: coupon.cupom,
        parcelamento: parcelamento.plan,
        bin: parcelamento.bin,
      }),
    email: () => emailForm.getValues('email'),
    cobranca: (order, metodo) => ({
      valor: priceForMethod(priceBaseOfOrder(order), metodo, regras!).total,
      parcelamento: parcelamento.plan,
      bin: parcelamento.bin,
    }),
    clearBag: clear,
  });
  const { pedido, created } = flow;
  useDocumentTitle(mode === 0 && !created ? 'Minha sacola' : 'Finalizar compra');
  // Another screen (the bag, the steps, the order made) opens at the top: on a phone 'Finalizar compra' is far down.
  // (A block body: Chromium's scrollTo returns a promise, which an effect must not return.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [mode, created]);

  // Prefill once from the profile, leaving alone what the customer already typed. A customer without an address of
  // their own (or whose profile did not load) gets the CEP of their last freight quote (lib/freight-cep.ts): the
  // address block looks it up when it appears. A saved address wins over a quote: it is whole and it is theirs.
  const rememberedCep = useFreightCep();
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || (!perfil.data && !perfil.isError)) return;
    prefilled.current = true;
    const endereco = perfil.data?.endereco ?? null;
    if (perfil.data) {
      const values = prefillOf(perfil.data);
      if (isBlank(emailForm.getValues())) emailForm.reset(values.email);
      if (isBlank(pessoaForm.getValues())) pessoaForm.reset(values.pessoa);
    }
    if (isBlank(addressForm.getValues())) {
      if (endereco) addressForm.reset(addressValuesOf(endereco));
      else if (rememberedCep) addressForm.reset({ ...EMPTY_ADDRESS, cep: maskCep(rememberedCep) });
    }
  }, [perfil.data, perfil.isError, rememberedCep, emailForm, pessoaForm, addressForm]);

  // A customer with saved addresses starts on the default card, until they choose another or a new address.
  const salvos = catalogo.data?.enderecos;
  const padrao = salvos?.find((e) => e.padrao) ?? salvos?.[0];
  const enderecoId = escolha ?? padrao?.id ?? null;
  const enderecoEscolhido = typeof enderecoId === 'number' ? salvos?.find((e) => e.id === enderecoId) : undefined;
  // Who receives: what the customer typed, else the chosen address's, else the profile's.
  const recebedor =
    recebedorTyped ??
    recebedorDe(enderecoEscolhido) ??
    (perfil.data ? prefillOf(perfil.data).recebedor : EMPTY_RECEBEDOR);
  const preEscolhido = useRef(false);
  useEffect(() => {
    if (preEscolhido.current || !padrao) return;
    preEscolhido.current = true;
    addressForm.reset(addressValuesOf(padrao));
  }, [padrao, addressForm]);
  const escolher = (endereco: EnderecoCatalogo | 'novo') => {
    setRecebedor(null);
    if (endereco === 'novo') {
      setEscolha('novo');
      addressForm.reset(EMPTY_ADDRESS);
      extras.reset(EMPTY_EXTRAS);
      return;
    }
    setEscolha(endereco.id);
    addressForm.reset(addressValuesOf(endereco));
  };

  // Freight: asked for once the delivery step is reached, again whenever the CEP changes (docs/behaviour/bag-and-checkout.md#freight).
  // Once the order exists the bag is empty: what ships is the order's.
  const ships = pedido
    ? pedido.enderecoEntrega !== null && pedido.produtos.some((p) => !p.digital && !p.brinde)
    : cartNeedsShipping(items);
  const entrega = steps[2]!;
  const entregaReached = mode === 1 && (entrega.stepActive || entrega.checked !== null);
  const cep = digitsOnly(useWatch({ control: addressForm.control, name: 'cep' }) ?? '');
  const linhasFrete = useMemo(() => freteItems(items), [items]);
  const frete = useFrete(ships && entregaReached ? cep : '', linhasFrete, subtotalCents - coupon.descontoCents);
  const [quotedCep, setQuotedCep] = useState(cep);
  if (quotedCep !== cep) {
    // Another CEP, other options: the choice is made again.
    setQuotedCep(cep);
    setFreteId(null);
  }
  const opcao = (ships && frete.data?.find((o) => o.id === freteId)) || null;
  const totals = cartOrderTotals(items, opcao?.custom_price ?? 0);
  // What the order costs by each method (the PIX discount by PIX: docs/behaviour/payments.md#pix-discount); once
  // the order exists, its own products and freight.
  const base = pedido
    ? priceBaseOfOrder(pedido)
    : { itens: totals.itemsCents, frete: totals.freightCents, cupom: coupon.cupom, freteGratis: opcao?.freteGratis };
  const preco = regras ? priceForMethod(base, flow.metodo, regras) : null;
  const precoCartao = regras ? priceForMethod(base, 'credit', regras).total : 0;
  const cardCheck = card.check;
  const parcelamento = useInstallmentChoice(
    precoCartao,
    cardCheck.state === 'accepted' ? cardCheck.bin : null,
    mode === 1 && active === 'pagamento',
  );
  const descontoPix = preco && regras && preco.descontoPix > 0 ? descontoPixText(regras, preco.descontoPix) : null;

  // A company (CNPJ) reaching the payment step finds boleto chosen when the rules say so, once: the customer may
  // still choose another method (docs/behaviour/bag-and-checkout.md#steps).
  const boletoEscolhido = useRef(false);
  const atPagamento = mode === 1 && active === 'pagamento';
  const { changeMetodo } = flow;
  useEffect(() => {
    if (boletoEscolhido.current || !atPagamento || !regras || pedido) return;
    boletoEscolhido.current = true;
    const cnpj = pessoaKind(pessoaForm.getValues('documento')) === 'cnpj';
    if (cnpj && regras.boleto.ativo && regras.boleto.preSelecionadoEmpresa) changeMetodo('boleto');
  }, [atPagamento, regras, pedido, pessoaForm, changeMetodo]);

  const ufs = useUfs();
  const address = useWatch({ control: addressForm.control }) as AddressValues;
  const cities = useMunicipios(entregaReached && address.uf ? Number(address.uf) : null);

  if (!pedido && !created && !flow.resolving && (items.length === 0 || totals.itemsCents === 0)) {
    return <Navigate to="/loja" replace />;
  }

  const advance = (step: StepId, valid: boolean) => dispatch({ type: 'advance', step, valid });
  // Once the order exists its bag, address and freight are fixed: only the payment is tried again.
  const edit = (step: StepId) => {
    if (!pedido) dispatch({ type: 'edit', step });
  };
  const toBag = () => setMode(0);

  const submitEmail = emailForm.handleSubmit(
    () => advance('email', true),
    () => advance('email', false),
  );
  const submitPessoa = pessoaForm.handleSubmit(
    () => advance('dadosPessoais', true),
    () => advance('dadosPessoais', false),
  );
  const salvando = escreverCatalogo.isPending;
  const catalogoCheio = (salvos?.length ?? 0) >= LIMITE_ENDERECOS;
  const submitEntrega = addressForm.handleSubmit(
    async () => {
      const valid = !ships || opcao !== null;
      if (valid && enderecoId === 'novo' && salvarNoCatalogo && !catalogoCheio) {
        const nome = extrasCatalogoSchema.shape.nome.safeParse(extras.getValues('nome'));
        if (!nome.success) {
          extras.setError('nome', { message: nome.error.issues[0]?.message }, { shouldFocus: true });
          return;
        }
        await salvarEndereco();
      }
      advance('entrega', valid);
    },
    () => advance('entrega', false),
  );

  /**
   * A new address with 'Salvar no meu catálogo de endereços' goes into the book, with the step's recipient, and
   * becomes the chosen card. A refusal (the book filled up meanwhile) says why; the order goes on with the address.
   */
  async function salvarEndereco() {
    const telefone = digitsOnly(recebedor.telefoneRecebedor);
    try {
      const envelope = await escreverCatalogo.mutateAsync({
        tipo: 'criar',
        body: toEnderecoCatalogoBody(addressForm.getValues(), {
          nome: extras.getValues('nome'),
          nomeRecebedor: recebedor.recebedor,
          telefoneRecebedor: telefone.length === 10 || telefone.length === 11 ? telefone : '',
        }),
      });
      notifySuccess(envelope.message, CHECKOUT_TOAST);
      if ('id' in envelope.content) setEscolha(envelope.content.id);
    } catch (error) {
      notifyApiError(error, undefined, CHECKOUT_TOAST);
    }
  }

  const submitOrder = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    flow.submit(() => {
      // The price by the method chosen needs the commercial rules (a moment after the page opens).
      if (!regras) return false;
      if (!pedido && ships && !opcao) {
        // The quote changed since the delivery step (another bag): choose again.
        notifyError(MSG.pedidoEntregaObrigatoria, CHECKOUT_TOAST);
        edit('entrega');
        return false;
      }
      advance('pagamento', true);
      return true;
    });
  };
  const dialogs = <PaymentDialogs flow={flow} />;

  if (created) {
    return (
      <div className={styles.page}>
        <StepIndicator steps={HEADER_STEPS} current={HEADER_STEPS.length} label="Etapas da compra" />
        <OrderCreated pedido={created.pedido} ordersPath={flow.ordersPath} status={created.status} />
        {dialogs}
      </div>
    );
  }

  const summary = (
    <OrderSummary
      items={mode === 1 ? (pedido ? summaryLinesOfPedido(pedido) : summaryLinesOfCart(items)) : undefined}
      subtotalCents={pedido ? pedido.valorProdutos : totals.itemsCents}
      freightCents={pedido ? pedido.valorFrete : ships ? (opcao?.custom_price ?? null) : 0}
      descontoPix={mode === 1 ? descontoPix : null}
      cupom={
        pedido
          ? pedido.cupom
          : coupon.cupom && coupon.descontoCents > 0
            ? { codigo: coupon.cupom.codigo, desconto: coupon.descontoCents }
            : null
      }
      freteGratis={pedido ? pedido.freteGratis : (opcao?.freteGratis ?? false)}
      totalCents={mode === 1 && preco ? preco.total : pedido ? pedido.valorTotal : totals.totalCents}
      ships={ships}
    >
      {!pedido && <CouponField coupon={coupon} />}
      {mode === 0 && (
        <div className={styles.summaryActions}>
          <Button fullWidth size="lg" onClick={() => setMode(1)} disabled={semCro.length > 0}>
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
            {semCro.length > 0 && (
              <p className={styles.croNotice} role="alert" data-testid="checkout-sem-cro">
                <ShieldAlert size={18} aria-hidden="true" />
                <span>{MSG_ANVISA.sacolaSemCro.replace('{itens}', semCro.join(', '))}</span>
                <Link to={`/user/${userId}`} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
                  {MSG_ANVISA.irParaPerfil}
                </Link>
              </p>
            )}
            <BagReview items={items} onIncrement={increment} onDecrement={decrement} onRemove={remove} />
          </div>
          <aside className={styles.aside}>{summary}</aside>
        </div>
      </div>
    );
  }

  const pessoa = pessoaForm.getValues();
  const company = pessoaKind(pessoa.documento) === 'cnpj';
  // E-mail and personal data are the bar's 'Identificação': one card, open while either is, done when both are.
  const [emailStep, pessoaStep] = [steps[0]!, steps[1]!];
  const identificacao: StepState = {
    step: pessoaStep.stepActive ? 'dadosPessoais' : 'email',
    stepActive: emailStep.stepActive || pessoaStep.stepActive,
    checked:
      emailStep.checked === false || pessoaStep.checked === false
        ? false
        : emailStep.checked === true && pessoaStep.checked === true
          ? true
          : null,
  };
  const uf = ufs.ufs.find((u) => String(u.id) === address.uf);
  const city = cities.municipios.find((m) => String(m.id) === address.municipio);
  // Once the order exists its delivery is the order's (the bag has emptied and the quote with it): the screen behind
  // a PIX confirmation shows what will be delivered, never 'Sem frete' for a physical order.
  const escolhido = pedido?.entrega
    ? {
        nome: pedido.entrega.name ?? 'Frete',
        transportadora: pedido.entrega.transportadora,
        dias: pedido.entrega.tempoEntrega,
      }
    : opcao
      ? { nome: opcao.name, transportadora: opcao.company.name, dias: opcao.delivery_range.max }
      : null;
  const freteText = escolhido
    ? [
        `${escolhido.nome}${escolhido.transportadora ? ` (${escolhido.transportadora})` : ''}`,
        escolhido.dias !== null && prazoText(escolhido.dias).toLowerCase(),
      ]
        .filter(Boolean)
        .join(', ')
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
            number={2}
            title="Identificação"
            id="identificacao"
            first
            state={identificacao}
            part={emailStep.stepActive ? 'email' : 'dadosPessoais'}
            onEdit={() => edit('dadosPessoais')}
            summary={[
              ['E-mail', emailForm.getValues('email'), 'wide'],
              ...((company
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
                  ]) as Array<[string, string]>),
            ]}
          >
            {emailStep.stepActive ? (
              <EmailStep form={emailForm} onSubmit={submitEmail} onBack={toBag} />
            ) : (
              <div className={styles.parts}>
                <EmailGiven email={emailForm.getValues('email')} onEdit={() => edit('email')} />
                <PersonalStep form={pessoaForm} onSubmit={submitPessoa} onBack={() => edit('email')} />
              </div>
            )}
          </StepCard>
          <StepCard
            number={3}
            title="Entrega"
            id="entrega"
            state={entrega}
            onEdit={() => edit('entrega')}
            summary={[
              ['Local', enderecoEscolhido?.nome ?? null],
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
              onSubmit={(e) => void submitEntrega(e)}
              onBack={() => edit('dadosPessoais')}
              catalogo={
                salvos
                  ? {
                      enderecos: salvos,
                      escolha: enderecoId,
                      onEscolha: escolher,
                      disabled: salvando,
                      extras,
                      salvar: salvarNoCatalogo,
                      onSalvar: setSalvarNoCatalogo,
                      cheio: catalogoCheio ? LIMITE_ENDERECOS : null,
                    }
                  : null
              }
            />
          </StepCard>
          <StepCard
            number={4}
            title="Pagamento"
            id="pagamento"
            state={steps[3]!}
            onEdit={() => edit('pagamento')}
            summary={[]}
          >
            <PaymentStep
              metodo={flow.metodo}
              onMetodo={flow.changeMetodo}
              card={card}
              pix={flow.pix}
              boletoRegra={
                regras?.boleto.ativo
                  ? {
                      diasUteis: regras.boleto.diasUteis,
                      diasTolerancia: regras.boleto.diasTolerancia,
                      empresa: company && regras.boleto.preSelecionadoEmpresa,
                    }
                  : null
              }
              boleto={flow.boleto}
              totalCents={preco?.total ?? (pedido ? pedido.valorTotal : totals.totalCents)}
              parcelamento={parcelamento}
              descontoPix={descontoPix}
              sending={flow.sending}
              pedidoId={pedido?.id ?? null}
              onSubmit={submitOrder}
              onBack={pedido ? undefined : () => edit('entrega')}
              contrato={
                pedido ? null : (
                  <ContractSummary
                    lines={summaryLinesOfCart(items)}
                    subtotalCents={totals.itemsCents}
                    cupom={
                      coupon.cupom && coupon.descontoCents > 0
                        ? { codigo: coupon.cupom.codigo, desconto: coupon.descontoCents }
                        : null
                    }
                    descontoPix={flow.metodo === 'pix' ? (descontoPix ?? null) : null}
                    ships={ships}
                    freightCents={ships ? (opcao?.custom_price ?? null) : 0}
                    freteGratis={opcao?.freteGratis ?? false}
                    totalCents={preco?.total ?? totals.totalCents}
                    metodo={flow.metodo}
                    parcelamento={parcelamento}
                    entrega={
                      ships
                        ? {
                            frete: freteText,
                            endereco: [
                              [address.logradouro, address.numero, address.complemento]
                                .filter((v) => v?.trim())
                                .join(', '),
                              address.bairro,
                              city ? `${city.nome}${uf ? ` - ${uf.sigla}` : ''}` : null,
                              address.cep ? `CEP ${maskCep(address.cep)}` : null,
                            ]
                              .filter(Boolean)
                              .join(' · '),
                          }
                        : null
                    }
                    onEditItems={toBag}
                    onEditDados={() => edit('dadosPessoais')}
                    onEditEntrega={() => edit('entrega')}
                  />
                )
              }
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
