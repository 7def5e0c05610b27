import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fromCents } from '@clinica/shared/money';
import type { CondicaoDesconto } from '@clinica/shared/schemas/desconto';
import { textoMin3 } from '@clinica/shared/schemas/backoffice-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { EditCard, FormActions, LockableFieldset } from '../../../components/backoffice/edit-card';
import { errorOf, fieldProps, statusOf } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { MoneyField, moneyFieldSchema, moneyText } from '../../../components/ui/money-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError } from '../../../components/ui/toast';
import { useDesconto, useDescontoMutations } from '../api/descontos';
import { DeleteAction, RecordFrame, useRecordId } from '../components/record-frame';
import { useRecordEditing } from '../components/use-record-editing';
import styles from '../components/record-form.module.css';

/**
 * The discount form (SPEC §5): descrição of 3 or more characters; valor not
 * empty ('O campo não pode ficar vazio.'), in reais, above zero (the API's
 * rule); ativo.
 */
export const descontoFormSchema = z.object({
  descricao: textoMin3(255),
  valor: moneyFieldSchema().refine((cents) => cents > 0, { error: MSG_BO.condicaoDescontoValorZero }),
  ativo: z.boolean(),
});
type DescontoValues = z.input<typeof descontoFormSchema>;
type DescontoData = z.output<typeof descontoFormSchema>;

const valuesOf = (d: CondicaoDesconto | null): DescontoValues => ({
  descricao: d?.descricao ?? '',
  valor: moneyText(d?.valor),
  ativo: d?.ativo ?? false,
});

/**
 * /newDiscount 'Cadastro de descontos' and /editDiscount/{id} (SPEC §2): a
 * discount condition is the spend (in reais) from which the bag earns the
 * gift; only one may be active (a second one is refused with the server's
 * message). The edit screen starts locked; deleting goes back to /unitarys.
 */
export function DescontoPage() {
  const id = useRecordId();
  const query = useDesconto(id !== null && !Number.isNaN(id) ? id : null);
  return (
    <RecordFrame
      title={id === null ? 'Cadastro de descontos' : 'Editar desconto'}
      description="A condição de desconto ativa define o valor de compras a partir do qual o cliente ganha o brinde."
      tab="descontos"
      backLabel="Voltar aos descontos"
      id={id}
      query={query}
      auditoria="desconto"
    >
      {(desconto) => <DescontoForm desconto={desconto} onReload={() => query.refetch()} />}
    </RecordFrame>
  );
}

function DescontoForm({
  desconto,
  onReload,
}: {
  desconto: CondicaoDesconto | null;
  onReload: () => Promise<{ data?: CondicaoDesconto | undefined }>;
}) {
  const { salvar, excluir } = useDescontoMutations();
  const form = useForm<DescontoValues, unknown, DescontoData>({
    resolver: zodResolver(descontoFormSchema),
    mode: 'all',
    defaultValues: valuesOf(desconto),
  });
  const { mode, locked, edit, saved, cancel, remove } = useRecordEditing({
    record: desconto,
    form,
    valuesOf,
    onReload,
    tab: 'descontos',
    excluir: (id) => excluir.mutateAsync(id),
    messages: {
      criado: MSG_BO.condicaoDescontoCadastrada,
      editado: MSG_BO.condicaoDescontoAtualizada,
      deletado: MSG_BO.condicaoDescontoDeletada,
    },
  });
  const busy = salvar.isPending;

  // SPEC §8: a refused creation shows the server's message (e.g. a second active condition, 409).
  const submit = form.handleSubmit(({ descricao, valor, ativo }) =>
    salvar.mutate(
      { id: desconto?.id ?? null, body: { descricao, valor: fromCents(valor), ativo } },
      { onSuccess: (r) => saved(r), onError: (error) => notifyApiError(error) },
    ),
  );

  return (
    <EditCard
      title={desconto ? desconto.descricao : 'Nova condição de desconto'}
      description={desconto ? `Condição #${desconto.id}` : 'Preencha os dados e salve para cadastrar.'}
      mode={mode}
      onEdit={edit}
      onCancel={() => void cancel()}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Dados da condição de desconto">
        <LockableFieldset locked={locked}>
          <TextField label="Descrição" required maxLength={255} autoComplete="off" {...fieldProps(form, 'descricao')} />
          <Controller
            name="valor"
            control={form.control}
            render={({ field }) => (
              <MoneyField
                label="Valor mínimo de compras"
                required
                hint="Em reais: quando os produtos da sacola somam este valor, o cliente ganha o brinde."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errorOf(form, 'valor')}
                status={statusOf(form, 'valor')}
              />
            )}
          />
          <SwitchField
            label="Condição ativa"
            description="Só uma condição pode estar ativa: ela vale para todas as sacolas da loja."
            {...form.register('ativo')}
          />
        </LockableFieldset>
        <FormActions
          start={
            desconto && (
              <DeleteAction
                label="Excluir desconto"
                title="Excluir condição de desconto?"
                message={`A condição “${desconto.descricao}” será excluída. A condição ativa não pode ser excluída.`}
                busy={excluir.isPending}
                disabled={busy}
                onConfirm={remove}
              />
            )
          }
        >
          {!locked && (
            <Button type="submit" loading={busy}>
              <Save size={18} aria-hidden="true" />
              {desconto ? 'Salvar alterações' : 'Cadastrar desconto'}
            </Button>
          )}
        </FormActions>
      </form>
    </EditCard>
  );
}

export { DescontoPage as Component };
