import { couponValueText, diaBR, type CouponSituation, type EscopoCupom } from '@clinica/shared/coupon';
import type { CupomResumo } from '@clinica/shared/schemas/cupom-admin';

/** Where a coupon applies, in the back-office's words. */
export const ESCOPO_LABEL: Record<EscopoCupom, string> = {
  LOJA: 'Loja toda',
  CATEGORIAS: 'Categorias escolhidas',
  PRODUTOS: 'Produtos escolhidos',
  FISICOS: 'Produtos físicos',
  DIGITAIS: 'Cursos digitais',
};

/** A coupon's situation today, its label and the tone of its pill. */
export const SITUACAO: Record<CouponSituation, { label: string; tone: 'success' | 'primary' | 'faded' | 'danger' }> = {
  VIGENTE: { label: 'Vigente', tone: 'success' },
  AGENDADO: { label: 'Agendado', tone: 'primary' },
  EXPIRADO: { label: 'Expirado', tone: 'faded' },
  ESGOTADO: { label: 'Esgotado', tone: 'danger' },
  INATIVO: { label: 'Desativado', tone: 'faded' },
};

/** '10% de desconto' or 'R$ 20,00 de desconto'. */
export const descontoText = (c: Pick<CupomResumo, 'tipo' | 'valor'>) => `${couponValueText(c)} de desconto`;

/** The validity window: 'De 01/12/2025 a 26/12/2025', 'A partir de …', 'Até …' or 'Sem prazo'. */
export function validadeText(c: Pick<CupomResumo, 'inicio' | 'fim'>): string {
  if (c.inicio && c.fim)
    return c.inicio === c.fim ? `Só em ${diaBR(c.inicio)}` : `De ${diaBR(c.inicio)} a ${diaBR(c.fim)}`;
  if (c.inicio) return `A partir de ${diaBR(c.inicio)}`;
  if (c.fim) return `Até ${diaBR(c.fim)}`;
  return 'Sem prazo';
}

/** The uses that count, against the limit: '3 de 10', '3' without a limit; singular and plural in words. */
export const usosText = (c: Pick<CupomResumo, 'usos' | 'limiteUsos'>): string =>
  c.limiteUsos === null ? String(c.usos) : `${c.usos} de ${c.limiteUsos}`;
