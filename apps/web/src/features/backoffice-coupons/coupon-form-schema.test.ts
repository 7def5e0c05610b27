import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Cupom } from '@clinica/shared/schemas/cupom-admin';
import { describe, expect, it } from 'vitest';
import {
  couponBody,
  couponFormSchema,
  couponFormValues,
  percentHundredths,
  percentText,
  type CouponFormValues,
} from './coupon-form-schema';

const erros = (values: CouponFormValues) => {
  const r = couponFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const novo = (over: Partial<CouponFormValues> = {}): CouponFormValues => ({
  ...couponFormValues(null),
  codigo: 'inverno10',
  descricao: 'Inverno',
  ...over,
});

describe('formulário do cupom', () => {
  it('lê percentuais como se digita no Brasil', () => {
    expect(['10', '10,5', '12.25', '0,01', '100', ' 7 '].map(percentHundredths)).toEqual([
      1000, 1050, 1225, 1, 10_000, 700,
    ]);
    expect(['', 'abc', '10,555', '1000', '-5'].map(percentHundredths)).toEqual([null, null, null, null, null]);
    expect([1000, 1050, 1225, 1].map(percentText)).toEqual(['10', '10,5', '12,25', '0,01']);
  });

  it('um cupom novo começa com 10 % na loja toda, ativo, acumulando com tudo', () => {
    expect(couponFormValues(null)).toMatchObject({
      tipo: 'PERCENTUAL',
      percentual: '10',
      escopo: 'LOJA',
      ativo: true,
      acumulaPix: true,
      acumulaBrinde: true,
    });
  });

  it('confere só o valor do tipo escolhido, o período, os limites e a escolha do escopo, com as mensagens da API', () => {
    expect(erros(novo({ percentual: '100,01' }))).toEqual({ percentual: MSG_BO.cupomPercentualInvalido });
    expect(erros(novo({ percentual: '' }))).toEqual({ percentual: MSG.naoVazio });
    expect(erros(novo({ tipo: 'FIXO', percentual: 'x', valorFixo: '0,00' }))).toEqual({
      valorFixo: MSG_BO.cupomValorZero,
    });
    expect(erros(novo({ codigo: 'com espaço', inicio: '2026-05-10', fim: '2026-05-01' }))).toEqual({
      codigo: MSG_BO.cupomCodigoFormato,
      fim: MSG.periodoInvalido,
    });
    expect(erros(novo({ limiteUsos: '0', limitePorCliente: '1,5' }))).toEqual({
      limiteUsos: MSG_BO.cupomLimiteInvalido,
      limitePorCliente: MSG_BO.cupomLimiteInvalido,
    });
    expect(erros(novo({ escopo: 'CATEGORIAS' }))).toEqual({ categoriaIds: MSG_BO.cupomSemCategorias });
    expect(erros(novo({ escopo: 'PRODUTOS' }))).toEqual({ produtos: MSG_BO.cupomSemProdutos });
  });

  it('envia reais e percentuais como números, o código em maiúsculas, vazios como null e só os ids do escopo', () => {
    const dados = couponFormSchema.parse(
      novo({
        tipo: 'FIXO',
        valorFixo: '25,90',
        valorMinimo: '150,00',
        limitePorCliente: '1',
        escopo: 'PRODUTOS',
        categoriaIds: [3],
        produtos: [{ id: 9, nome: 'Resina' }],
      }),
    );
    expect(couponBody(dados)).toEqual({
      codigo: 'INVERNO10',
      descricao: 'Inverno',
      tipo: 'FIXO',
      valor: 25.9,
      valorMinimo: 150,
      inicio: null,
      fim: null,
      limiteUsos: null,
      limitePorCliente: 1,
      primeiraCompra: false,
      escopo: 'PRODUTOS',
      categoriaIds: [],
      produtoIds: [9],
      acumulaPix: true,
      acumulaBrinde: true,
      ativo: true,
    });
    expect(couponBody(couponFormSchema.parse(novo({ percentual: '12,5' })))).toMatchObject({ valor: 12.5 });
  });

  it('um cupom salvo volta ao formulário como foi gravado', () => {
    const cupom: Cupom = {
      id: 3,
      codigo: 'NATAL2025',
      descricao: 'Natal',
      tipo: 'PERCENTUAL',
      valor: 1550,
      escopo: 'CATEGORIAS',
      inicio: '2025-12-01',
      fim: '2025-12-26',
      limiteUsos: 100,
      ativo: true,
      usos: 4,
      situacao: 'EXPIRADO',
      valorMinimo: 15000,
      limitePorCliente: null,
      primeiraCompra: false,
      categorias: [{ id: 2, nome: 'Resinas' }],
      produtos: [],
      acumulaPix: false,
      acumulaBrinde: true,
      totalDescontado: 9000,
    };
    expect(couponFormValues(cupom)).toMatchObject({
      percentual: '15,5',
      valorFixo: '',
      valorMinimo: '150,00',
      inicio: '2025-12-01',
      limiteUsos: '100',
      limitePorCliente: '',
      categoriaIds: [2],
    });
  });
});
