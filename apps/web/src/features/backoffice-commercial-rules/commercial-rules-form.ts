import { fromCents, parseMoney } from '@clinica/shared/money';
import type { RegrasComerciais, SiglaUf } from '@clinica/shared/schemas/comercial';
import { comercialAdminApi, type RegrasComerciaisInput } from '@clinica/shared/schemas/comercial-admin';
import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import { moneyText } from '../../components/ui/money-field';

/** The form's values: every number as the field shows it ('1,99', '30,00'), the switches and the lists. */
export interface RegrasValues {
  parcelamento: { maxParcelas: string; parcelasSemJuros: string; jurosMensal: string; parcelaMinima: string };
  pix: { desconto: string };
  boleto: { ativo: boolean; diasUteis: string; diasTolerancia: string; preSelecionadoEmpresa: boolean };
  freteGratis: { ativo: boolean; valorMinimo: string; ufs: SiglaUf[]; servicos: number[] };
}

/** A percent as the field shows it: 1.99 → '1,99', 5 → '5'. */
const percentText = (p: number) => String(p).replace('.', ',');

/** The saved rules as the form shows them. */
export function valuesOf(r: RegrasComerciais): RegrasValues {
  return {
    parcelamento: {
      maxParcelas: String(r.parcelamento.maxParcelas),
      parcelasSemJuros: String(r.parcelamento.parcelasSemJuros),
      jurosMensal: percentText(r.parcelamento.jurosMensal),
      parcelaMinima: moneyText(r.parcelamento.parcelaMinima),
    },
    pix: { desconto: percentText(r.pix.desconto) },
    boleto: {
      ativo: r.boleto.ativo,
      diasUteis: String(r.boleto.diasUteis),
      diasTolerancia: String(r.boleto.diasTolerancia),
      preSelecionadoEmpresa: r.boleto.preSelecionadoEmpresa,
    },
    freteGratis: {
      ativo: r.freteGratis.ativo,
      valorMinimo: moneyText(r.freteGratis.valorMinimo),
      ufs: [...r.freteGratis.ufs],
      servicos: [...r.freteGratis.servicos],
    },
  };
}

/** A number typed with a comma or a dot ('1,99'); NaN when blank or not a number (the rule's message then). */
const numero = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));
/** An amount typed in the money field, in reais; NaN when blank. */
const reais = (text: string) => {
  const cents = parseMoney(text);
  return cents === null ? Number.NaN : fromCents(cents);
};

/** POST /condicoescomerciais/'s body from the form (reais and percents, as the wire has them). */
function bodyOf(v: RegrasValues): RegrasComerciaisInput {
  return {
    parcelamento: {
      maxParcelas: numero(v.parcelamento.maxParcelas),
      parcelasSemJuros: numero(v.parcelamento.parcelasSemJuros),
      jurosMensal: numero(v.parcelamento.jurosMensal),
      parcelaMinima: reais(v.parcelamento.parcelaMinima),
    },
    pix: { desconto: numero(v.pix.desconto) },
    boleto: {
      ativo: v.boleto.ativo,
      diasUteis: numero(v.boleto.diasUteis),
      diasTolerancia: numero(v.boleto.diasTolerancia),
      preSelecionadoEmpresa: v.boleto.preSelecionadoEmpresa,
    },
    freteGratis: {
      ativo: v.freteGratis.ativo,
      valorMinimo: reais(v.freteGratis.valorMinimo),
      ufs: v.freteGratis.ufs,
      servicos: v.freteGratis.servicos,
    },
  };
}

/**
 * The API's own rules (schemas/comercial-admin.ts) on the form: each field gets the message of the first rule it
 * breaks, at its own path (a list's at the list).
 */
export const regrasResolver: Resolver<RegrasValues, unknown, RegrasComerciaisInput> = (values) => {
  const body = bodyOf(values);
  const parsed = comercialAdminApi.salvar.body!.safeParse(body);
  if (parsed.success) return { values: body, errors: {} };
  const errors: FieldErrors<RegrasValues> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((p) => typeof p === 'string').join('.');
    if (!path.includes('.')) continue;
    if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors };
};

/** What a purchase of R$ 1.000,00 is simulated with on the screen (the rules as typed, made sane by the rule). */
export const PREVIA_CENTS = 100_000;

/** The installment rule and PIX percent as typed so far (blank counts as nothing: 0 or 1). */
export function regraDigitada(v: RegrasValues['parcelamento'], pix: string) {
  const minima = parseMoney(v.parcelaMinima);
  return {
    parcelamento: {
      maxParcelas: numero(v.maxParcelas),
      parcelasSemJuros: numero(v.parcelasSemJuros),
      jurosMensal: numero(v.jurosMensal),
      parcelaMinima: minima ?? 0,
    },
    pix: numero(pix),
  };
}
