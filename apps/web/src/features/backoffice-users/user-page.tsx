import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { UsuarioContent } from '@clinica/shared/schemas/auth';
import { PERMISSAO_ROTULO } from '@clinica/shared/schemas/usuario-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleAlert, Info, Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { EditCard, FormActions, LockableFieldset } from '../../components/backoffice/edit-card';
import { ListNotice } from '../../components/backoffice/list-notice';
import { LoadFailure } from '../../components/backoffice/load-failure';
import { fieldProps } from '../../components/forms/form-helpers';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { PasswordField } from '../../components/ui/password-field';
import { SelectField, type SelectOption } from '../../components/ui/select-field';
import { LoadingBlock } from '../../components/ui/spinner';
import { SwitchField } from '../../components/ui/switch-field';
import { TextField } from '../../components/ui/text-field';
import { notifyApiError, notifyInfo, notifySuccess } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { useUsuario, useUsuarioMutations } from './api/usuarios';
import { UserAuditTrail } from './components/user-audit-trail';
import {
  userChanges,
  userFormSchema,
  userFormValues,
  type UserFormData,
  type UserFormValues,
} from './user-form-schema';
import styles from './user-page.module.css';

/** The choices of a staff account (CLIENTE is not offered). */
const PERMISSAO_OPTIONS: readonly SelectOption[] = [
  { value: 'ADMIN', label: 'Gerente (ADMIN)' },
  { value: 'USUARIO', label: 'Usuário (USUARIO)' },
];

const LIST_PATH = '/controlAccess';

