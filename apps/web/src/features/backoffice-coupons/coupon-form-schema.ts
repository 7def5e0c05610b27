import { CEM_POR_CENTO, ESCOPOS_CUPOM, TIPOS_CUPOM } from '@clinica/shared/coupon';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fromCents, parseMoney } from '@clinica/shared/money';
import { textoMin3 } from '@clinica/shared/schemas/backoffice-fields';
import { codigoCupomField, type Cupom, type CupomInput } from '@clinica/shared/schemas/cupom-admin';
import { z } from 'zod';
import { moneyText } from '../../components/ui/money-field';

/** A percentage as typed ('10', '10,5', '12.25') in hundredths (1000, 1050, 1225); null when it is not one. */
export function percentHundredths(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** Hundredths of a percent as the field shows them: 1000 → '10', 1050 → '10,5', 1225 → '12,25'. */
export function percentText(hundredths: number): string {
  const frac = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(hundredths / 100)},${frac}` : String(Math.floor(hundredths / 100));
}

const limiteOpcional = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000), {
    error: MSG_BO.cupomLimiteInvalido,
  });

/**
 * The coupon form (docs/behaviour/back-office.md#coupons): the API's rules and messages on what the fields hold
 * (texts, the money mask's text, chosen ids). Only the value of the chosen kind is checked; only the ids of the
 * chosen scope are sent.
 */
export const couponFormSchema = z
  .object({
    codigo: codigoCupomField,
    descricao: textoMin3(255),
    tipo: z.enum(TIPOS_CUPOM),
    percentual: z.string(),
    valorFixo: z.string(),
    valorMinimo: z
      .string()
      .trim()
      .refine((v) => v === '' || (parseMoney(v) ?? 0) > 0, { error: MSG_BO.cupomValorMinimoZero }),
    inicio: z.string(),
    fim: z.string(),
    limiteUsos: limiteOpcional,
    limitePorCliente: limiteOpcional,
    primeiraCompra: z.boolean(),
    escopo: z.enum(ESCOPOS_CUPOM),
    categoriaIds: z.array(z.number()),
    produtos: z.array(z.object({ id: z.number(), nome: z.string() })),
    acumulaPix: z.boolean(),
    acumulaBrinde: z.boolean(),
    ativo: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.tipo === 'PERCENTUAL') {
      const p = percentHundredths(v.percentual);
      if (v.percentual.trim() === '') issue('percentual', MSG.naoVazio);
      else if (p === null || p < 1 || p > CEM_POR_CENTO) issue('percentual', MSG_BO.cupomPercentualInvalido);
    } else if (v.valorFixo.trim() === '') issue('valorFixo', MSG.naoVazio);
    else if ((parseMoney(v.valorFixo) ?? 0) < 1) issue('valorFixo', MSG_BO.cupomValorZero);
    if (v.inicio && v.fim && v.fim < v.inicio) issue('fim', MSG.periodoInvalido);
    if (v.escopo === 'CATEGORIAS' && v.categoriaIds.length === 0) issue('categoriaIds', MSG_BO.cupomSemCategorias);
    if (v.escopo === 'PRODUTOS' && v.produtos.length === 0) issue('produtos', MSG_BO.cupomSemProdutos);
  });
export type CouponFormValues = z.input<typeof couponFormSchema>;
export type CouponFormData = z.output<typeof couponFormSchema>;

/** The form's values for a coupon, or for a new one (10 %, whole store, combining with everything, active). */
export function couponFormValues(c: Cupom | null): CouponFormValues {
  return {
    codigo: c?.codigo ?? '',
    descricao: c?.descricao ?? '',
    tipo: c?.tipo ?? 'PERCENTUAL',
    percentual: c?.tipo === 'PERCENTUAL' ? percentText(c.valor) : c ? '' : '10',
    valorFixo: c?.tipo === 'FIXO' ? moneyText(c.valor) : '',
    valorMinimo: moneyText(c?.valorMinimo),
    inicio: c?.inicio ?? '',
    fim: c?.fim ?? '',
    limiteUsos: c?.limiteUsos == null ? '' : String(c.limiteUsos),
    limitePorCliente: c?.limitePorCliente == null ? '' : String(c.limitePorCliente),
    primeiraCompra: c?.primeiraCompra ?? false,
    escopo: c?.escopo ?? 'LOJA',
    categoriaIds: c?.categorias.map((x) => x.id) ?? [],
    produtos: c?.produtos ?? [],
    acumulaPix: c?.acumulaPix ?? true,
    acumulaBrinde: c?.acumulaBrinde ?? true,
    ativo: c?.ativo ?? true,
  };
}

const inteiro = (v: string) => (v === '' ? null : Number(v));

/** The body of POST /cupom/ and PUT /cupom/{id}: reais and percentages on the wire, blanks as null. */
export function couponBody(d: CouponFormData): CupomInput {
  return {
    codigo: d.codigo,
    descricao: d.descricao,
    tipo: d.tipo,
    valor:
      d.tipo === 'PERCENTUAL' ? (percentHundredths(d.percentual) ?? 0) / 100 : fromCents(parseMoney(d.valorFixo) ?? 0),
    valorMinimo: d.valorMinimo ? fromCents(parseMoney(d.valorMinimo) ?? 0) : null,
    inicio: d.inicio || null,
    fim: d.fim || null,
    limiteUsos: inteiro(d.limiteUsos),
    limitePorCliente: inteiro(d.limitePorCliente),
    primeiraCompra: d.primeiraCompra,
    escopo: d.escopo,
    categoriaIds: d.escopo === 'CATEGORIAS' ? d.categoriaIds : [],
    produtoIds: d.escopo === 'PRODUTOS' ? d.produtos.map((p) => p.id) : [],
    acumulaPix: d.acumulaPix,
    acumulaBrinde: d.acumulaBrinde,
    ativo: d.ativo,
  };
}
