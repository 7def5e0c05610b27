import { cnpj, cpf } from 'cpf-cnpj-validator';

/** Keeps digits only (CPF, CEP, phone). */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Keeps letters and digits, upper-cased (alphanumeric CNPJ since July 2026). */
export const onlyAlphanumeric = (value: string): string => value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();

export const isValidCpf = (value: string): boolean => cpf.isValid(onlyDigits(value));

export const isValidCnpj = (value: string): boolean => cnpj.isValid(onlyAlphanumeric(value));

export type DocumentKind = 'cpf' | 'cnpj';

/** 11 characters is a CPF, anything else a CNPJ (docs/behaviour/accounts-and-sign-in.md#sign-up). */
export const documentKind = (value: string): DocumentKind => (onlyAlphanumeric(value).length === 11 ? 'cpf' : 'cnpj');

export const isValidCpfOrCnpj = (value: string): boolean =>
  documentKind(value) === 'cpf' ? isValidCpf(value) : isValidCnpj(value);

export const formatCpf = (value: string): string => cpf.format(onlyDigits(value));
export const formatCnpj = (value: string): string => cnpj.format(onlyAlphanumeric(value));