/** The user of `/editUser/:id` (null on `/newUser`); NaN when the path's id is not a valid id. */
function useUserId(): number | null {
  const { id } = useParams();
  if (id === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : Number.NaN;
}

/**
 * /newUser and /editUser/{id} (docs/behaviour/back-office.md#users-and-access, ADMIN): e-mail, permission (Gerente or
 * Usuário), name, password and active. A new account goes back to the list;
 * the edit screen starts locked ('Editar' / 'Cancelar') and saving sends only
 * what changed: the name, e-mail or new password, the permission, 'ativo'.
 */
export function UserPage() {
  const id = useUserId();
  const query = useUsuario(id !== null && !Number.isNaN(id) ? id : null);

  let body: ReactNode;
  if (id === null) body = <UserForm usuario={null} onReload={() => Promise.resolve({})} />;
  else if (Number.isNaN(id))
    body = (
      <ListNotice icon={<CircleAlert size={28} />} tone="error">
        <p>O endereço não indica um usuário válido.</p>
      </ListNotice>
    );
  else if (query.isPending) body = <LoadingBlock />;
  else if (!query.data)
    body = (
      <LoadFailure
        message={`${MSG_BO.erroBuscarUsuario}${errorMessage(query.error)}`}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
      />
    );
  else
    body = (
      <>
        <UserForm key={query.data.id} usuario={query.data} onReload={() => query.refetch()} />
        <UserAuditTrail id={query.data.id} />
      </>
    );

  return (
    <PageFrame
      title={id === null ? 'Novo usuário' : 'Editar usuário'}
      eyebrow="Configuração de acesso"
      description={
        id === null
          ? 'Crie o acesso de uma pessoa da equipe ao painel da loja.'
          : 'Dados de acesso, permissão e situação da conta.'
      }
      actions={
        <ButtonLink to={LIST_PATH} variant="outline" size="sm">
          <ArrowLeft size={16} aria-hidden="true" />
          Voltar aos usuários
        </ButtonLink>
      }
      width="narrow"
    >
      <div className={styles.body}>{body}</div>
    </PageFrame>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p className={styles.note}>
      <Info size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

function UserForm({
  usuario,
  onReload,
}: {
  usuario: UsuarioContent | null;
  onReload: () => Promise<{ data?: UsuarioContent | undefined }>;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const mutations = useUsuarioMutations();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<UserFormValues, unknown, UserFormData>({
    resolver: zodResolver(userFormSchema(usuario === null ? 'create' : 'edit')),
    mode: 'all',
    defaultValues: userFormValues(usuario),
  });

  const mode = usuario === null ? 'create' : editing ? 'editing' : 'locked';
  const locked = mode === 'locked';
  const cliente = usuario?.permissao.nome === 'CLIENTE';
  const proprio = usuario !== null && usuario.id === user?.idUser;

  /** A refused e-mail (in use) is also shown on its field. */
  const refused = (error: unknown) => {
    notifyApiError(error);
    if (isApiError(error) && error.status === 409 && /e-mail/i.test(error.message)) {
      form.setError('email', { message: error.message }, { shouldFocus: true });
    }
  };

  const create = async (data: UserFormData) => {
    try {
      await mutations.criar.mutateAsync({
        nome: data.nome,
        email: data.email,
        password: data.password,
        usuarioPermissao: { id: data.permissao === 'ADMIN' ? 1 : 3 },
        ativo: data.ativo,
      });
    } catch (error) {
      refused(error);
      return;
    }
    notifySuccess(MSG_BO.usuarioCadastrado);
    navigate(LIST_PATH);
  };

  /** Sends each changed part in turn; stops at the first refusal (its message as a toast) and keeps what was typed. */
  const update = async (saved: UsuarioContent, data: UserFormData) => {
    const changes = userChanges(saved, data);
    if (!changes.dados && !changes.permissao && changes.ativo === undefined) {
      notifyInfo('Nenhuma alteração para salvar.');
      setEditing(false);
      return;
    }
    const steps: Array<[() => Promise<unknown>, string]> = [];
    if (changes.dados) {
      const dados = changes.dados;
      steps.push([
        async () => {
          await mutations.editar.mutateAsync({ id: saved.id, body: dados });
          // The manager's own new name shows at once in the avatar and the menu.
          if (saved.id === user?.idUser) session.updateUser({ nome: dados.nome });
        },
        MSG_BO.usuarioEditado,
      ]);
    }
    if (changes.permissao) {
      const permissao = changes.permissao;
      steps.push([
        () => mutations.alterarPermissao.mutateAsync({ id: saved.id, permissao }),
        MSG_BO.usuarioPermissaoAlterada,
      ]);
    }
    if (changes.ativo !== undefined) {
      const ativo = changes.ativo;
      steps.push([() => mutations.alterarAtivo.mutateAsync({ id: saved.id, ativo }), MSG_BO.usuarioAtivoAlterado]);
    }
    for (const [run, message] of steps) {
      try {
        await run();
      } catch (error) {
        refused(error);
        // What was saved before the refusal is read again; the next 'Salvar' sends only what still differs.
        await onReload();
        return;
      }
      notifySuccess(message);
    }
    const fresh = await onReload();
    form.reset(userFormValues(fresh.data ?? saved));
    setEditing(false);
  };

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    try {
      await (usuario === null ? create(data) : update(usuario, data));
    } finally {
      setSaving(false);
    }
  });

  const cancel = async () => {
    const fresh = await onReload();
    form.reset(userFormValues(fresh.data ?? usuario));
    setEditing(false);
  };

  const title = usuario ? usuario.nome : 'Dados de acesso';
  const description = usuario
    ? `${PERMISSAO_ROTULO[usuario.permissao.nome]} · Código #${usuario.id}${usuario.confirmado ? '' : ' · e-mail não confirmado'}`
    : 'Preencha os dados e salve para cadastrar.';

  return (
    <EditCard
      title={title}
      description={description}
      mode={mode}
      onEdit={() => setEditing(true)}
      onCancel={() => void cancel()}
      busy={saving}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Dados do usuário">
        {cliente && <Note>{MSG_BO.usuarioClienteSemEdicao}</Note>}
        {proprio && (
          <Note>
            Esta é a sua conta: para trocar o seu e-mail ou a sua senha, use “Redefinir meu e-mail” e “Redefinir minha
            senha” na Configuração de acesso. A sua permissão e a sua situação só podem ser alteradas por outro gerente.
          </Note>
        )}
        <LockableFieldset locked={locked}>
          <div className={styles.grid}>
            <TextField
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              maxLength={254}
              className={styles.full}
              {...fieldProps(form, 'email')}
              disabled={cliente || proprio}
            />
            {cliente ? (
              <TextField
                label="Permissão"
                value={PERMISSAO_ROTULO.CLIENTE}
                readOnly
                disabled
                hint="A permissão de um cliente não muda."
              />
            ) : (
              <SelectField
                label="Permissão"
                required
                placeholder="Selecione..."
                options={PERMISSAO_OPTIONS}
                hint={usuario === null ? 'Clientes criam a própria conta na loja, com CPF ou CNPJ.' : undefined}
                {...fieldProps(form, 'permissao')}
                disabled={proprio}
              />
            )}
            <TextField
              label="Nome"
              required
              autoComplete="off"
              maxLength={150}
              {...fieldProps(form, 'nome')}
              disabled={cliente}
            />
            <PasswordField
              label={usuario === null ? 'Senha' : 'Nova senha'}
              required={usuario === null}
              autoComplete="new-password"
              maxLength={256}
              hint={
                usuario === null
                  ? 'A pessoa entra com o e-mail e esta senha.'
                  : 'Deixe em branco para manter a senha atual. Uma senha nova encerra as sessões abertas.'
              }
              className={styles.full}
              {...fieldProps(form, 'password')}
              disabled={cliente || proprio}
            />
            <SwitchField
              label="Ativo"
              description="Uma conta inativa não entra na loja nem no painel; as sessões abertas dela caem na hora."
              className={styles.full}
              {...form.register('ativo')}
              disabled={proprio}
            />
          </div>
        </LockableFieldset>
        {!locked && (
          <FormActions>
            <Button type="submit" loading={saving}>
              <Save size={18} aria-hidden="true" />
              {usuario ? 'Salvar alterações' : 'Cadastrar usuário'}
            </Button>
          </FormActions>
        )}
      </form>
    </EditCard>
  );
}
