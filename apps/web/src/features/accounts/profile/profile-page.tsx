import { maskCep, maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { Cliente } from '@clinica/shared/schemas/cliente';
import { AtSign, BadgeCheck, CircleAlert, KeyRound, MailCheck, Pencil, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadingBlock } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notifyError } from '../../../components/ui/toast';
import { useSession } from '../../../lib/use-session';
import { usePerfil } from '../../../lib/perfil';
import { ChangeEmailDialog } from '../../../components/account-dialogs/change-email-dialog';
import { ChangePasswordDialog } from '../../../components/account-dialogs/change-password-dialog';
import { AddressBookSection } from './address-book-section';
import { ConfirmEmailDialog } from './confirm-email-dialog';
import { PrivacySection } from './privacy-section';
import { CroSection } from './cro-section';
import { ProfileEditor } from './profile-editor';
import styles from './profile-page.module.css';

type DialogName = 'confirm' | 'email' | 'password' | null;

/**
 * /user/{id} (docs/behaviour/accounts-and-sign-in.md#profile): the profile, read-only until 'Editar';
 * the account e-mail with its status and the dialogs to confirm it, change
 * it and change the password.
 */
export function ProfilePage() {
  const { user } = useSession();
  const idUser = user?.idUser ?? 0;
  const perfil = usePerfil(idUser);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<DialogName>(null);

  useEffect(() => {
    if (perfil.error) notifyError(MSG.erroBuscarUsuario, { toastId: 'perfil-error' });
  }, [perfil.error]);

  const cliente = perfil.data;
  const openDialog = (name: DialogName) => () => setDialog(name);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const reload = () => void perfil.refetch();

  return (
    <PageFrame
      title="Meu perfil"
      eyebrow="Minha conta"
      description="Confira seus dados, mantenha o endereço de entrega atualizado e cuide do acesso à sua conta."
    >
      {perfil.isPending ? (
        <LoadingBlock />
      ) : !cliente ? (
        <div className={styles.card}>
          <div className={styles.loadError} role="alert">
            <CircleAlert size={28} aria-hidden="true" />
            <p>Não foi possível carregar seus dados agora.</p>
            <Button variant="outline" onClick={reload} loading={perfil.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.layout}>
          <section className={styles.card} aria-labelledby="dados-cadastrais">
            <header className={styles.cardHeader}>
              <div>
                <h2 id="dados-cadastrais" className={styles.cardTitle}>
                  Dados cadastrais
                </h2>
                <p className={styles.cardText}>
                  {editing
                    ? 'Altere o que precisar e salve na última etapa.'
                    : cliente.juridica
                      ? 'Pessoa jurídica'
                      : 'Pessoa física'}
                </p>
              </div>
              {!editing && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil size={16} aria-hidden="true" />
                  Editar
                </Button>
              )}
            </header>
            {editing ? (
              <ProfileEditor
                cliente={cliente}
                clientId={user?.idClient ?? cliente.id}
                idUser={idUser}
                onCancel={() => setEditing(false)}
                onSaved={() => setEditing(false)}
              />
            ) : (
              <ProfileView cliente={cliente} />
            )}
          </section>

          <aside className={`${styles.card} ${styles.account}`} aria-labelledby="acesso-conta">
            <h2 id="acesso-conta" className={styles.cardTitle}>
              Acesso à conta
            </h2>
            <div className={styles.emailBox}>
              <span className={styles.emailLabel}>E-mail de acesso</span>
              <span className={styles.emailValue}>{cliente.usuario.email}</span>
              {cliente.usuario.confirmado ? (
                <span className={`${styles.badge} ${styles.badgeOk}`}>
                  <BadgeCheck size={14} aria-hidden="true" />
                  E-mail confirmado
                </span>
              ) : (
                <span className={`${styles.badge} ${styles.badgeWarn}`}>
                  <CircleAlert size={14} aria-hidden="true" />
                  E-mail não confirmado
                </span>
              )}
            </div>
            {!cliente.usuario.confirmado && (
              <p className={styles.accountHint}>
                Confirme seu e-mail para receber avisos dos pedidos e recuperar a senha quando precisar.
              </p>
            )}
            <div className={styles.accountActions}>
              {!cliente.usuario.confirmado && (
                <Button onClick={openDialog('confirm')} fullWidth>
                  <MailCheck size={18} aria-hidden="true" />
                  Confirmar e-mail
                </Button>
              )}
              <Button variant="outline" onClick={openDialog('email')} fullWidth>
                <AtSign size={18} aria-hidden="true" />
                Alterar e-mail
              </Button>
              <Button variant="outline" onClick={openDialog('password')} fullWidth>
                <KeyRound size={18} aria-hidden="true" />
                Alterar senha
              </Button>
            </div>
          </aside>

          <AddressBookSection clientId={user?.idClient ?? cliente.id} />
          <CroSection cliente={cliente} clientId={user?.idClient ?? cliente.id} idUser={idUser} />

          <PrivacySection clientId={user?.idClient ?? cliente.id} />

          <ConfirmEmailDialog
            open={dialog === 'confirm'}
            onOpenChange={closeDialog}
            userId={idUser}
            email={cliente.usuario.email}
            onConfirmed={reload}
          />
          <ChangeEmailDialog
            open={dialog === 'email'}
            onOpenChange={closeDialog}
            idUser={idUser}
            currentEmail={cliente.usuario.email}
            onChanged={reload}
          />
          <ChangePasswordDialog
            open={dialog === 'password'}
            onOpenChange={closeDialog}
            idUser={idUser}
            email={cliente.usuario.email}
          />
        </div>
      )}
    </PageFrame>
  );
}

