import { MSG_BO, SERVICOS_FRETE } from '@clinica/shared/messages-backoffice';
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { RegrasComerciaisInput } from '@clinica/shared/schemas/comercial-admin';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AuditTrail } from '../../components/backoffice/audit-trail';
import { EditCard, FormActions, LockableFieldset } from '../../components/backoffice/edit-card';
import { LoadFailure } from '../../components/backoffice/load-failure';
import { errorOf, fieldProps, statusOf } from '../../components/forms/form-helpers';
import { Button } from '../../components/ui/button';
import { MoneyField } from '../../components/ui/money-field';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { SwitchField } from '../../components/ui/switch-field';
import { TextField } from '../../components/ui/text-field';
import { notifyApiError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useCondicoesComerciais } from '../../lib/condicoes-comerciais';
import recordStyles from '../../components/backoffice/crud/record-form.module.css';
import { useSalvarCondicoes } from './api/condicoes-comerciais';
import { regrasResolver, valuesOf, type RegrasValues } from './commercial-rules-form';
import styles from './commercial-rules-page.module.css';
import { InstallmentPreview } from './components/installment-preview';
import { UfPicker } from './components/uf-picker';

/**
 * /condicoes-comerciais (ADMIN; docs/behaviour/back-office.md#commercial-rules): the store's installments, PIX
 * discount, boleto and free shipping, locked until 'Editar' (the shared edit card), saved with POST
 * /condicoescomerciais/ ('Condições comerciais salvas com sucesso!'), with a live simulation of a R$ 1.000,00
 * purchase beside the form and the rules' 'Histórico de alterações' under it.
 */
export function CommercialRulesPage() {
  const query = useCondicoesComerciais();
  return (
    <PageFrame title={MSG_BO.comercialTitulo} eyebrow="Gestão" description={MSG_BO.comercialDescricao} width="wide">
      {query.isPending ? (
        <LoadingBlock />
      ) : query.error ? (
        <LoadFailure message={errorMessage(query.error)} retrying={query.isFetching} onRetry={() => query.refetch()} />
      ) : (
        <RegrasForm regras={query.data} />
      )}
      {/* The single row of the rules (id 1): who changed what. */}
      <AuditTrail entidade="comercial" entidadeId={1} className={styles.audit} />
    </PageFrame>
  );
}

