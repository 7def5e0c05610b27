import { MSG } from '@clinica/shared/messages';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address/address-fields';
import { useAddressForm } from '../../../components/address/address-schema';
import { EditCard, FormActions, LockableFieldset } from '../../../components/backoffice/edit-card';
import { LoadFailure } from '../../../components/backoffice/load-failure';
import { fieldProps, FormMaskedField } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { empresaQuery } from '../../../lib/empresa';
import { queryKeys } from '../../../lib/query-keys';
import { useSalvarEmpresa } from '../api/empresa';
import styles from '../../../components/backoffice/crud/record-form.module.css';
import {
  empresaAddressOf,
  empresaFormSchema,
  empresaPayload,
  empresaValuesOf,
  maskCnpj,
  type EmpresaFormData,
  type EmpresaValues,
} from './empresa-form';
import editorStyles from './empresa-editor.module.css';

const HORARIO_MAX = 500;

/**
 * The company's data (/empresa), shown in the footer and
 * on the contact page: GET /empresa/ fills it; it starts locked ('Editar',
 * 'Cancelar'); POST /empresa/ saves it ('Empresa salva com sucesso!'). With
 * no company yet (404) it opens empty to be filled. The page /empresa and the
 * hub's 'Empresa' tab both show it.
 */
export function EmpresaEditor({ embedded = false }: { embedded?: boolean }) {
  const query = useQuery({ ...empresaQuery, retry: false });
  const missing = isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    // The company's failure is an error toast with the server's message (the footer's toast, once).
    if (query.error) notifyApiError(query.error, MSG.empresaNaoEncontrada, { toastId: 'empresa-error' });
  }, [query.error]);

  if (query.isPending) return <LoadingBlock />;
  if (query.error && !missing)
    return (
      <LoadFailure message={errorMessage(query.error)} retrying={query.isFetching} onRetry={() => query.refetch()} />
    );
  return (
    <EmpresaForm
      empresa={query.data ?? null}
      embedded={embedded}
      onReload={() => query.refetch().then((r) => r.data ?? null)}
    />
  );
}

function EmpresaForm({
  empresa,
  embedded,
  onReload,
}: {
  empresa: Empresa | null;
  embedded: boolean;
  onReload: () => Promise<Empresa | null>;
}) {
  const queryClient = useQueryClient();
  const salvar = useSalvarEmpresa();
  const [saved, setSaved] = useState(empresa);
  const [editing, setEditing] = useState(false);
  const form = useForm<EmpresaValues, unknown, EmpresaFormData>({
    resolver: zodResolver(empresaFormSchema),
    mode: 'all',
    defaultValues: empresaValuesOf(empresa),
  });
  const addressForm = useAddressForm(empresaAddressOf(empresa));
  const horario = useWatch({ control: form.control, name: 'descricaoHorarioFuncionamento' }) ?? '';
  const mode = saved === null ? 'create' : editing ? 'editing' : 'locked';
  const locked = mode === 'locked';
  const busy = salvar.isPending;

  const show = (next: Empresa | null) => {
    form.reset(empresaValuesOf(next));
    addressForm.reset(empresaAddressOf(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Both blocks are checked (and show their messages) before anything is sent.
    let company: EmpresaFormData | null = null;
    let addressOk = false;
    await form.handleSubmit((data) => {
      company = data;
    })();
    await addressForm.handleSubmit(() => {
      addressOk = true;
    })();
    if (!company || !addressOk) return;
    salvar.mutate(empresaPayload(company, addressForm.getValues()), {
      onSuccess: (next) => {
        notifySuccess(MSG.empresaSalva);
        // The footer and the contact page read the same entry.
        queryClient.setQueryData(queryKeys.empresa, next);
        setSaved(next);
        show(next);
        setEditing(false);
      },
      onError: (error) => notifyApiError(error),
    });
  };

  const cancel = async () => {
    const fresh = await onReload().catch(() => saved);
    setSaved(fresh ?? saved);
    show(fresh ?? saved);
    setEditing(false);
  };

  return (
    <div className={editorStyles.stack}>
      {saved === null && (
        <div className={editorStyles.info} role="status">
          <Info size={20} aria-hidden="true" />
          <p>
            <strong>{MSG.empresaNaoEncontrada}</strong>. Preencha os dados abaixo: eles aparecem no rodapé do site e na
            página de contato.
          </p>
        </div>
      )}
      <EditCard
        title={saved ? saved.nomeFantasia || saved.nome : 'Dados da empresa'}
        description={
          embedded
            ? 'Os dados da clínica exibidos no rodapé, na página de contato e nos pedidos.'
            : 'Exibidos no rodapé do site, na página de contato e nos pedidos.'
        }
        mode={mode}
        onEdit={() => setEditing(true)}
        onCancel={() => void cancel()}
        busy={busy}
      >
        <form noValidate onSubmit={(e) => void submit(e)} className={editorStyles.form} aria-label="Dados da empresa">
          <LockableFieldset locked={locked} legend="Identificação">
            <div className={styles.grid}>
              <TextField
                label="Razão social"
                required
                maxLength={150}
                autoComplete="organization"
                className={styles.full}
                {...fieldProps(form, 'nome')}
              />
              <TextField
                label="Nome fantasia"
                maxLength={150}
                autoComplete="off"
                {...fieldProps(form, 'nomeFantasia')}
              />
              <FormMaskedField
                form={form}
                name="cnpj"
                label="CNPJ"
                mask={maskCnpj}
                placeholder="00.000.000/0000-00"
                autoCapitalize="characters"
                spellCheck={false}
                autoComplete="off"
                required
              />
              <TextField
                label="E-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                className={styles.full}
                {...fieldProps(form, 'email')}
              />
            </div>
          </LockableFieldset>

          <LockableFieldset locked={locked} legend="Contato e redes sociais">
            <div className={styles.grid}>
              <TextField
                label="WhatsApp"
                maxLength={255}
                placeholder="(11) 9 8765-4321 ou wa.me/5511987654321"
                autoComplete="off"
                className={styles.full}
                {...fieldProps(form, 'whatsapp')}
              />
              <TextField
                label="Instagram"
                maxLength={255}
                placeholder="instagram.com/suaclinica ou @suaclinica"
                autoComplete="off"
                className={styles.full}
                {...fieldProps(form, 'instagram')}
              />
              <TextField
                label="Facebook"
                maxLength={255}
                placeholder="facebook.com/suaclinica"
                autoComplete="off"
                className={styles.full}
                {...fieldProps(form, 'facebook')}
              />
              <TextField
                label="YouTube"
                maxLength={255}
                placeholder="youtube.com/@suaclinica"
                hint="No rodapé, o YouTube aparece junto com o Facebook."
                autoComplete="off"
                className={styles.full}
                {...fieldProps(form, 'youtube')}
              />
              <TextareaField
                label="Horário de funcionamento"
                rows={3}
                maxLength={HORARIO_MAX}
                length={horario.length}
                placeholder="Segunda a sexta, 08h às 18h · Sábado, 08h às 12h"
                className={styles.full}
                {...fieldProps(form, 'descricaoHorarioFuncionamento')}
              />
            </div>
          </LockableFieldset>

          <LockableFieldset locked={locked} legend="Endereço">
            <AddressFields form={addressForm} disabled={locked || busy} />
          </LockableFieldset>

          {!locked && (
            <FormActions>
              <Button type="submit" loading={busy}>
                <Save size={18} aria-hidden="true" />
                Salvar empresa
              </Button>
            </FormActions>
          )}
        </form>
      </EditCard>
    </div>
  );
}
