import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import type { MetodoPagamento, SandboxBoleto, SandboxCartaoToken, SandboxPix } from '@clinica/shared/schemas/sandbox';
import type { z } from 'zod';
import type { sandboxCartaoTokenBodySchema } from '@clinica/shared/schemas/sandbox';
import { CartaoInvalidoError } from '../../integrations/payments/payment-provider.js';
import {
  BoletoJaPagoError,
  BoletoNaoEncontradoError,
  BoletoNaoPagavelError,
  LinhaInvalidaError,
  type BoletoSandbox,
} from '../../integrations/payments/sandbox-boleto.js';
import { PixJaPagoError, PixNaoEncontradoError, PixNaoPagavelError } from '../../integrations/payments/sandbox-pix.js';
import type { SandboxPayments } from '../../integrations/payments/sandbox.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { CheckoutService } from '../checkout/checkout.service.js';

/** When the safety-net re-read of a paid PIX runs (the notification itself is applied at once). */
const RESSINCRONIZAR_SEGUNDOS = 5;

/**
 * The sandbox payment provider's public face (PAYMENT_PROVIDER=sandbox): the
 * card tokenizer and BIN lookup MercadoPago.js would be, and a "bank" that
 * pays PIX codes. Paying a PIX notifies the store exactly as a Mercado Pago
 * webhook does: an event recorded once, applied by a job that re-reads the payment.
 */
export function createSandboxPagamentoService({
  sandbox,
  pagamentos,
}: {
  sandbox: SandboxPayments;
  pagamentos: Pick<CheckoutService, 'receberEvento' | 'sincronizarDepois'>;
}) {
  async function pix(codigo: string): Promise<SandboxPix> {
    const r = await sandbox.consultarPix(codigo);
    if (!r) throw notFound(MSG_API.pixCodigoNaoEncontrado);
    const idPedido = Number(r.pagamento.referencia);
    return {
      txid: r.txid,
      recebedor: r.recebedor,
      cidade: r.cidade,
      valor: r.pagamento.valorCents,
      status: r.pagamento.status,
      expiraEm: r.expiraEm ? r.expiraEm.toISOString() : null,
      idPedido: Number.isInteger(idPedido) && idPedido > 0 ? idPedido : null,
    };
  }

  const comoBoleto = (b: BoletoSandbox): SandboxBoleto => {
    const idPedido = Number(b.pagamento.referencia);
    return {
      linhaDigitavel: b.pagamento.boleto?.linhaDigitavel ?? '',
      beneficiario: b.beneficiario,
      pagador: b.pagador,
      valor: b.pagamento.valorCents,
      vencimento: b.vencimento,
      status: b.pagamento.status,
      idPedido: Number.isInteger(idPedido) && idPedido > 0 ? idPedido : null,
    };
  };

  /** The sandbox bank's refusals as answers: 422 wrong check digits, 404 unknown, 409 paid or cancelled. */
  function erroBoleto(err: unknown): never {
    if (err instanceof LinhaInvalidaError) throw unprocessable(MSG_BOLETO.linhaInvalida);
    if (err instanceof BoletoNaoEncontradoError) throw notFound(MSG_BOLETO.naoEncontrado);
    if (err instanceof BoletoJaPagoError) throw conflict(MSG_BOLETO.jaPago);
    if (err instanceof BoletoNaoPagavelError) throw conflict(MSG_BOLETO.naoPagavel);
    throw err;
  }

  async function localizarBoleto(linha: string): Promise<BoletoSandbox> {
    let achado: BoletoSandbox | null;
    try {
      achado = await sandbox.consultarBoleto(linha);
    } catch (err) {
      erroBoleto(err);
    }
    if (!achado) throw notFound(MSG_BOLETO.naoEncontrado);
    return achado;
  }

  return {
    async tokenizar(body: z.output<typeof sandboxCartaoTokenBodySchema>): Promise<SandboxCartaoToken> {
      try {
        return await sandbox.tokenizar(body);
      } catch (err) {
        if (err instanceof CartaoInvalidoError)
          throw Object.assign(unprocessable(MSG_API.cartaoDadosInvalidos), { cause: err });
        throw err;
      }
    },

    metodos(bin: string): { results: MetodoPagamento[] } {
      return { results: sandbox.metodos(bin) };
    },

    consultarPix: pix,

    /** Pays the code, then tells the store through the webhook path. 404 unknown; 409 paid, expired or cancelled. */
    async pagarPix(codigo: string): Promise<SandboxPix> {
      // Before paying, a re-read of the charge later on: if this process dies between paying and notifying
      // (below), the order still learns of the payment (R6, scripts/crash-checkout.mjs).
      const cobranca = await sandbox.consultarPix(codigo);
      if (cobranca?.pagamento.status === 'pending') {
        await pagamentos.sincronizarDepois('sandbox', cobranca.pagamento.providerId, RESSINCRONIZAR_SEGUNDOS);
      }
      let pago;
      try {
        pago = await sandbox.pagarPix(codigo);
      } catch (err) {
        if (err instanceof PixNaoEncontradoError) throw notFound(MSG_API.pixCodigoNaoEncontrado);
        if (err instanceof PixJaPagoError) throw conflict(MSG_API.pixJaPago);
        if (err instanceof PixNaoPagavelError) throw conflict(MSG_API.pixNaoPagavel);
        throw err;
      }
      await pagamentos.receberEvento({
        provedor: 'sandbox',
        eventoId: `pix-pago:${pago.providerId}`,
        providerId: pago.providerId,
        acao: 'payment.updated',
        payload: { status: pago.status },
      });
      return pix(codigo);
    },

    consultarBoleto: async (linha: string) => comoBoleto(await localizarBoleto(linha)),

    /**
     * Pays the boleto of a typed line as the payer's bank, then tells the store through the webhook path, as a PIX
     * paid here (docs/behaviour/payments.md#sandbox). 422 wrong line; 404 unknown; 409 paid or cancelled.
     */
    async pagarBoleto(linha: string): Promise<SandboxBoleto> {
      const cobranca = await localizarBoleto(linha);
      // The safety-net re-read, before paying, as for a PIX (R6).
      if (cobranca.pagamento.status === 'pending') {
        await pagamentos.sincronizarDepois('sandbox', cobranca.pagamento.providerId, RESSINCRONIZAR_SEGUNDOS);
      }
      let pago: BoletoSandbox;
      try {
        pago = await sandbox.pagarBoleto(linha);
      } catch (err) {
        erroBoleto(err);
      }
      await pagamentos.receberEvento({
        provedor: 'sandbox',
        eventoId: `boleto-pago:${pago.pagamento.providerId}`,
        providerId: pago.pagamento.providerId,
        acao: 'payment.updated',
        payload: { status: pago.pagamento.status },
      });
      return comoBoleto(pago);
    },
  };
}

export type SandboxPagamentoService = ReturnType<typeof createSandboxPagamentoService>;
