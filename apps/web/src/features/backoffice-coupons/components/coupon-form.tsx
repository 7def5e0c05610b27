import { formatBRL } from '@clinica/shared/money';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Cupom } from '@clinica/shared/schemas/cupom-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, ReceiptText, Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/backoffice/confirm-dialog';
import { useRecordEditing } from '../../../components/backoffice/crud/use-record-editing';
import { EditCard, FormActions, LockableFieldset } from '../../../components/backoffice/edit-card';
import { errorOf, fieldProps, statusOf } from '../../../components/forms/form-helpers';
import { Button, ButtonLink } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError } from '../../../components/ui/toast';
import { useCupomMutations } from '../api/cupons';
import {
  couponBody,
  couponFormSchema,
  couponFormValues,
  type CouponFormData,
  type CouponFormValues,
} from '../coupon-form-schema';
import { ESCOPO_LABEL, SITUACAO } from '../coupon-format';
import { usosPath } from './coupons-table';
import { CategoryChoices, ProductChoices } from './scope-choices';
import styles from './coupon-form.module.css';

export const CUPONS_PATH = '/cupons';

const TIPO_OPTIONS: readonly SelectOption[] = [
  { value: 'PERCENTUAL', label: 'Percentual (%)' },
  { value: 'FIXO', label: 'Valor fixo (R$)' },
];
const ESCOPO_OPTIONS: readonly SelectOption[] = Object.entries(ESCOPO_LABEL).map(([value, label]) => ({
  value,
  label,
}));

/** A money field of the form (the cents mask), bound with its message and look. */
function Money({
  form,
  name,
  label,
  hint,
  required,
  placeholder,
}: {
  form: ReturnType<typeof useForm<CouponFormValues, unknown, CouponFormData>>;
  name: Path<CouponFormValues> & ('valorFixo' | 'valorMinimo');
  label: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <MoneyField
          label={label}
          required={required}
          hint={hint}
          placeholder={placeholder}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={errorOf(form, name)}
          status={statusOf(form, name)}
        />
      )}
    />
  );
}

export interface CouponFormProps {
  /** The coupon being edited or seen; null on the create screen. */
  cupom: Cupom | null;
  /** The manager edits and deactivates; the staff only see (ADR 025). */
  gerente: boolean;
  onReload: () => Promise<{ data?: Cupom | undefined }>;
}

/**
 * The coupon in four groups (docs/behaviour/back-office.md#coupons): code and discount, where it applies, validity
 * and limits, what it combines with. The edit screen starts locked ('Editar' / 'Cancelar'); 'Desativar cupom' asks
 * first and goes back to the list. The staff see the same fields, locked, without the buttons.
 */
