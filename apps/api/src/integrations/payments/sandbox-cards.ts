/**
 * Card rules of the sandbox payment provider, kept apart from the database
 * code so they read like the table they are: which BIN is which brand, which
 * brands the store accepts, what a card number must look like, and how the
 * cardholder name decides a charge (Mercado Pago's test-card convention).
 */
import type { MetodoPagamento } from '@clinica/shared/schemas/sandbox';
import type { StatusPagamento } from './payment-provider.js';

const BANDEIRAS = ['visa', 'master', 'amex', 'elo', 'hipercard', 'diners'] as const;
export type Bandeira = (typeof BANDEIRAS)[number];

interface InfoBandeira {
  nome: string;
  /** Valid card-number lengths of the brand. */
  comprimentos: readonly number[];
  /** Digits of the security code printed on the card. */
  digitosCvc: 3 | 4;
  /** Mercado Pago's `status`: 'active' when the store takes the brand. */
  status: 'active' | 'deactive';
  /** The sandbox's own issuer (one per brand; real issuers come from MercadoPago.js `getIssuers`). */
  emissor: { id: number; name: string };
}

/**
 * Diners is recognised (so the checkout can say "bandeira não aceita" instead
 * of "número inválido") but not accepted: the store's acquirer contract in the
 * demo covers the five brands Brazilian dental buyers actually use.
 */
const INFO: Record<Bandeira, InfoBandeira> = {
  visa: {
    nome: 'Visa',
    comprimentos: [13, 16, 19],
    digitosCvc: 3,
    status: 'active',
    emissor: { id: 9001, name: 'Visa' },
  },
  master: {
    nome: 'Mastercard',
    comprimentos: [16],
    digitosCvc: 3,
    status: 'active',
    emissor: { id: 9002, name: 'Mastercard' },
  },
  amex: {
    nome: 'American Express',
    comprimentos: [15],
    digitosCvc: 4,
    status: 'active',
    emissor: { id: 9003, name: 'American Express' },
  },
  elo: { nome: 'Elo', comprimentos: [16], digitosCvc: 3, status: 'active', emissor: { id: 9004, name: 'Elo' } },
  hipercard: {
    nome: 'Hipercard',
    comprimentos: [13, 16, 19],
    digitosCvc: 3,
    status: 'active',
    emissor: { id: 9005, name: 'Hipercard' },
  },
  diners: {
    nome: 'Diners',
    comprimentos: [14, 15, 16],
    digitosCvc: 3,
    status: 'deactive',
    emissor: { id: 9006, name: 'Diners Club' },
  },
};

/** [first, last] of a range of six-digit BINs (a single BIN is [n, n]). */
type Faixa = readonly [number, number];

const faixa = (de: number, ate = de): Faixa => [de, ate];

/**
 * BIN ranges, most specific first: Elo and Hipercard issue inside ranges
 * that would otherwise read as Visa (4…), Mastercard (50…/5…) or Diners (38…),
 * so they are tried before the broad prefixes. Ranges from the brands'
 * published tables; 503143 is the BIN of Mercado Pago's Mastercard test card
 * (5031 4332 1540 6351), which lies outside the 51–55/2221–2720 ranges.
 */
const FAIXAS: readonly (readonly [Bandeira, readonly Faixa[]])[] = [
  [
    'elo',
    [
      faixa(401178, 401179),
      faixa(431274),
      faixa(438935),
      faixa(451416),
      faixa(457393),
      faixa(457631, 457632),
      faixa(504175),
      faixa(506699, 506778),
      faixa(509000, 509999),
      faixa(627780),
      faixa(636297),
      faixa(636368),
      faixa(650031, 650033),
      faixa(650035, 650051),
      faixa(650405, 650439),
      faixa(650485, 650538),
      faixa(650541, 650598),
      faixa(650700, 650718),
      faixa(650720, 650727),
      faixa(650901, 650920),
      faixa(651652, 651679),
      faixa(655000, 655019),
      faixa(655021, 655058),
    ],
  ],
  [
    'hipercard',
    [
      faixa(384100),
      faixa(384140),
      faixa(384160),
      faixa(606282),
      faixa(637095),
      faixa(637568),
      faixa(637599),
      faixa(637609),
      faixa(637612),
    ],
  ],
  ['amex', [faixa(340000, 349999), faixa(370000, 379999)]],
  ['diners', [faixa(300000, 305999), faixa(309000, 309999), faixa(360000, 369999), faixa(380000, 399999)]],
  ['master', [faixa(503143), faixa(510000, 559999), faixa(222100, 272099)]],
  ['visa', [faixa(400000, 499999)]],
];

