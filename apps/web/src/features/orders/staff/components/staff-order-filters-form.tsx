import { SITUACOES_PEDIDO } from '@clinica/shared/schemas/pedido';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useMunicipios } from '../../../../components/address/api/municipios';
import { useUfs } from '../../../../components/address/api/ufs';
import { FilterCard, useFilterForm } from '../../../../components/backoffice/filter-card';
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
 * Filters of the staff's /orders (docs/behaviour/back-office.md#orders; GET /pedido/admin/listagem):
 * period (the start date required, today by default), order number, status,
 * state then city, a client and a product found by name (the product from
 * its 4th character). Checked on 'Filtrar', then on every change.
 */
export function StaffOrderFiltersForm({ value, empty, onApply, onClear }: StaffOrderFiltersFormProps) {
  // State and city are controlled selects: each shows its value as soon as its options arrive.
  const { form, bind, clear } = useFilterForm(staffOrderFiltersFormSchema, value, empty, onClear);
  const { register, formState, setValue, control } = form;
  const [idUf, idCidade, idCliente, nomeCliente, idProduto, nomeProduto] = useWatch({
    control,
    name: ['idUf', 'idCidade', 'idCliente', 'nomeCliente', 'idProduto', 'nomeProduto'],
  });

  const ufs = useUfs();
  const municipios = useMunicipios(idUf ? Number(idUf) : null);
  const ufOptions = useMemo(() => ufs.ufs.map((u) => ({ value: String(u.id), label: u.nome })), [ufs.ufs]);
  const cidadeOptions = useMemo(
    () => municipios.municipios.map((m) => ({ value: String(m.id), label: m.nome })),
    [municipios.municipios],
  );

  const ufField = register('idUf');

  // The phone's fold counts the filters other than today's orders.
  const applied = (Object.keys(value) as Array<keyof FormValues>).filter(
    (k) => k !== 'sort' && !k.startsWith('nome') && value[k] !== empty[k],
  ).length;

  const pick = (id: 'idCliente' | 'idProduto', nome: 'nomeCliente' | 'nomeProduto') => ({
    value: id === 'idCliente' ? { id: idCliente, nome: nomeCliente } : { id: idProduto, nome: nomeProduto },
    onChange: (v: { id: string; nome: string }) => {
      setValue(id, v.id, { shouldValidate: formState.isSubmitted });
      setValue(nome, v.nome);
    },
    error: formState.errors[id]?.message,
  });

  return (
    <FilterCard
      label="Filtrar pedidos"
      applied={applied}
      onSubmit={form.handleSubmit((values) => onApply(values))}
      onClear={clear}
      fieldsClassName={styles.fields}
    >
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
    </FilterCard>
  );
}