export function CouponForm({ cupom, gerente, onReload }: CouponFormProps) {
  const { salvar, desativar } = useCupomMutations();
  const [confirmando, setConfirmando] = useState(false);
  const form = useForm<CouponFormValues, unknown, CouponFormData>({
    resolver: zodResolver(couponFormSchema),
    mode: 'all',
    defaultValues: couponFormValues(cupom),
  });
  const { mode, locked, edit, saved, cancel, remove } = useRecordEditing({
    record: cupom,
    form,
    valuesOf: couponFormValues,
    onReload,
    listHref: CUPONS_PATH,
    // The record screens' removal is this screen's deactivation: asked first, then back to the list.
    excluir: (id) => desativar.mutateAsync(id),
    messages: {
      criado: MSG_BO.cupomCadastrado,
      editado: MSG_BO.cupomAtualizado,
      deletado: MSG_BO.cupomDesativadoComSucesso,
    },
  });
  const [tipo, escopo] = useWatch({ control: form.control, name: ['tipo', 'escopo'] });
  const busy = salvar.isPending;

  const submit = form.handleSubmit(async (data) => {
    try {
      saved(await salvar.mutateAsync({ id: cupom?.id ?? null, body: couponBody(data) }));
    } catch (error) {
      notifyApiError(error);
    }
  });

  const resumo =
    cupom &&
    `${SITUACAO[cupom.situacao].label} · ${cupom.usos} ${cupom.usos === 1 ? 'uso' : 'usos'} · ${formatBRL(
      cupom.totalDescontado,
    )} descontados`;

  return (
    <EditCard
      title={cupom ? cupom.codigo : 'Novo cupom'}
      description={resumo ?? 'Preencha os dados e salve para cadastrar.'}
      mode={mode}
      onEdit={gerente ? edit : undefined}
      onCancel={() => void cancel()}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Dados do cupom">
        <LockableFieldset locked={locked} legend="Código e desconto">
          <div className={styles.grid}>
            <TextField
              label="Código"
              required
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={30}
              hint="O que o cliente digita: letras sem acento e números, sem espaços."
              className={styles.codigo}
              {...fieldProps(form, 'codigo')}
            />
            <TextField
              label="Descrição"
              required
              maxLength={255}
              autoComplete="off"
              hint="Para a equipe; o cliente vê o desconto calculado."
              className={styles.full}
              {...fieldProps(form, 'descricao')}
            />
            <SelectField label="Tipo de desconto" required options={TIPO_OPTIONS} {...fieldProps(form, 'tipo')} />
            {tipo === 'PERCENTUAL' ? (
              <TextField
                label="Percentual"
                required
                inputMode="decimal"
                autoComplete="off"
                endAdornment={<span className={styles.suffix}>%</span>}
                hint="De 0,01 a 100, sobre os produtos em que o cupom vale."
                {...fieldProps(form, 'percentual')}
              />
            ) : (
              <Money
                form={form}
                name="valorFixo"
                label="Valor do desconto"
                required
                hint="Nunca passa do valor dos produtos em que vale."
              />
            )}
          </div>
        </LockableFieldset>

        <LockableFieldset locked={locked} legend="Onde vale">
          <div className={styles.grid}>
            <SelectField label="Vale para" required options={ESCOPO_OPTIONS} {...fieldProps(form, 'escopo')} />
            <Money
              form={form}
              name="valorMinimo"
              label="Valor mínimo em produtos"
              placeholder="Sem mínimo"
              hint="Soma dos produtos da sacola. Vazio: sem mínimo."
            />
            {escopo === 'CATEGORIAS' && (
              <div className={styles.full}>
                <CategoryChoices form={form} />
              </div>
            )}
            {escopo === 'PRODUTOS' && (
              <div className={styles.full}>
                <ProductChoices form={form} locked={locked} />
              </div>
            )}
          </div>
          <p className={styles.note}>O brinde nunca recebe desconto.</p>
        </LockableFieldset>

        <LockableFieldset locked={locked} legend="Validade e limites">
          <div className={styles.grid}>
            <TextField label="Vale a partir de" type="date" hint="Vazio: desde já." {...fieldProps(form, 'inicio')} />
            <TextField label="Vale até" type="date" hint="Inclusive. Vazio: sem prazo." {...fieldProps(form, 'fim')} />
            <TextField
              label="Limite de usos"
              inputMode="numeric"
              autoComplete="off"
              hint="Total de pedidos. Vazio: sem limite."
              {...fieldProps(form, 'limiteUsos')}
            />
            <TextField
              label="Usos por cliente"
              inputMode="numeric"
              autoComplete="off"
              hint="Vazio: sem limite."
              {...fieldProps(form, 'limitePorCliente')}
            />
          </div>
          <SwitchField
            label="Só na primeira compra"
            description="Para quem nunca teve um pedido pago, enviado ou entregue."
            {...form.register('primeiraCompra')}
          />
        </LockableFieldset>

        <LockableFieldset locked={locked} legend="Combinações e situação">
          <SwitchField
            label="Acumula com o desconto do PIX"
            description="Desligado: pagando com PIX, vale só o cupom; o desconto do PIX não se soma a ele."
            {...form.register('acumulaPix')}
          />
          <SwitchField
            label="Acumula com o brinde"
            description="Desligado: a compra com este cupom não ganha o brinde automático."
            {...form.register('acumulaBrinde')}
          />
          <SwitchField
            label="Cupom ativo"
            description="Desativado, o cupom não vale em novos pedidos; os pedidos que já o usaram não mudam."
            {...form.register('ativo')}
          />
        </LockableFieldset>

        <FormActions
          start={
            cupom && (
              <>
                <ButtonLink to={usosPath(cupom.id)} variant="outline">
                  <ReceiptText size={16} aria-hidden="true" />
                  Ver usos
                </ButtonLink>
                {gerente && cupom.ativo && (
                  <Button
                    variant="outline"
                    className={styles.deactivate}
                    onClick={() => setConfirmando(true)}
                    disabled={busy || desativar.isPending}
                  >
                    <Ban size={16} aria-hidden="true" />
                    Desativar cupom
                  </Button>
                )}
              </>
            )
          }
        >
          {!locked && (
            <Button type="submit" loading={busy}>
              <Save size={18} aria-hidden="true" />
              {cupom ? 'Salvar alterações' : 'Cadastrar cupom'}
            </Button>
          )}
        </FormActions>
      </form>
      {cupom && (
        <ConfirmDialog
          open={confirmando}
          onOpenChange={setConfirmando}
          title={`Desativar o cupom ${cupom.codigo}?`}
          message={MSG_BO.cupomDesativarConfirmacao.replace('{codigo}', cupom.codigo)}
          confirmLabel="Desativar"
          busy={desativar.isPending}
          onConfirm={() => void remove().finally(() => setConfirmando(false))}
        />
      )}
    </EditCard>
  );
}
