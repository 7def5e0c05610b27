import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import type { BoletoPagamento } from '@clinica/shared/schemas/boleto';
import { fromCents, type Cents } from '@clinica/shared/money';
import type { ProcessarPagamentoResposta } from '@clinica/shared/schemas/pagamento';
import type { Pedido, PedidoCreateBody, TipoPagamento } from '@clinica/shared/schemas/pedido';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BoletoOnScreen } from '../../components/payment/boleto-panel';
import { pixChargeOf, type PixCharge } from '../../components/payment/pix-code';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { takeOrderOutOfBag } from '../../lib/bag-sync';
import { currentAttempt, ensureAttempt, forgetAttempt, markAttemptSent } from '../../lib/checkout-attempt';
import { useProcessarPagamento } from '../../lib/payment/api';
import { PaymentError, type CartaoTokenizado } from '../../lib/payment/card';
import { planOnWire } from '../../lib/payment/order-price';
import { useOnNotificacao } from '../../lib/realtime';
import { fetchPedido, fetchPedidoDaTentativa, useCreatePedido } from './api/create-pedido';
import { CHECKOUT_TOAST } from './checkout-toast';

/** The message of a failed order: the server's refusal, else 'Erro ao salvar pedido'. */
function orderErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MSG.erroSalvarPedido;
}

/** The message of a failed payment attempt on an existing order: the server's refusal, else the fallback. */
function paymentErrorMessage(error: unknown): string {
  if (error instanceof PaymentError) return error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MSG.erroProcessarPagamento;
}

/** The key of the user's checkout attempt whose creation was sent (an order may exist for it), if any. */
function sentAttemptKey(userId: number): string | null {
  const attempt = userId > 0 ? currentAttempt(userId) : null;
  return attempt?.sent ? attempt.key : null;
}

/**
 * A refused card at checkout: the refusal and, in the same message, that the order exists and waits for its payment
 * (docs/behaviour/bag-and-checkout.md#order-creation).
 */
const recusaNoCheckout = (pedidoId: number) =>
  `${MSG.pagamentoRecusado} ${MSG.pedidoAguardaPagamento.replace('{id}', String(pedidoId))}`;

/** Card statuses that end an attempt without the money (the customer may try again). */
const RECUSADOS = new Set(['rejected', 'cancelled', 'refunded', 'charged_back']);
/** Statuses still on their way: neither a success nor a failure to show. */
const EM_ANDAMENTO = new Set(['pending', 'in_process', 'in_mediation', 'authorized']);

/** What an attempt answered: the card's status, the PIX charge or the boleto to pay. */
interface Attempt {
  status: string;
  pix: { qrCode: string; qrCodeBase64: string; validadeSegundos: number } | null;
  boleto: (BoletoPagamento & { idPagamento: number; valor: Cents }) | null;
}
const attemptOfPedido = (pedido: Pedido): Attempt => ({
  status: pedido.pagamento?.status ?? 'pending',
  pix: pedido.pix,
  boleto: pedido.boleto ? { ...pedido.boleto, valor: pedido.pagamento?.valor ?? pedido.valorTotal } : null,
});
const attemptOfProcessar = (resposta: ProcessarPagamentoResposta): Attempt => ({
  status: resposta.status,
  pix: resposta.pixPaymentResponse,
  boleto: resposta.boleto ? { ...resposta.boleto, idPagamento: resposta.idPagamento, valor: resposta.valor } : null,
});

export interface PaymentFlowOptions {
  userId: number;
  /** The checkout shows its payment step: the attempt begins (ADR 010). */
  atPaymentStep: boolean;
  /** Tokenizes the card in the browser (only the token goes on). */
  tokenize: () => Promise<CartaoTokenizado>;
  /** The creation's body, from the steps' forms, for this method and card. */
  orderBody: (metodo: TipoPagamento, cartao: CartaoTokenizado | null) => PedidoCreateBody;
  /** The e-mail of the personal data (a payment of the existing order names it). */
  email: () => string;
  /**
   * What a payment of the existing order sends for `metodo`: the order's amount by that method (the PIX discount by
   * PIX only) and, by card, the installments chosen and the card's BIN.
   */
  cobranca: (
    order: Pedido,
    metodo: TipoPagamento,
  ) => { valor: Cents; parcelamento: InstallmentPlan | null; bin: string | null };
  /** Empties the bag (a payment went through). */
  clearBag: () => void;
}

