import { LIMITE_ENDERECOS } from '@clinica/shared/catalogo-enderecos';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import type { EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { CircleAlert, MapPinPlus, Pencil, RotateCw, Star, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/backoffice/confirm-dialog';
import { AddressBookFields } from '../../../components/address/address-book-fields';
import {
  EMPTY_EXTRAS,
  extrasValuesOf,
  toEnderecoCatalogoBody,
  useExtrasForm,
} from '../../../components/address/address-book-form';
import { AddressSummary } from '../../../components/address/address-card';
import { addressValuesOf, EMPTY_ADDRESS, useAddressForm } from '../../../components/address/address-schema';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { useCatalogoEnderecos, useEscreverCatalogo } from '../../../lib/catalogo-enderecos';
import styles from './address-book-section.module.css';

/** The dialog open: a new address, or the one being edited. */
type Editing = { tipo: 'novo' } | { tipo: 'editar'; endereco: EnderecoCatalogo } | null;

/**
 * 'Meus endereços' of /user/{id} (docs/behaviour/accounts-and-sign-in.md#address-book): the customer's delivery
 * addresses as cards with 'Editar', 'Excluir' (after a question) and 'Tornar padrão', and 'Adicionar endereço'. The
 * registered address is among them and cannot be deleted (ADR 033).
 */
export function AddressBookSection({ clientId }: { clientId: number }) {
  const catalogo = useCatalogoEnderecos(clientId);
  const escrever = useEscreverCatalogo(clientId);
  const [editing, setEditing] = useState<Editing>(null);
  const [excluindo, setExcluindo] = useState<EnderecoCatalogo | null>(null);
  const enderecos = catalogo.data?.enderecos ?? [];
  const cheio = enderecos.length >= LIMITE_ENDERECOS;

  const run = (escrita: Parameters<typeof escrever.mutateAsync>[0], after?: () => void) =>
    escrever.mutate(escrita, {
      onSuccess: (envelope) => {
        notifySuccess(envelope.message);
        after?.();
      },
      onError: (error) => notifyApiError(error),
    });

  return (
    <section className={styles.card} aria-labelledby="meus-enderecos">
      <header className={styles.header}>
        <div>
          <h2 id="meus-enderecos" className={styles.title}>
            {MSG_ENDERECOS.titulo}
          </h2>
          <p className={styles.text}>{MSG_ENDERECOS.descricao}</p>
        </div>
        <Button variant="outline" onClick={() => setEditing({ tipo: 'novo' })} disabled={cheio || !catalogo.data}>
          <MapPinPlus size={16} aria-hidden="true" />
          {MSG_ENDERECOS.adicionar}
        </Button>
      </header>

      {catalogo.isPending ? (
        <LoadingBlock />
      ) : catalogo.isError ? (
        <div className={styles.error} role="alert">
          <CircleAlert size={20} aria-hidden="true" />
          <p>{MSG_ENDERECOS.erroCarregar}</p>
          <Button variant="outline" size="sm" onClick={() => void catalogo.refetch()}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : enderecos.length === 0 ? (
        <p className={styles.text}>{MSG_ENDERECOS.vazio}</p>
      ) : (
        <ul className={styles.list} aria-label={MSG_ENDERECOS.titulo}>
          {enderecos.map((endereco) => (
            <li key={endereco.id} className={styles.item} data-testid="endereco-catalogo">
              <AddressSummary endereco={endereco} />
              {endereco.cadastro && <span className={styles.note}>{MSG_ENDERECOS.cadastro}</span>}
              <div className={styles.actions}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ tipo: 'editar', endereco })}
                  aria-label={`Editar ${endereco.nome}`}
                >
                  <Pencil size={16} aria-hidden="true" />
                  Editar
                </Button>
                {!endereco.padrao && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => run({ tipo: 'padrao', id: endereco.id })}
                    disabled={escrever.isPending}
                    aria-label={`${MSG_ENDERECOS.tornarPadrao} ${endereco.nome}`}
                  >
                    <Star size={16} aria-hidden="true" />
                    {MSG_ENDERECOS.tornarPadrao}
                  </Button>
                )}
                {!endereco.cadastro && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setExcluindo(endereco)}
                    aria-label={`${MSG_ENDERECOS.excluir} ${endereco.nome}`}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                    {MSG_ENDERECOS.excluir}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <AddressDialog
          editing={editing}
          busy={escrever.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            run(
              editing.tipo === 'novo' ? { tipo: 'criar', body } : { tipo: 'editar', id: editing.endereco.id, body },
              () => setEditing(null),
            )
          }
        />
      )}
      <ConfirmDialog
        open={excluindo !== null}
        onOpenChange={(open) => {
          if (!open) setExcluindo(null);
        }}
        title={MSG_ENDERECOS.confirmarExclusao.replace('{nome}', excluindo?.nome ?? '')}
        message={MSG_ENDERECOS.confirmarExclusaoTexto}
        confirmLabel={MSG_ENDERECOS.excluir}
        busy={escrever.isPending}
        onConfirm={() => excluindo && run({ tipo: 'excluir', id: excluindo.id }, () => setExcluindo(null))}
      />
    </section>
  );
}

/** Add or edit an address: its name, the address block with the CEP lookup, and who receives it. */
function AddressDialog({
  editing,
  busy,
  onClose,
  onSave,
}: {
  editing: NonNullable<Editing>;
  busy: boolean;
  onClose: () => void;
  onSave: (body: ReturnType<typeof toEnderecoCatalogoBody>) => void;
}) {
  const endereco = editing.tipo === 'editar' ? editing.endereco : null;
  const form = useAddressForm(endereco ? addressValuesOf(endereco) : EMPTY_ADDRESS);
  const extras = useExtrasForm(endereco ? extrasValuesOf(endereco) : EMPTY_EXTRAS);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const [okExtras, okAddress] = await Promise.all([extras.trigger(), form.trigger()]);
    if (!okExtras) extras.setFocus('nome');
    if (!okExtras || !okAddress) {
      // Show every message as a submitted form does.
      void extras.handleSubmit(() => undefined)();
      void form.handleSubmit(() => undefined)();
      return;
    }
    onSave(toEnderecoCatalogoBody(form.getValues(), extras.getValues()));
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={endereco ? MSG_ENDERECOS.editar : MSG_ENDERECOS.novo}
      busy={busy}
      width={560}
      testId="endereco-dialog"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className={styles.form}>
        <AddressBookFields form={form} extras={extras} recipient disabled={busy} />
        <div className={styles.formActions}>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy}>
            Salvar endereço
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
