import { zodResolver } from '@hookform/resolvers/zod';
import { SITUACOES_PEDIDO } from '@clinica/shared/schemas/pedido';
import { ChevronDown, Eraser, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useMunicipios } from '../../../../components/address/api/municipios';
import { useUfs } from '../../../../components/address/api/ufs';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { SITUACAO_LABEL } from '../../../../lib/order-status';
import { buscarClientes, buscarProdutos } from '../../api/buscas';
import {
  CLIENTE_BUSCA_MIN,
  PRODUTO_BUSCA_MIN,
  staffOrderFiltersFormSchema,
  type StaffOrderFiltersForm as FormValues,
} from '../staff-order-filters';
import { SearchCombobox } from './search-combobox';
import styles from './staff-order-filters-form.module.css';

const SITUACAO_OPTIONS = SITUACOES_PEDIDO.map((s) => ({ value: s, label: SITUACAO_LABEL[s] }));

export interface StaffOrderFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  /** What 'Limpar' goes back to (today's orders). */
  empty: FormValues;
  onApply: (values: FormValues) => void;
  onClear: () => void;
}

/**
 * Filters of the staff's /orders (SPEC §2, §7 GET /pedido/admin/listagem):
 * period (the start date required, today by default), order number, status,
 * state then city, a client and a product found by name (the product from
 * its 4th character, SPEC §5). Checked on 'Filtrar', then on every change.
 */
export function StaffOrderFiltersForm({ value, empty, onApply, onClear }: StaffOrderFiltersFormProps) {
  const form = useForm<FormValues>({
    resolver: zodResolver(staffOrderFiltersFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: value,
  });
  const { register, formState, reset, setValue, control } = form;
  const [idUf, idCidade, idCliente, nomeCliente, idProduto, nomeProduto] = useWatch({
    control,
    name: ['idUf', 'idCidade', 'idCliente', 'nomeCliente', 'idProduto', 'nomeProduto'],
  });

  const serialized = JSON.stringify(value);
  const ufs = useUfs();
  const municipios = useMunicipios(idUf ? Number(idUf) : null);
  const ufOptions = useMemo(() => ufs.ufs.map((u) => ({ value: String(u.id), label: u.nome })), [ufs.ufs]);
  const cidadeOptions = useMemo(
    () => municipios.municipios.map((m) => ({ value: String(m.id), label: m.nome })),
    [municipios.municipios],
  );

  // The applied filters, when they change from outside. State and city are controlled selects: each
  // shows its value as soon as its options arrive.
  useEffect(() => {
    reset(JSON.parse(serialized) as FormValues);
  }, [reset, serialized]);

  const bind = (name: Path<FormValues>) => {
    const error = formState.errors[name]?.message;
    return { ...register(name), error, status: error ? ('invalid' as const) : ('idle' as const) };
  };

  const ufField = register('idUf');
  const clear = () => {
    reset(empty);
    onClear();
  };

  // Small screens: the filters fold under a button (open when some filter is applied).
  const applied = (Object.keys(value) as Array<keyof FormValues>).filter(
    (k) => k !== 'sort' && !k.startsWith('nome') && value[k] !== empty[k],
  ).length;
  const [open, setOpen] = useState(applied > 0);
  const fieldsId = useId();

  const pick = (id: 'idCliente' | 'idProduto', nome: 'nomeCliente' | 'nomeProduto') => ({
    value: id === 'idCliente' ? { id: idCliente, nome: nomeCliente } : { id: idProduto, nome: nomeProduto },
    onChange: (v: { id: string; nome: string }) => {
      setValue(id, v.id, { shouldValidate: formState.isSubmitted });
      setValue(nome, v.nome);
    },
    error: formState.errors[id]?.message,
  });

  return (
    <form
      className={`${styles.form} ${open ? styles.open : ''}`}
      noValidate
      onSubmit={form.handleSubmit((values) => onApply(values))}
      aria-label="Filtrar pedidos"
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((v) => !v)}
      >
        <SlidersHorizontal size={18} aria-hidden="true" />
        Filtros
        {applied > 0 && <span className={styles.applied}>{applied}</span>}
        <ChevronDown size={18} className={styles.chevron} aria-hidden="true" />
      </button>
      <div className={styles.fields} id={fieldsId}>
        <TextField label="Data de início" type="date" required className={styles.date} {...bind('dataInicio')} />
        <TextField label="Data final" type="date" className={styles.date} {...bind('dataFim')} />
        <TextField
          label="Nº do pedido"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Ex.: 1024"
          className={styles.small}
          {...bind('idPedido')}
        />
        <SelectField
          label="Situação"
          placeholder="Todas"
          options={SITUACAO_OPTIONS}
          className={styles.small}
          {...bind('situacao')}
        />
        <SelectField
          label="Estado"
          placeholder={ufs.isPending ? 'Carregando...' : 'Todos'}
          options={ufOptions}
          className={styles.small}
          {...bind('idUf')}
          value={idUf}
          onChange={(e) => {
            void ufField.onChange(e);
            setValue('idCidade', '');
          }}
        />
        <SelectField
          label="Cidade"
          placeholder={idUf && municipios.isPending ? 'Carregando...' : 'Todas'}
          title={idUf ? undefined : 'Escolha antes o estado'}
          options={cidadeOptions}
          disabled={!idUf}
          className={styles.small}
          {...bind('idCidade')}
          value={idCidade}
        />
        <div className={styles.wide}>
          <SearchCombobox
            label="Cliente"
            tipo="cliente"
            placeholder="Nome ou razão social"
            hint={`Digite ao menos ${CLIENTE_BUSCA_MIN} letras e escolha na lista.`}
            minChars={CLIENTE_BUSCA_MIN}
            search={buscarClientes}
            {...pick('idCliente', 'nomeCliente')}
          />
        </div>
        <div className={styles.wide}>
          <SearchCombobox
            label="Produto"
            tipo="produto"
            placeholder="Nome do produto"
            hint={`Digite ao menos ${PRODUTO_BUSCA_MIN} letras e escolha na lista.`}
            minChars={PRODUTO_BUSCA_MIN}
            search={buscarProdutos}
            {...pick('idProduto', 'nomeProduto')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit">
            <Search size={18} aria-hidden="true" />
            Filtrar
          </Button>
          <Button type="button" variant="ghost" onClick={clear}>
            <Eraser size={18} aria-hidden="true" />
            Limpar
          </Button>
        </div>
      </div>
    </form>
  );
}
