import { digitsOnly, maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch, type Path } from 'react-hook-form';
import { MaskedField } from '../ui/masked-field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { fieldStatus, TextField } from '../ui/text-field';
import { notifyApiError } from '../ui/toast';
import type { AddressForm, AddressValues } from './address-schema';
import styles from './address-fields.module.css';
import { useMunicipios } from './api/municipios';
import { useUfs } from './api/ufs';
import { useViaCepLookup } from './api/via-cep';

export interface AddressFieldsProps {
  /** The block's form (`useAddressForm`). */
  form: AddressForm;
  /**
   * Sign-up: every field after the CEP stays disabled until a CEP lookup has
   * answered (docs/behaviour/forms-and-validation.md#address). Without it (a saved address) the fields are only
   * locked while a lookup runs.
   */
  lockUntilLookup?: boolean;
  /** Disables the whole block (e.g. while the form is being sent). */
  disabled?: boolean;
}

type Filled = Path<AddressValues>;

/** The Correios search for who does not know the CEP (opens in a new tab). */
const CORREIOS_CEP_URL = 'https://buscacepinter.correios.com.br/app/endereco/index.php';

/**
 * The address block of sign-up, profile and checkout: CEP (99999-999) with a
 * lookup that fills district, street, state and city; state and city selects
 * (states load when the block appears, cities when a state is chosen);
 * street, number, complement (optional) and district.
 */