/** The brand of a card number or BIN (at least 6 digits); null when no range matches. */
export function bandeiraPorBin(digitos: string): Bandeira | null {
  if (!/^\d{6,19}$/.test(digitos)) return null;
  const bin = Number(digitos.slice(0, 6));
  for (const [bandeira, faixas] of FAIXAS) {
    if (faixas.some(([de, ate]) => bin >= de && bin <= ate)) return bandeira;
  }
  return null;
}

export function bandeiraAceita(bandeira: string): boolean {
  return (BANDEIRAS as readonly string[]).includes(bandeira) && INFO[bandeira as Bandeira].status === 'active';
}

export function digitosCvc(bandeira: Bandeira): 3 | 4 {
  return INFO[bandeira].digitosCvc;
}

export function comprimentoValido(bandeira: Bandeira, numero: string): boolean {
  return INFO[bandeira].comprimentos.includes(numero.length);
}

/** MercadoPago.js `getPaymentMethods({ bin })` results: one method per recognised brand, [] otherwise. */
export function metodosPorBin(bin: string): MetodoPagamento[] {
  const bandeira = bandeiraPorBin(bin);
  if (!bandeira) return [];
  const info = INFO[bandeira];
  return [
    {
      id: bandeira,
      name: info.nome,
      payment_type_id: 'credit_card',
      status: info.status,
      issuer: { ...info.emissor },
    },
  ];
}

/** Luhn (mod 10) check digit, as every card number carries. */
export function luhnValido(numero: string): boolean {
  if (!/^\d+$/.test(numero)) return false;
  let soma = 0;
  for (let i = 0; i < numero.length; i++) {
    let d = Number(numero[numero.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    soma += d;
  }
  return soma % 10 === 0;
}

export interface ResultadoCartao {
  status: Extract<StatusPagamento, 'approved' | 'pending' | 'rejected'>;
  statusDetalhe: string;
}

/** Mercado Pago's test cardholder names and the result each forces. */
const RESULTADO_POR_TITULAR: Record<string, ResultadoCartao> = {
  APRO: { status: 'approved', statusDetalhe: 'accredited' },
  CONT: { status: 'pending', statusDetalhe: 'pending_contingency' },
  CALL: { status: 'rejected', statusDetalhe: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetalhe: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetalhe: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetalhe: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetalhe: 'cc_rejected_bad_filled_other' },
  OTHE: { status: 'rejected', statusDetalhe: 'cc_rejected_other_reason' },
};

/**
 * The result of a charge, decided by the first word of the cardholder name
 * (upper-cased, accents ignored) as with Mercado Pago's test cards.
 *
 * Any name that is not one of the test codes APPROVES: this sandbox backs a
 * demo store where a visitor types their own name on the card form and
 * expects to be able to buy; rejecting them would make the demo look broken.
 * The general-error path stays reachable through OTHE (and each specific
 * refusal through its own code), which is what tests and the README use.
 */
export function resultadoPorTitular(titular: string): ResultadoCartao {
  const primeira =
    titular
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .split(/\s+/)[0]
      ?.toUpperCase() ?? '';
  return RESULTADO_POR_TITULAR[primeira] ?? { status: 'approved', statusDetalhe: 'accredited' };
}
