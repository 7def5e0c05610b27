/**
 * Tracking of shipped orders (docs/behaviour/orders.md#shipping-and-tracking): the carrier's tracking page for a
 * code, and the e-mails the client gets when the order is sent and delivered.
 */
import { formatInstallmentPlan, type InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { formatBRL, type Cents } from '@clinica/shared/money';
import { renderEmail, type EmailRenderizado } from '../../integrations/mail/templates.js';

/** Correios' public tracking page; `objetos` takes the code (S10). */
export const CORREIOS_RASTREAMENTO = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

/** The S10 check digit (UPU S10, used by Correios): weights 8 6 4 2 3 5 9 7 over the serial number, mod 11. */
function digitoS10(serial: string): number {
  const pesos = [8, 6, 4, 2, 3, 5, 9, 7];
  const soma = pesos.reduce((s, p, i) => s + p * Number(serial[i]), 0);
  const d = 11 - (soma % 11);
  return d === 10 ? 0 : d === 11 ? 5 : d;
}

/**
 * True for a well-formed UPU S10 code (two letters, eight digits and their
 * check digit, two letters: 'AA473124829BR'), the shape Correios gives every
 * tracked object. Other carriers (Jadlog, Loggi, …) use other shapes.
 */
export function codigoCorreios(codigo: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(codigo);
  return m !== null && digitoS10(m[1]!) === Number(m[2]);
}

/**
 * The carrier's tracking page for `codigo`, only when it can be built
 * correctly: Correios for S10 codes; null for anything else (no guessed links).
 */
export function urlRastreio(codigo: string | null): string | null {
  if (!codigo || !codigoCorreios(codigo)) return null;
  return `${CORREIOS_RASTREAMENTO}${encodeURIComponent(codigo)}`;
}

const saudacao = (nome: string | null) => (nome?.trim() ? `Olá, ${nome.trim()}!` : 'Olá!');
const dias = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);

export interface EnvioEmailInput {
  pedidoId: number;
  nome: string | null;
  codigo: string;
  transportadora: string | null;
  servico: string | null;
  prazoDias: number | null;
  valorTotal: Cents;
  /** Paid by card in installments: '6x de R$ 177,98 (total R$ 1.067,88)' (docs/behaviour/payments.md#installments). */
  parcelamento: InstallmentPlan | null;
  /** NF-e (ADR 030): the order's issued invoice, named in the e-mail; its DANFE is on the order's page. */
  notaFiscal?: { numero: number } | null;
}

/** "Your order is on its way": order number, carrier and service, tracking code and, when known, the tracking page. */
export function pedidoEnviadoEmail(p: EnvioEmailInput): EmailRenderizado {
  const url = urlRastreio(p.codigo);
  const envio = [p.transportadora, p.servico].filter(Boolean).join(' – ');
  return renderEmail({
    assunto: `Seu pedido #${p.pedidoId} foi enviado`,
    titulo: 'Seu pedido está a caminho!',
    paragrafos: [
      saudacao(p.nome),
      `O pedido #${p.pedidoId} (total de ${formatBRL(p.valorTotal)}) foi enviado${envio ? ` por ${envio}` : ''}.`,
      ...(p.parcelamento && p.parcelamento.parcelas > 1
        ? [`Pagamento no cartão: ${formatInstallmentPlan(p.parcelamento)}.`]
        : []),
      `Código de rastreio: ${p.codigo}`,
      // NF-e (ADR 030): the issued invoice's number; the DANFE is downloaded from the order (owner-only).
      ...(p.notaFiscal ? [MSG_NFE.emailNota.replace('{numero}', String(p.notaFiscal.numero))] : []),
      ...(p.prazoDias ? [`Prazo estimado de entrega: até ${dias(p.prazoDias)}.`] : []),
      url
        ? 'Acompanhe a entrega pelo botão abaixo ou no site da transportadora.'
        : 'Acompanhe a entrega com este código no site da transportadora.',
    ],
    ...(url ? { acao: { rotulo: 'Rastrear pedido', url } } : {}),
    rodape: 'Você também acompanha o pedido em Lista de pedidos, na sua conta da loja.',
  });
}

/** "Your order was delivered". */
export function pedidoEntregueEmail(p: { pedidoId: number; nome: string | null }): EmailRenderizado {
  return renderEmail({
    assunto: `Seu pedido #${p.pedidoId} foi entregue`,
    titulo: 'Pedido entregue',
    paragrafos: [
      saudacao(p.nome),
      `O pedido #${p.pedidoId} foi entregue. Esperamos que você goste!`,
      'Se algo não chegou como esperado, fale com a clínica pelos nossos canais de atendimento.',
    ],
    rodape: 'Você pode avaliar os produtos na página de cada um, na loja.',
  });
}
