import { formatarCro } from '@clinica/shared/anvisa';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { SIGLAS_UF } from '@clinica/shared/schemas/comercial';
import { clienteApi, croInputSchema, type Cliente } from '@clinica/shared/schemas/cliente';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Stethoscope, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import styles from './cro-section.module.css';

const UF_OPTIONS = SIGLAS_UF.map((uf) => ({ value: uf, label: uf }));

/**
 * 'Registro profissional (CRO)' of the profile (docs/behaviour/accounts-and-sign-in.md#cro, ADR 037): the dentist's
 * CRO number and UF, needed to buy professional-use products. 'Salvar CRO' sends PUT /cliente/{clientId}/cro and the
 * answer becomes the profile's cache entry, so the product page, the bag and the checkout see it at once.
 */
export function CroSection({ cliente, clientId, idUser }: { cliente: Cliente; clientId: number; idUser: number }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [numero, setNumero] = useState(cliente.cro?.numero ?? '');
  const [uf, setUf] = useState(cliente.cro?.uf ?? '');
  const [errors, setErrors] = useState<{ numero?: string; uf?: string }>({});
  const salvar = useMutation({
    mutationFn: (body: { numero: string | null; uf: string | null }) =>
      callEndpointEnvelope(clienteApi.editarCro, { params: { clientId }, body }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.perfil(idUser), res.content);
      notifySuccess(res.message ?? MSG_ANVISA.croSalvo);
      setEditing(false);
    },
    onError: (err) => notifyApiError(err),
  });

  const abrir = () => {
    setNumero(cliente.cro?.numero ?? '');
    setUf(cliente.cro?.uf ?? '');
    setErrors({});
    setEditing(true);
  };

  const enviar = (event: FormEvent) => {
    event.preventDefault();
    // Both or neither here: saving needs both (removing has its own button).
    const parsed = croInputSchema.safeParse({ numero: numero || null, uf: uf || null });
    const faltando = !parsed.success || parsed.data === null;
    if (faltando) {
      const found: { numero?: string; uf?: string } = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const campo = issue.path[0] as 'numero' | 'uf';
        found[campo] ??= issue.message;
      }
      if (!numero.trim()) found.numero ??= MSG_ANVISA.croNumeroInvalido;
      if (!uf) found.uf ??= MSG_ANVISA.croUfInvalida;
      setErrors(found);
      return;
    }
    setErrors({});
    salvar.mutate({ numero, uf });
  };

  return (
    <section className={styles.card} aria-labelledby="registro-cro" data-testid="perfil-cro">
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Stethoscope size={20} />
        </span>
        <div>
          <h2 id="registro-cro" className={styles.title}>
            {MSG_ANVISA.croTitulo}
          </h2>
          <p className={styles.text}>{MSG_ANVISA.croDetalhe}</p>
        </div>
      </header>
      {editing ? (
        <form className={styles.form} noValidate onSubmit={enviar} aria-label={MSG_ANVISA.croTitulo}>
          <div className={styles.fields}>
            <TextField
              label={MSG_ANVISA.croNumero}
              value={numero}
              onChange={(e) => setNumero(e.target.value.replace(/[^\d.]/g, '').slice(0, 8))}
              inputMode="numeric"
              autoComplete="off"
              placeholder="12345"
              required
              error={errors.numero}
            />
            <SelectField
              label={MSG_ANVISA.croUf}
              options={UF_OPTIONS}
              placeholder="UF"
              value={uf}
              onChange={(e) => setUf(e.target.value)}
              required
              error={errors.uf}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" loading={salvar.isPending}>
              {MSG_ANVISA.croSalvar}
            </Button>
            <Button type="button" variant="outline" onClick={() => setEditing(false)} disabled={salvar.isPending}>
              Cancelar
            </Button>
            {cliente.cro && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => salvar.mutate({ numero: null, uf: null })}
                disabled={salvar.isPending}
              >
                <Trash2 size={16} aria-hidden="true" />
                {MSG_ANVISA.croRemover}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <div className={styles.view}>
          <p className={cliente.cro ? styles.value : styles.empty} data-testid="perfil-cro-valor">
            {cliente.cro ? formatarCro(cliente.cro) : MSG_ANVISA.croNenhum}
          </p>
          <Button variant="outline" onClick={abrir}>
            <Pencil size={16} aria-hidden="true" />
            {cliente.cro ? MSG_ANVISA.croAlterar : MSG_ANVISA.croEditar}
          </Button>
        </div>
      )}
    </section>
  );
}
