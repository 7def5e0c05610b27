import { centsToDecimalString, toCents, type Cents } from '@clinica/shared/money';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Money columns: `numeric(12,2)` in SQL, integer cents in TypeScript. The
 * conversion happens here, at the database boundary, and nowhere else: the
 * driver's decimal string ('1234.56') becomes 123456 on the way in, and cents
 * go back as an exact decimal string, so no float ever touches an amount.
 */
export const money = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => toCents(String(value)),
  toDriver: (cents) => {
    if (!Number.isSafeInteger(cents)) throw new TypeError(`Valor monetário em centavos inválido: ${cents}`);
    return centsToDecimalString(cents);
  },
});

/** An instant: `timestamptz`, read as a Date (the store's timestamps are all with time zone). */
export const instante = (nome: string) => timestamp(nome, { withTimezone: true });
