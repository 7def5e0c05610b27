/**
 * Free shipping (ADR 024), pure and in integer cents: the store's rule says from which spend, to which states and on
 * which freight services the freight is free. The spend it is judged on is the order's products after the coupon and
 * before the PIX discount (order-pricing.ts `subtotalParaFreteGratis`).
 *
 * Choices of our own:
 * - states are compared as upper-case siglas without spaces ('sp ' is SP); an unknown state (null: no CEP yet)
 *   qualifies only for a rule open to every state;
 * - a minimum that is negative or not a number counts as 0 (every spend qualifies).
 */
import { type Cents } from './money.js';

/** The store's free-shipping rule (set in the back-office). */
export interface FreeShippingRule {
  ativo: boolean;
  /** The spend that earns it, in cents. */
  valorMinimo: Cents;
  /** UF siglas; empty = every state. */
  ufs: string[];
  /** Freight service ids that become free; empty = every service. */
  servicos: number[];
}

export type Regiao = 'Norte' | 'Nordeste' | 'Centro-Oeste' | 'Sudeste' | 'Sul';

/** The 27 states by IBGE region, in IBGE code order (for the back-office to pick a region at once). */
export const REGIOES: Record<Regiao, readonly string[]> = {
  Norte: ['RO', 'AC', 'AM', 'RR', 'PA', 'AP', 'TO'],
  Nordeste: ['MA', 'PI', 'CE', 'RN', 'PB', 'PE', 'AL', 'SE', 'BA'],
  Sudeste: ['MG', 'ES', 'RJ', 'SP'],
  Sul: ['PR', 'SC', 'RS'],
  'Centro-Oeste': ['MS', 'MT', 'GO', 'DF'],
};

const sigla = (uf: string): string => uf.replace(/\s/g, '').toUpperCase();
const cents = (value: Cents): Cents => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** Whether the rule covers the state: any state when `ufs` is empty; an unknown state (null) only then. */
function coversUf(rule: FreeShippingRule, uf: string | null): boolean {
  if (rule.ufs.length === 0) return true;
  if (uf === null) return false;
  const wanted = sigla(uf);
  return rule.ufs.some((u) => sigla(u) === wanted);
}

/** Whether the chosen freight service is free for this spend and state. */
export function freeShippingApplies(
  rule: FreeShippingRule,
  input: { subtotal: Cents; uf: string | null; servico: number },
): boolean {
  return (
    rule.ativo &&
    cents(input.subtotal) >= cents(rule.valorMinimo) &&
    coversUf(rule, input.uf) &&
    (rule.servicos.length === 0 || rule.servicos.includes(input.servico))
  );
}

/**
 * What is still missing to reach free shipping, in cents (0 once reached), for the bag's "Faltam R$ X para o frete
 * grátis". Null when there is nothing to reach: the rule is off or the state is outside it. An unknown state (null)
 * counts as inside, so the bag can encourage before the CEP is known. The services are not looked at: the buyer
 * chooses one later.
 */
export function freeShippingRemaining(
  rule: FreeShippingRule,
  input: { subtotal: Cents; uf: string | null },
): Cents | null {
  if (!rule.ativo) return null;
  if (input.uf !== null && !coversUf(rule, input.uf)) return null;
  return Math.max(0, cents(rule.valorMinimo) - cents(input.subtotal));
}
