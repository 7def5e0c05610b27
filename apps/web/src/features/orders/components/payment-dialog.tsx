import { MSG } from '@clinica/shared/messages';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { fromCents } from '@clinica/shared/money';
import type { Pedido, TipoPagamento } from '@clinica/shared/schemas/pedido';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Price } from '../../../components/catalog/price';
import { BoletoPanel, type BoletoOnScreen } from '../../../components/payment/boleto-panel';
import { CardFields } from '../../../components/payment/card-fields';
import { InstallmentSelect, useInstallmentChoice } from '../../../components/payment/installment-select';
import { MethodToggle } from '../../../components/payment/method-toggle';
import { pixChargeOf, type PixCharge } from '../../../components/payment/pix-code';
import { PixPanel } from '../../../components/payment/pix-panel';
import { useCardForm } from '../../../components/payment/use-card-form';
import { Button } from '../../../components/ui/button';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { ResultDialog } from '../../../components/ui/result-dialog';
import { notifyError, notifyInfo, notifySuccess } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useCondicoesComerciais } from '../../../lib/condicoes-comerciais';
import { useProcessarPagamento } from '../../../lib/payment/api';
import { PaymentError } from '../../../lib/payment/card';
import { planOnWire, priceBaseOfOrder, priceForMethod } from '../../../lib/payment/order-price';
import { usePerfil } from '../../../lib/perfil';
import { useOnNotificacao } from '../../../lib/realtime';
import { useSession } from '../../../lib/use-session';
import { pedidoKeys } from '../api/keys';
import styles from './payment-dialog.module.css';

const RECUSADOS = new Set(['rejected', 'cancelled', 'refunded', 'charged_back']);

/** The document of the customer's profile, for 'same document as the personal data'. */
function useDocumentoPerfil(): string | undefined {
  const { user } = useSession();
  const perfil = usePerfil(user?.idUser ?? 0);
  const cliente = perfil.data;
  if (!cliente) return undefined;
  return cliente.cpfCnpj || (cliente.juridica ? cliente.cnpj : cliente.cpf) || undefined;
}

/**
 * The payment dialog of an order (docs/behaviour/payments.md#retry-payment): credit
 * card (default, with its installments), PIX (with its discount) or a new boleto (the old one is cancelled), the order
 * priced for the method as the server prices it, paid through POST
 * /pagamento/processar with origem 'pedido' (a PIX valid for 30 minutes). The
 * order's status refreshes by
 * itself: every attempt and every payment notification refetch the order and
 * the lists.
 */