export function AddressFields({ form, lockUntilLookup = false, disabled = false }: AddressFieldsProps) {
  const { control, register, setValue, clearErrors, resetField, getFieldState, getValues, formState, setFocus } = form;
  const lookupCep = useViaCepLookup();
  // A complete CEP given before the block appears, without its street (the checkout's CEP of the last freight
  // quote), is looked up as if it had just been typed.
  const [givenCep] = useState(() => {
    const cep = digitsOnly(getValues('cep'));
    return cep.length === 8 && !getValues('logradouro') ? cep : null;
  });
  const [searching, setSearching] = useState(givenCep !== null);
  const [answered, setAnswered] = useState(!lockUntilLookup);
  // The CEP whose answer is awaited or was applied last (a stale answer is ignored).
  const currentCep = useRef<string | null>(givenCep ?? (digitsOnly(getValues('cep')) || null));
  const focusAfterUnlock = useRef<Filled | null>(null);

  const ufValue = useWatch({ control, name: 'uf' });
  const complemento = useWatch({ control, name: 'complemento' });
  const ufId = ufValue ? Number(ufValue) : null;
  const ufs = useUfs();
  const cities = useMunicipios(ufId);

  const locked = disabled || searching || !answered;

  useEffect(
    () => () => {
      currentCep.current = null; // unmounted: ignore an answer still on its way
    },
    [],
  );

  useEffect(() => {
    if (!locked && focusAfterUnlock.current) {
      setFocus(focusAfterUnlock.current);
      focusAfterUnlock.current = null;
    }
  }, [locked, setFocus]);

  const fill = (name: Filled, value: string) => {
    if (value) setValue(name, value, { shouldDirty: true, shouldValidate: true });
    else {
      setValue(name, '', { shouldDirty: true });
      clearErrors(name);
    }
  };

  async function lookup(cep: string) {
    currentCep.current = cep;
    setSearching(true);
    await apply(cep);
  }

  /** Fills the block with the answer for `cep` (or opens it empty when the CEP is unknown). */
  async function apply(cep: string) {
    try {
      const found = await lookupCep(cep);
      if (currentCep.current !== cep) return;
      fill('logradouro', found.logradouro);
      fill('bairro', found.bairro);
      fill('uf', String(found.uf.id));
      fill('municipio', found.municipio ? String(found.municipio.id) : '');
      focusAfterUnlock.current = found.logradouro ? 'numero' : 'logradouro';
    } catch (error) {
      if (currentCep.current !== cep) return;
      // Unknown CEP (404) or lookup down: the fields open empty for the user to fill (docs/behaviour/forms-and-validation.md#address).
      (['logradouro', 'bairro', 'uf', 'municipio'] as const).forEach((name) => fill(name, ''));
      notifyApiError(error, MSG.cepNaoEncontrado, { toastId: `cep-${cep}` });
      focusAfterUnlock.current = 'logradouro';
      currentCep.current = null; // typing the same CEP again retries
    }
    setSearching(false);
    setAnswered(true);
  }

  useEffect(() => {
    if (givenCep) void apply(givenCep);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const status = (name: Filled) => fieldStatus(getFieldState(name, formState), formState.isSubmitted);
  const error = (name: Filled) => formState.errors[name]?.message;

  const ufOptions = ufs.ufs.map((uf) => ({ value: String(uf.id), label: `${uf.nome} (${uf.sigla})` }));
  const cityOptions = cities.municipios.map((m) => ({ value: String(m.id), label: m.nome }));
  const cityPlaceholder = ufId !== null && cities.isFetching && !cities.data ? MSG.carregando : 'Selecione';

  return (
    <div className={styles.grid}>
      <div className={styles.cepRow}>
        <Controller
          name="cep"
          control={control}
          render={({ field }) => (
            <MaskedField
              label="CEP"
              mask={maskCep}
              value={field.value}
              onChange={(masked) => {
                field.onChange(masked);
                const digits = digitsOnly(masked);
                if (digits.length === 8 && digits !== currentCep.current) void lookup(digits);
              }}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={error('cep')}
              status={status('cep')}
              hint={
                searching ? 'Buscando endereço...' : answered ? undefined : 'Informe o CEP para preencher o endereço.'
              }
              endAdornment={searching ? <Spinner size="sm" label="Buscando endereço" /> : undefined}
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              disabled={disabled}
              required
            />
          )}
        />
        <a className={styles.cepHelp} href={CORREIOS_CEP_URL} target="_blank" rel="noopener noreferrer">
          Não sei meu CEP
          <ExternalLink size={14} aria-hidden="true" />
          <span className="visually-hidden"> (abre em nova aba)</span>
        </a>
      </div>

      <TextField
        label="Logradouro"
        className={styles.full}
        autoComplete="address-line1"
        placeholder="Rua, avenida, travessa..."
        disabled={locked}
        required
        {...register('logradouro')}
        error={error('logradouro')}
        status={status('logradouro')}
      />

      <TextField
        label="Número"
        autoComplete="off"
        inputMode="text"
        placeholder="Ex.: 120"
        disabled={locked}
        required
        {...register('numero')}
        error={error('numero')}
        status={status('numero')}
      />

      <TextField
        label="Complemento"
        autoComplete="address-line2"
        placeholder="Apto, bloco, sala (opcional)"
        disabled={locked}
        {...register('complemento')}
        error={error('complemento')}
        status={complemento ? status('complemento') : 'idle'}
      />

      <TextField
        label="Bairro"
        className={styles.full}
        autoComplete="off"
        disabled={locked}
        required
        {...register('bairro')}
        error={error('bairro')}
        status={status('bairro')}
      />

      <Controller
        name="uf"
        control={control}
        render={({ field }) => (
          <SelectField
            label="Estado"
            options={ufOptions}
            placeholder={ufs.isPending ? MSG.carregando : 'Selecione'}
            disabled={locked}
            required
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(e) => {
              field.onChange(e.target.value);
              // Another state: the city is chosen again among its cities.
              resetField('municipio', { defaultValue: '' });
            }}
            error={error('uf')}
            status={status('uf')}
          />
        )}
      />

      <Controller
        name="municipio"
        control={control}
        render={({ field }) => (
          <SelectField
            label="Cidade"
            options={cityOptions}
            placeholder={cityPlaceholder}
            disabled={locked || ufId === null}
            required
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.value)}
            error={error('municipio')}
            status={status('municipio')}
          />
        )}
      />
    </div>
  );
}
