import { cardBin, cardErrors, type CardInput } from '@clinica/shared/card';
import { maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { ConfiguracaoPagamento } from '@clinica/shared/schemas/pagamento';
import { useCallback, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useConfiguracaoPagamento } from '../../lib/payment/api';
import { PaymentError, tokenizarCartao, verificarCartao, type CartaoTokenizado } from '../../lib/payment/card';

/** The card form's values as typed (masked). */
export interface CardValues extends CardInput {
  /** 'Same document as the personal data' (docs/behaviour/payments.md#card). */
  mesmoDocumento: boolean;
}

const EMPTY_CARD: CardValues = {
  numero: '',
  nome: '',
  validade: '',
  cvc: '',
  documento: '',
  mesmoDocumento: false,
};

/** Every card rule (docs/behaviour/forms-and-validation.md#card, packages/shared/src/card.ts), each with its field's message. */
const cardResolver: Resolver<CardValues> = (values) => {
  const errors = cardErrors(values);
  const entries = Object.entries(errors);
  if (entries.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      entries.map(([name, message]) => [name, { type: 'card', message }]),
    ) as FieldErrors<CardValues>,
  };
};

/** The number field's blur check (docs/behaviour/payments.md#card-number-check). */
export type CardCheck =
  | { state: 'idle' }
  | { state: 'checking'; bin: string }
  | { state: 'accepted'; bin: string; paymentMethodId: string | null }
  | { state: 'rejected'; bin: string }
  | { state: 'error'; bin: string };

/**
 * The card form's state: react-hook-form with the card rules, the number's
 * blur check against the provider, and `tokenize()`, which checks everything,
 * asks the provider for a token and gives back only the token and the brand.
 * `documentoPessoal` (the personal data's CPF/CNPJ) enables 'same document'.
 */
export function useCardForm({ documentoPessoal }: { documentoPessoal?: string | undefined } = {}) {
  const form = useForm<CardValues>({ resolver: cardResolver, mode: 'all', defaultValues: EMPTY_CARD });
  // Read while rendering so react-hook-form re-renders on every validation (the form-level message).
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  const configuracao = useConfiguracaoPagamento();
  const [check, setCheckState] = useState<CardCheck>({ state: 'idle' });
  const [tried, setTried] = useState(false);
  /** How many times the form was sent: each failed send brings its message into view again (card-fields.tsx). */
  const [attempts, setAttempts] = useState(0);
  const checking = useRef<Promise<CardCheck> | null>(null);
  const checkRef = useRef<CardCheck>({ state: 'idle' });
  const setCheck = useCallback((next: CardCheck) => {
    checkRef.current = next;
    setCheckState(next);
  }, []);

  const config = useCallback(async (): Promise<ConfiguracaoPagamento> => {
    if (configuracao.data) return configuracao.data;
    const result = await configuracao.refetch();
    if (!result.data) throw new PaymentError(MSG.erroMetodosPagamento);
    return result.data;
  }, [configuracao]);

  /** Checks the number's first 8 digits with the provider (once per bin). */
  const verify = useCallback(
    async (numero: string): Promise<CardCheck> => {
      const bin = cardBin(numero);
      if (!bin) {
        setCheck({ state: 'idle' });
        return { state: 'idle' };
      }
      const current = checkRef.current;
      if (current.state !== 'idle' && current.bin === bin && current.state !== 'error') {
        if (current.state === 'checking' && checking.current) return checking.current;
        return current;
      }
      setCheck({ state: 'checking', bin });
      const run = (async (): Promise<CardCheck> => {
        try {
          const result = await verificarCartao(await config(), numero);
          return result.mpAceita
            ? { state: 'accepted', bin, paymentMethodId: result.paymentMethodId }
            : { state: 'rejected', bin };
        } catch {
          return { state: 'error', bin };
        }
      })();
      checking.current = run;
      const next = await run;
      // A newer number may have been typed meanwhile: only its own check counts.
      if (cardBin(form.getValues('numero')) === bin) setCheck(next);
      return next;
    },
    [config, form, setCheck],
  );

  /** 'Same document as the personal data': on copies it (valid), off clears it (invalid). */
  const setMesmoDocumento = useCallback(
    (on: boolean) => {
      form.setValue('mesmoDocumento', on);
      form.setValue('documento', on ? maskCpfCnpj(documentoPessoal ?? '') : '', {
        shouldValidate: true,
        shouldDirty: true,
        shouldTouch: true,
      });
    },
    [form, documentoPessoal],
  );

  /**
   * Every field valid and the bin accepted, then the token. Throws a
   * PaymentError: 'Dados do pagamento invalidos' for a field (or a card the
   * provider does not take), 'Erro ao processar cartão. Verifique os dados.'
   * when the tokenizer fails.
   */
  const tokenize = useCallback(async (): Promise<CartaoTokenizado> => {
    setTried(true);
    setAttempts((n) => n + 1);
    const valid = await form.trigger();
    const values = form.getValues();
    if (!valid) throw new PaymentError(MSG.dadosPagamentoInvalidos);
    const verified = await verify(values.numero);
    if (verified.state === 'error') throw new PaymentError(MSG.erroMetodosPagamento);
    if (verified.state !== 'accepted') throw new PaymentError(MSG.dadosPagamentoInvalidos);
    const cartao = await tokenizarCartao(await config(), values);
    return { ...cartao, paymentMethodId: cartao.paymentMethodId || verified.paymentMethodId || '' };
  }, [form, verify, config]);

  return {
    form,
    check,
    verify,
    tried,
    attempts,
    /** Some field breaks a rule (after `tokenize()` was tried, 'Dados do pagamento invalidos' shows). */
    hasErrors,
    tokenize,
    setMesmoDocumento,
    documentoPessoal: documentoPessoal || undefined,
  };
}

export type CardForm = ReturnType<typeof useCardForm>;