/** The loaded profile, read-only (the same labels as the form). */
function ProfileView({ cliente }: { cliente: Cliente }) {
  const endereco = cliente.endereco;
  const documento = maskCpfCnpj(cliente.cpfCnpj || (cliente.juridica ? (cliente.cnpj ?? '') : (cliente.cpf ?? '')));
  return (
    <div className={styles.view}>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Documento</legend>
        <div className={styles.fieldGrid}>
          <ReadOnly label="CPF ou CNPJ" value={documento} />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{cliente.juridica ? 'Dados da empresa' : 'Dados pessoais'}</legend>
        <div className={styles.fieldGrid}>
          {cliente.juridica ? (
            <>
              <ReadOnly label="Razão social" value={cliente.razaoSocial} full />
              <ReadOnly label="Inscrição estadual" value={cliente.inscricaoEstadual} />
            </>
          ) : (
            <ReadOnly label="Nome completo" value={cliente.nome} full />
          )}
          <ReadOnly label="Celular" value={maskPhone(cliente.telefone)} />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Endereço</legend>
        {endereco ? (
          <div className={styles.fieldGrid}>
            <ReadOnly label="CEP" value={maskCep(endereco.cep)} />
            <ReadOnly label="Logradouro" value={endereco.logradouro} full />
            <ReadOnly label="Número" value={endereco.numero} />
            <ReadOnly label="Complemento" value={endereco.complemento} />
            <ReadOnly label="Bairro" value={endereco.bairro} full />
            <ReadOnly label="Estado" value={`${endereco.uf.nome} (${endereco.uf.sigla})`} />
            <ReadOnly label="Cidade" value={endereco.municipio.nome} />
          </div>
        ) : (
          <p className={styles.cardText}>Nenhum endereço cadastrado. Use “Editar” para informar o seu.</p>
        )}
      </fieldset>
    </div>
  );
}

function ReadOnly({ label, value, full }: { label: string; value: string | null | undefined; full?: boolean }) {
  return (
    <TextField label={label} value={value || ''} placeholder="—" readOnly className={full ? styles.full : undefined} />
  );
}

export { ProfilePage as Component };