export function PaymentDialog({ pedido, onClose }: { pedido: Pedido; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [metodo, setMetodo] = useState<TipoPagamento>('credit');
  const [pix, setPix] = useState<PixCharge | null>(null);
  const [boleto, setBoleto] = useState<BoletoOnScreen | null>(null);
  const [sending, setSending] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);
  const card = useCardForm({ documentoPessoal: useDocumentoPerfil() });
  const processar = useProcessarPagamento();
  const regras = useCondicoesComerciais().data;
  // The order's coupon stays; the PIX discount follows the method (ADR 027, ADR 028).
  const base = priceBaseOfOrder(pedido);
  const valor = regras ? priceForMethod(base, metodo, regras).total : pedido.valorTotal;
  const parcelamento = useInstallmentChoice(
    regras ? priceForMethod(base, 'credit', regras).total : 0,
    card.check.state === 'accepted' ? card.check.bin : null,
  );
  const total = metodo === 'credit' ? parcelamento.plan.total : valor;

  const refresh = () => queryClient.invalidateQueries({ queryKey: pedidoKeys.all });

  useOnNotificacao((n) => {
    if (n.idPedido !== pedido.id) return;
    void refresh();
    // While an attempt is on its way its answer tells how it went: the notice of the same payment would say it
    // twice (docs/behaviour/payments.md#retry-payment). It speaks for a PIX paid from the phone.
    if (sending || n.statusPayment !== 'approved') return;
    notifySuccess(n.message || MSG.pagamentoProcessado);
    onClose();
  });

  const changeMetodo = (next: TipoPagamento) => {
    if (next === 'credit') setPix(null);
    if (next !== 'boleto') setBoleto(null);
    setMetodo(next);
  };

  const pay = async () => {
    let cartao = null;
    try {
      if (metodo === 'credit') cartao = await card.tokenize();
      const resposta = await processar.mutateAsync({
        idPedido: pedido.id,
        tipoPagamento: metodo,
        token: cartao?.token ?? null,
        paymentMethodId:
          metodo === 'pix' ? 'pix' : metodo === 'boleto' ? 'bolbradesco' : (cartao?.paymentMethodId ?? null),
        valor: fromCents(valor),
        origem: 'pedido',
        ...(metodo === 'credit' ? { parcelamento: planOnWire(parcelamento.plan), bin: parcelamento.bin } : {}),
      });
      void refresh();
      if (metodo === 'boleto') {
        // A new boleto: the order's previous one can no longer be paid (docs/behaviour/payments.md#boleto).
        if (!resposta.boleto) throw new PaymentError(MSG.erroProcessarPagamento);
        setBoleto({
          ...resposta.boleto,
          idPagamento: resposta.idPagamento,
          idPedido: pedido.id,
          valor: resposta.valor,
        });
        notifySuccess(MSG_BOLETO.gerado);
      } else if (metodo === 'pix') {
        if (!resposta.pixPaymentResponse) throw new PaymentError(MSG.erroProcessarPagamento);
        setPix(pixChargeOf(resposta.pixPaymentResponse));
        notifySuccess(MSG.pixGerado);
      } else if (RECUSADOS.has(resposta.status)) {
        setRecusa(MSG.pagamentoRecusado);
      } else {
        if (resposta.status === 'approved') notifySuccess(MSG.pagamentoProcessado);
        else notifyInfo(MSG.pagamentoEmAnalise);
        onClose();
      }
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
      if (error instanceof PaymentError) notifyError(error.message);
      else if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
        notifyError(error.message);
        void refresh();
      } else notifyError(MSG.erroProcessarPagamento);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The price by the method needs the commercial rules (a moment after the dialog opens).
    if (sending || !regras) return;
    setSending(true);
    void pay().finally(() => setSending(false));
  };

  return (
    <ModalFrame
      open
      onOpenChange={(open) => {
        if (!open && !sending) onClose();
      }}
      locked={sending}
      className={styles.content}
      aria-describedby={undefined}
      data-testid="payment-dialog"
    >
      <header className={styles.header}>
        <div>
          <Dialog.Title className={styles.title}>Pagamento do pedido #{pedido.id}</Dialog.Title>
          <p className={styles.total}>
            Total <Price cents={total} />
          </p>
        </div>
        <Dialog.Close className={styles.close} aria-label="Fechar" disabled={sending}>
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </header>
      <form className={styles.body} noValidate onSubmit={submit} aria-busy={sending || undefined}>
        <MethodToggle
          value={metodo}
          onChange={changeMetodo}
          disabled={sending}
          boleto={regras?.boleto.ativo}
          name="metodo-pedido"
        />
        {metodo === 'boleto' ? (
          boleto ? (
            <BoletoPanel boleto={boleto} diasTolerancia={regras?.boleto.diasTolerancia} />
          ) : (
            <p className={styles.hint}>
              {MSG_BOLETO.explicacao.replace('{dias}', String(regras?.boleto.diasUteis ?? 3))}{' '}
              {pedido.boleto ? MSG_BOLETO.novoBoletoInvalida : ''}
            </p>
          )
        ) : metodo === 'pix' ? (
          <>
            <PixPanel loading={sending} pix={pix} />
            <p className={styles.hint}>O QR Code do PIX vale por 30 minutos. Depois disso, gere outro.</p>
          </>
        ) : (
          <>
            <CardFields card={card} disabled={sending} />
            <InstallmentSelect choice={parcelamento} disabled={sending} />
          </>
        )}
        <div className={styles.actions}>
          <Button variant="outline" onClick={onClose} disabled={sending}>
            Fechar
          </Button>
          {!(metodo === 'boleto' && boleto) && (
            <Button type="submit" loading={sending}>
              {metodo === 'pix'
                ? 'Gerar QRcode do pix'
                : metodo === 'boleto'
                  ? 'Gerar novo boleto'
                  : 'Enviar pagamento'}
            </Button>
          )}
        </div>
      </form>
      <ResultDialog open={recusa !== null} type="error" message={recusa ?? ''} onClose={() => setRecusa(null)} />
    </ModalFrame>
  );
}