function RegrasForm({ regras }: { regras: RegrasComerciais }) {
  const salvar = useSalvarCondicoes();
  const [editing, setEditing] = useState(false);
  const form = useForm<RegrasValues, unknown, RegrasComerciaisInput>({
    resolver: regrasResolver,
    mode: 'all',
    defaultValues: valuesOf(regras),
  });
  const locked = !editing;
  const busy = salvar.isPending;

  const submit = form.handleSubmit((body) =>
    salvar.mutate(body, {
      onSuccess: (salvas) => {
        notifySuccess(MSG_BO.regrasComerciaisSalvas);
        form.reset(valuesOf(salvas));
        setEditing(false);
      },
      onError: (error) => notifyApiError(error),
    }),
  );
  const cancel = () => {
    form.reset(valuesOf(regras));
    setEditing(false);
  };

  const money = (name: 'parcelamento.parcelaMinima' | 'freteGratis.valorMinimo', label: string, hint?: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <MoneyField
          label={label}
          required
          {...(hint ? { hint } : {})}
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
  const inteiro = { inputMode: 'numeric', autoComplete: 'off', required: true } as const;
  const decimal = { inputMode: 'decimal', autoComplete: 'off', required: true } as const;

  return (
    <div className={styles.layout}>
      <EditCard
        title={MSG_BO.comercialCartao}
        description={MSG_BO.comercialCartaoDescricao}
        mode={editing ? 'editing' : 'locked'}
        onEdit={() => setEditing(true)}
        onCancel={cancel}
        busy={busy}
      >
        <form noValidate onSubmit={(e) => void submit(e)} className={styles.form} aria-label={MSG_BO.comercialTitulo}>
          <LockableFieldset locked={locked} legend={MSG_BO.comercialParcelamento}>
            <div className={recordStyles.grid}>
              <TextField
                label={MSG_BO.comercialMaxParcelas}
                {...inteiro}
                {...fieldProps(form, 'parcelamento.maxParcelas')}
              />
              <TextField
                label={MSG_BO.comercialParcelasSemJuros}
                hint={MSG_BO.comercialParcelasSemJurosDica}
                {...inteiro}
                {...fieldProps(form, 'parcelamento.parcelasSemJuros')}
              />
              <TextField
                label={MSG_BO.comercialJurosMensal}
                hint={MSG_BO.comercialJurosMensalDica}
                {...decimal}
                {...fieldProps(form, 'parcelamento.jurosMensal')}
              />
              {money('parcelamento.parcelaMinima', MSG_BO.comercialParcelaMinima, MSG_BO.comercialParcelaMinimaDica)}
            </div>
          </LockableFieldset>

          <LockableFieldset locked={locked} legend={MSG_BO.comercialPix}>
            <div className={recordStyles.grid}>
              <TextField
                label={MSG_BO.comercialPixDesconto}
                hint={MSG_BO.comercialPixDescontoDica}
                {...decimal}
                {...fieldProps(form, 'pix.desconto')}
              />
            </div>
          </LockableFieldset>

          <LockableFieldset locked={locked} legend={MSG_BO.comercialBoleto}>
            <div className={recordStyles.grid}>
              <SwitchField
                label={MSG_BO.comercialBoletoAtivo}
                description={MSG_BO.comercialBoletoAtivoDescricao}
                className={recordStyles.full}
                {...form.register('boleto.ativo')}
              />
              <TextField
                label={MSG_BO.comercialBoletoDiasUteis}
                {...inteiro}
                {...fieldProps(form, 'boleto.diasUteis')}
              />
              <TextField
                label={MSG_BO.comercialBoletoDiasTolerancia}
                hint={MSG_BO.comercialBoletoDiasToleranciaDica}
                {...inteiro}
                {...fieldProps(form, 'boleto.diasTolerancia')}
              />
              <SwitchField
                label={MSG_BO.comercialBoletoEmpresa}
                description={MSG_BO.comercialBoletoEmpresaDescricao}
                className={recordStyles.full}
                {...form.register('boleto.preSelecionadoEmpresa')}
              />
            </div>
          </LockableFieldset>

          <LockableFieldset locked={locked} legend={MSG_BO.comercialFreteGratis}>
            <div className={recordStyles.grid}>
              <SwitchField
                label={MSG_BO.comercialFreteAtivo}
                description={MSG_BO.comercialFreteAtivoDescricao}
                className={recordStyles.full}
                {...form.register('freteGratis.ativo')}
              />
              {money('freteGratis.valorMinimo', MSG_BO.comercialFreteValorMinimo)}
            </div>
            <div className={styles.group}>
              <p className={styles.groupTitle}>{MSG_BO.comercialFreteUfs}</p>
              <p className={styles.groupHint}>{MSG_BO.comercialFreteUfsDica}</p>
              <Controller
                name="freteGratis.ufs"
                control={form.control}
                render={({ field }) => <UfPicker value={field.value} onChange={field.onChange} disabled={locked} />}
              />
            </div>
            <div className={styles.group}>
              <p className={styles.groupTitle}>{MSG_BO.comercialFreteServicos}</p>
              <p className={styles.groupHint}>{MSG_BO.comercialFreteServicosDica}</p>
              <Controller
                name="freteGratis.servicos"
                control={form.control}
                render={({ field }) => {
                  const conhecidos = SERVICOS_FRETE.map((s) => ({ id: s.id as number, nome: s.nome as string }));
                  // A service saved by id that the store does not know by name (Melhor Envio's) stays listed.
                  const outros = field.value
                    .filter((id) => !conhecidos.some((s) => s.id === id))
                    .map((id) => ({ id, nome: MSG_BO.comercialServicoId.replace('{id}', String(id)) }));
                  return (
                    <div className={styles.services}>
                      {[...conhecidos, ...outros].map((s) => (
                        <label key={s.id} className={styles.check}>
                          <input
                            type="checkbox"
                            checked={field.value.includes(s.id)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? [...field.value, s.id].sort((a, b) => a - b)
                                  : field.value.filter((id) => id !== s.id),
                              )
                            }
                          />
                          <span>{s.nome}</span>
                        </label>
                      ))}
                    </div>
                  );
                }}
              />
            </div>
          </LockableFieldset>

          {!locked && (
            <FormActions>
              <Button type="submit" loading={busy}>
                <Save size={18} aria-hidden="true" />
                {MSG_BO.comercialSalvar}
              </Button>
            </FormActions>
          )}
        </form>
      </EditCard>
      <aside className={styles.aside}>
        <InstallmentPreview control={form.control} />
      </aside>
    </div>
  );
}

export { CommercialRulesPage as Component };