export type ResultMessage = { type: 'success' | 'error'; message: string };

/**
 * The payment of a checkout: the attempt key (lib/checkout-attempt.ts, ADR
 * 010) made when the payment step opens and sent with every creation; the
 * creation that charges the card or makes the PIX (POST /pedido/create), or,
 * once the order exists (a refused card, an expired PIX), another payment of
 * the same order (POST /pagamento/processar, origem checkout); the realtime
 * notification of the order's payment (ADR 012); and the recovery of a
 * creation whose answer was lost (GET /pedido/tentativa/{chave}): the order it
 * made is shown, never made again.
 */
export function usePaymentFlow({
  userId,
  atPaymentStep,
  tokenize,
  orderBody,
  email,
  cobranca,
  clearBag,
}: PaymentFlowOptions) {
  const navigate = useNavigate();
  const [metodo, setMetodo] = useState<TipoPagamento>('credit');
  // The order of this checkout, once created (a refused card or an expired PIX pays it again).
  const [pedido, setPedido] = useState<Pedido | null>(null);
  // A card attempt that went through (approved or on its way): the order screen, then the orders list.
  const [created, setCreated] = useState<{ pedido: Pedido; status: string } | null>(null);
  const [pix, setPix] = useState<PixCharge | null>(null);
  const [pixOpen, setPixOpen] = useState(false);
  // The boleto issued by this checkout (docs/behaviour/payments.md#boleto): shown in the payment step until paid.
  const [boleto, setBoleto] = useState<BoletoOnScreen | null>(null);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const [sending, setSending] = useState(false);
  // The key of a creation sent without an answer (a reload, a closed tab): its order is looked for first.
  const [resolving, setResolving] = useState<string | null>(() => sentAttemptKey(userId));
  const sendingRef = useRef(false);
  // The last payment status shown per order: the answer of an attempt and the realtime notice of the same payment
  // tell one outcome, which is shown once (docs/behaviour/bag-and-checkout.md#order-creation). A notice says
  // something only when its status is not the one shown last.
  const shown = useRef(new Map<number, string>());
  const announce = (idPedido: number, status: string): boolean => {
    if (shown.current.get(idPedido) === status) return false;
    shown.current.set(idPedido, status);
    return true;
  };
  const create = useCreatePedido();
  const processar = useProcessarPagamento();
  const ordersPath = `/orders/${userId}`;

  // The checkout attempt begins when the payment step opens (ADR 010).
  const paying = atPaymentStep && !pedido;
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

  // After a card payment: the bag is emptied; the order's confirmation stays until the customer moves on.
  useEffect(() => {
    if (created) clearBag();
  }, [created, clearBag]);

  // A payment notification of this order: approved → success dialog, PIX result and bag cleared; a refusal →
  // the error dialog. Statuses still on their way say nothing. The notice of a new order while a creation went
  // unanswered: it may be this attempt's (ADR 010), which is then looked for. While an attempt is on its way its
  // answer tells how it went (a lost answer is found again by the next click), and a status already shown is not
  // shown again: a retried card's approval came twice, as the answer's and as the notice's (ADR 026).
  useOnNotificacao((n) => {
    if (sendingRef.current) return;
    const sent = !pedido && !created && n.statusPayment === 'pending' ? sentAttemptKey(userId) : null;
    if (sent) {
      setResolving(sent);
      return;
    }
    if (!pedido || n.idPedido !== pedido.id || created) return;
    if (n.statusPayment === 'approved') {
      if (!announce(pedido.id, n.statusPayment)) return;
      setPix(null);
      setPixOpen(false);
      setBoleto(null);
      clearBag();
      setResult({ type: 'success', message: n.message || MSG.pagamentoProcessado });
    } else if (!EM_ANDAMENTO.has(n.statusPayment)) {
      if (!announce(pedido.id, n.statusPayment)) return;
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
        const attempt = attemptOfPedido(order);
        if (order.pix) {
          setMetodo('pix');
          setPix(pixChargeOf(order.pix));
          setPixOpen(true);
        } else if (attempt.boleto) {
          setMetodo('boleto');
          setBoleto({ ...attempt.boleto, idPedido: order.id });
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

  const changeMetodo = (next: TipoPagamento) => {
    // Back to the card: the PIX result goes.
    if (next === 'credit') {
      setPix(null);
      setPixOpen(false);
    }
    setMetodo(next);
  };

  const handleAttempt = (order: Pedido, attempt: Attempt) => {
    if (metodo === 'boleto') {
      if (!attempt.boleto) {
        setResult({ type: 'error', message: MSG.erroProcessarPagamento });
        return;
      }
      // The boleto stays on screen; its payment, days or seconds later, arrives as a notice.
      setBoleto({ ...attempt.boleto, idPedido: order.id });
      notifySuccess(MSG_BOLETO.gerado, CHECKOUT_TOAST);
      return;
    }
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
    // Every attempt's answer is news; the notice of the same payment that may follow is not.
    shown.current.set(order.id, attempt.status);
    if (RECUSADOS.has(attempt.status)) {
      // Refused: one message, the error dialog saying the order waits for its payment; it is paid again here.
      setResult({ type: 'error', message: recusaNoCheckout(order.id) });
      return;
    }
    // Approved or on its way: the order's confirmation (OrderCreated), and nothing else.
    setCreated({ pedido: order, status: attempt.status });
  };

  /** Pays the existing order again; a 409 may mean an earlier attempt paid it after all (its answer lost). */
  const payAgain = async (order: Pedido, cartao: CartaoTokenizado | null) => {
    let resposta: ProcessarPagamentoResposta;
    const c = cobranca(order, metodo);
    try {
      resposta = await processar.mutateAsync({
        idPedido: order.id,
        tipoPagamento: metodo,
        token: cartao?.token ?? null,
        paymentMethodId:
          metodo === 'pix' ? 'pix' : metodo === 'boleto' ? 'bolbradesco' : (cartao?.paymentMethodId ?? null),
        valor: fromCents(c.valor),
        email: email().trim().toLowerCase(),
        origem: 'checkout',
        ...(metodo === 'credit' && c.parcelamento ? { parcelamento: planOnWire(c.parcelamento), bin: c.bin } : {}),
      });
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      const atual = await fetchPedido(order.id);
      if (atual.situacaoPedido !== 'PAGO') throw error;
      setPedido(atual);
      handleAttempt(atual, { status: 'approved', pix: null, boleto: null });
      return;
    }
    const attempt = attemptOfProcessar(resposta);
    // A card that went through changed the order (a refused one was RECUSADO): the confirmation shows it as it is now.
    const atual =
      metodo === 'credit' && !RECUSADOS.has(attempt.status) ? await fetchPedido(order.id).catch(() => order) : order;
    if (atual !== order) setPedido(atual);
    handleAttempt(atual, attempt);
  };

  /** Creates the attempt's order (which charges it); a 422 for another body means it exists already. */
  const createOrder = async (cartao: CartaoTokenizado | null) => {
    const body = orderBody(metodo, cartao);
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
    handleAttempt(order, attemptOfPedido(order));
  };

  /** Tokenizes the card (credit), then creates the order, or pays the existing one again. */
  const pay = async () => {
    let cartao: CartaoTokenizado | null = null;
    try {
      if (metodo === 'credit') cartao = await tokenize();
    } catch (error) {
      notifyError(paymentErrorMessage(error), CHECKOUT_TOAST);
      return;
    }
    try {
      if (pedido) await payAgain(pedido, cartao);
      else await createOrder(cartao);
    } catch (error) {
      // A 401/403 signs out with the session-expired dialog instead.
      if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
      notifyError(pedido ? paymentErrorMessage(error) : orderErrorMessage(error), CHECKOUT_TOAST);
    }
  };

  /**
   * Sends the payment: one submission at a time (double-click safe), none after the payment went through.
   * `ready` runs first and may stop it (the page's own checks).
   */
  const submit = (ready: () => boolean = () => true) => {
    if (sendingRef.current || created) return;
    if (!ready()) return;
    sendingRef.current = true;
    setSending(true);
    void pay().finally(() => {
      sendingRef.current = false;
      setSending(false);
    });
  };

  const closeResult = () => {
    const success = result?.type === 'success';
    setResult(null);
    if (success) navigate(ordersPath);
  };

  return {
    metodo,
    changeMetodo,
    pedido,
    created,
    pix,
    pixOpen,
    boleto,
    result,
    closeResult,
    sending,
    resolving,
    ordersPath,
    submit,
  };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
